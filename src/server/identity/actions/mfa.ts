/**
 * MFA settings (spec §4 and §7): associating an authenticator app
 * (AssociateSoftwareToken, VerifySoftwareToken: signed in by AccessToken, or during sign-in by
 * the MFA_SETUP Session), choosing the second factors (SetUserMFAPreference, and the older
 * SetUserSettings for SMS). SMS MFA needs a verified phone number and a pool that sends texts.
 */
import { eq } from 'drizzle-orm';
import { idpErrors } from '../errors';
import { users, type MfaType, type UserRow } from '../schema';
import { createAuthSession, restoreAuthSession, takeAuthSession } from './authSessions';
import { MFA_SETUP_VERIFIED } from './challenges';
import { forgiveCodeChecks, reserveCodeCheck } from './codes';
import type { Action, Body } from './context';
import { required } from './input';
import { authenticate } from './session';
import { acceptTotp, newTotpSecret, totpStep } from './totp';

/**
 * AssociateSoftwareToken: a new TOTP secret to put in an authenticator app; by AccessToken
 * (kept pending until VerifySoftwareToken) or by an MFA_SETUP Session (answering a new Session).
 */
export const associateSoftwareToken: Action = async (ctx, input) => {
  const secret = newTotpSecret();
  if (input.AccessToken === undefined && typeof input.Session === 'string') {
    const taken = await takeAuthSession(ctx, input.Session, ['MFA_SETUP']);
    const session = await createAuthSession(ctx, taken.user, 'MFA_SETUP', {
      deviceKey: taken.deviceKey,
      pendingTotpSecret: secret,
    });
    return { SecretCode: secret, Session: session };
  }
  const { user } = await authenticate(ctx, input);
  await ctx.db.update(users).set({ totpPendingSecret: secret }).where(eq(users.sub, user.sub));
  return { SecretCode: secret };
};

/**
 * VerifySoftwareToken by an MFA_SETUP Session: the code proves the app; TOTP becomes the user's
 * (preferred) second factor and the answer's Session finishes the sign-in (MFA_SETUP). A wrong
 * code leaves the Session usable, counted against the account's code checks.
 */
async function verifyDuringSignIn(ctx: Parameters<Action>[0], input: Body): Promise<Body> {
  const code = required(input, 'UserCode');
  const session = required(input, 'Session');
  const taken = await takeAuthSession(ctx, session, ['MFA_SETUP']);
  const secret = taken.pendingTotpSecret;
  if (!secret) throw idpErrors.invalidSession();
  const user: UserRow = taken.user;
  try {
    // Counted before the comparison, like every code check (codes.ts).
    await reserveCodeCheck(ctx, user.email);
  } catch (error) {
    await restoreAuthSession(ctx, session, taken);
    throw error;
  }
  if (totpStep(secret, code, ctx.clock()) === undefined) {
    await restoreAuthSession(ctx, session, taken);
    throw idpErrors.softwareTokenMismatch();
  }
  await forgiveCodeChecks(ctx, user.email);
  await ctx.db
    .update(users)
    .set({
      totpSecret: secret,
      totpPendingSecret: null,
      totpLastStep: null,
      totpEnabled: true,
      preferredMfa: 'SOFTWARE_TOKEN_MFA',
    })
    .where(eq(users.sub, user.sub));
  await acceptTotp(ctx, { ...user, totpLastStep: null }, secret, code);
  const next = await createAuthSession(ctx, user, MFA_SETUP_VERIFIED, {
    deviceKey: taken.deviceKey,
  });
  return { Status: 'SUCCESS', Session: next };
}

/**
 * VerifySoftwareToken: a code from the app proves it holds the associated secret, which becomes
 * the user's. EnableSoftwareTokenMFAException for a wrong code.
 */
export const verifySoftwareToken: Action = async (ctx, input) => {
  if (input.AccessToken === undefined && input.Session !== undefined) {
    return verifyDuringSignIn(ctx, input);
  }
  const { user } = await authenticate(ctx, input);
  const code = required(input, 'UserCode');
  const secret = user.totpPendingSecret;
  if (!secret) throw idpErrors.invalidParameter('No software token has been associated.');
  if (totpStep(secret, code, ctx.clock()) === undefined) {
    throw idpErrors.softwareTokenMismatch();
  }
  await ctx.db
    .update(users)
    .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: null })
    .where(eq(users.sub, user.sub));
  await acceptTotp(ctx, { ...user, totpLastStep: null }, secret, code);
  return { Status: 'SUCCESS' };
};

/** `{Enabled, PreferredMfa}` of an MFA settings object, when one is given. */
function settingsOf(input: Body, name: string): { enabled?: boolean; preferred?: boolean } {
  const settings = input[name];
  if (settings === undefined || settings === null) return {};
  if (typeof settings !== 'object' || Array.isArray(settings)) {
    throw idpErrors.invalidParameter(`${name} must be an object`);
  }
  const { Enabled: enabled, PreferredMfa: preferred } = settings as Body;
  return {
    enabled: enabled === undefined ? undefined : enabled === true,
    preferred: preferred === undefined ? undefined : preferred === true,
  };
}

/** The columns after applying `settings` of factor `type` to `user` (checked first). */
function applyFactor(
  ctx: Parameters<Action>[0],
  user: UserRow,
  next: Partial<UserRow>,
  type: MfaType,
  settings: { enabled?: boolean; preferred?: boolean },
): void {
  const column = type === 'SMS_MFA' ? 'smsMfaEnabled' : 'totpEnabled';
  if (settings.enabled === true) {
    if (type === 'SMS_MFA') {
      if (!ctx.sms) throw idpErrors.smsNotConfigured();
      if (!user.phoneNumber || !user.phoneVerified) throw idpErrors.noPhoneForSmsMfa();
    } else if (!user.totpSecret) {
      throw idpErrors.invalidParameter('User has not verified software token mfa');
    }
  }
  if (settings.enabled !== undefined) next[column] = settings.enabled;
  const enabled = next[column] ?? user[column];
  if (settings.preferred === true && enabled) next.preferredMfa = type;
  const preferred = next.preferredMfa === undefined ? user.preferredMfa : next.preferredMfa;
  if (preferred === type && (settings.preferred === false || !enabled)) next.preferredMfa = null;
}

/**
 * SetUserMFAPreference: turns SMS and software-token MFA on or off and picks the preferred one.
 * Turning TOTP on needs a verified app, SMS a verified phone (InvalidParameterException).
 */
export const setUserMfaPreference: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const next: Partial<UserRow> = {};
  applyFactor(ctx, user, next, 'SMS_MFA', settingsOf(input, 'SMSMfaSettings'));
  applyFactor(ctx, user, next, 'SOFTWARE_TOKEN_MFA', settingsOf(input, 'SoftwareTokenMfaSettings'));
  if (Object.keys(next).length > 0) {
    await ctx.db.update(users).set(next).where(eq(users.sub, user.sub));
  }
  return {};
};

/**
 * SetUserSettings (the older SMS MFA switch): `MFAOptions` `[{DeliveryMedium: 'SMS',
 * AttributeName: 'phone_number'}]` turns SMS MFA on, `[]` turns it off.
 */
export const setUserSettings: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const options = input.MFAOptions;
  if (!Array.isArray(options))
    throw idpErrors.invalidParameter('Missing required parameter MFAOptions');
  const sms = options.some(
    (option: { DeliveryMedium?: unknown } | null) => option?.DeliveryMedium === 'SMS',
  );
  const next: Partial<UserRow> = {};
  applyFactor(ctx, user, next, 'SMS_MFA', { enabled: sms });
  await ctx.db.update(users).set(next).where(eq(users.sub, user.sub));
  return {};
};
