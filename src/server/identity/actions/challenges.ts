/**
 * The challenges after a proven password (spec §4): a remembered device signs in by
 * device SRP (devices.ts) instead of a second factor; otherwise the user's second factor is asked
 * for (SMS_MFA with a code texted to the verified phone, SOFTWARE_TOKEN_MFA), the user chooses
 * first when both are on and none is preferred (SELECT_MFA_TYPE), and a user without one sets
 * up an authenticator app when the pool requires MFA (MFA_SETUP, with AssociateSoftwareToken and
 * VerifySoftwareToken by Session in mfa.ts). A user an operator created with a temporary password
 * sets their own first (NEW_PASSWORD_REQUIRED). Each step's Session is used once (authSessions.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { idpErrors } from '../errors';
import { users, type MfaType, type UserRow } from '../schema';
import { mfaSms } from '../sms';
import { createAuthSession, takeAuthSession } from './authSessions';
import { codeHash, countCodeSend, forgiveCodeChecks, newCode, reserveCodeCheck } from './codes';
import type { Body, IdentityContext } from './context';
import { rememberedDevice, trackDevice } from './devices';
import { checkPasswordPolicy, loginName, parameters, required } from './input';
import { refundPasswordCheck } from './lockout';
import { acceptTotp } from './totp';
import { newSession } from './session';
import { credentials, enabledMfa, smsDeliveryDetails, smsSender } from './users';

/**
 * The tokens of a finished sign-in, with NewDeviceMetadata for a device not yet tracked.
 * `refundKey`: the lockout key whose reserved password check is forgiven in the statement that
 * stores the session.
 */
export async function finishSignIn(
  ctx: IdentityContext,
  user: UserRow,
  deviceKey?: string | null,
  refundKey?: string,
): Promise<Body> {
  // The session is stored in the device's statement: one round trip.
  const session = newSession(ctx, user.sub);
  const metadata = await trackDevice(ctx, user, deviceKey, { session: session.values, refundKey });
  const result = await session.tokens(user);
  return {
    ChallengeParameters: {},
    AuthenticationResult: metadata ? { ...result, NewDeviceMetadata: metadata } : result,
  };
}

/** The challenge of second factor `type` (an SMS code is texted now). */
async function factorChallenge(
  ctx: IdentityContext,
  user: UserRow,
  type: MfaType,
  deviceKey?: string | null,
): Promise<Body> {
  const parameters: Record<string, string> = { USER_ID_FOR_SRP: user.username };
  let hash: string | undefined;
  if (type === 'SMS_MFA') {
    const phone = user.phoneNumber ?? '';
    const sender = smsSender(ctx);
    await countCodeSend(ctx, phone);
    const code = newCode();
    hash = codeHash(user.sub, code);
    try {
      await sender.send(mfaSms(phone, code));
    } catch {
      throw idpErrors.codeDeliveryFailure();
    }
    const details = smsDeliveryDetails(phone);
    parameters.CODE_DELIVERY_DELIVERY_MEDIUM = 'SMS';
    parameters.CODE_DELIVERY_DESTINATION = String(details.Destination);
  }
  const session = await createAuthSession(ctx, user, type, { codeHash: hash, deviceKey });
  return { ChallengeName: type, Session: session, ChallengeParameters: parameters };
}

/**
 * What a sign-in that proved the password answers: DEVICE_SRP_AUTH from a remembered device;
 * else the second factor's challenge (SELECT_MFA_TYPE when both are on and none preferred);
 * MFA_SETUP when the pool requires MFA and the user has none; else the tokens.
 * `refundKey`: the lockout key (lockout.ts) whose reserved password check the sign-in just
 * passed: forgiven in the statement that stores the session when the tokens are answered at
 * once, else before the next challenge is made.
 */
export async function completeSignIn(
  ctx: IdentityContext,
  user: UserRow,
  deviceKey?: string | null,
  refundKey?: string,
): Promise<Body> {
  const refund = async (): Promise<void> => {
    if (refundKey !== undefined) await refundPasswordCheck(ctx, refundKey);
  };
  if (user.passwordChangeRequired) {
    await refund();
    const session = await createAuthSession(ctx, user, 'NEW_PASSWORD_REQUIRED', { deviceKey });
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({
          email: user.email,
          email_verified: String(user.emailVerified),
        }),
      },
    };
  }
  if (deviceKey && (await rememberedDevice(ctx, user, deviceKey))) {
    await refund();
    const session = await createAuthSession(ctx, user, 'DEVICE_SRP_AUTH', { deviceKey });
    return {
      ChallengeName: 'DEVICE_SRP_AUTH',
      Session: session,
      ChallengeParameters: { USER_ID_FOR_SRP: user.username },
    };
  }
  const factors = enabledMfa(user);
  if (factors.length === 0 && ctx.mfaConfiguration !== 'ON') {
    return finishSignIn(ctx, user, deviceKey, refundKey);
  }
  await refund();
  if (factors.length === 0) {
    const session = await createAuthSession(ctx, user, 'MFA_SETUP', { deviceKey });
    return {
      ChallengeName: 'MFA_SETUP',
      Session: session,
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
    };
  }
  const preferred = user.preferredMfa && factors.includes(user.preferredMfa);
  if (preferred || factors.length === 1) {
    return factorChallenge(ctx, user, preferred ? user.preferredMfa! : factors[0], deviceKey);
  }
  const session = await createAuthSession(ctx, user, 'SELECT_MFA_TYPE', { deviceKey });
  return {
    ChallengeName: 'SELECT_MFA_TYPE',
    Session: session,
    ChallengeParameters: { MFAS_CAN_CHOOSE: JSON.stringify(factors) },
  };
}

/** The USERNAME of a challenge answer, as a login name. */
function answerName(input: Body): string {
  return loginName(required(parameters(input, 'ChallengeResponses'), 'USERNAME'));
}

/**
 * RespondToAuthChallenge with SMS_MFA: the code texted for this Session (one answer per
 * Session, counted against the account's code checks). CodeMismatchException when wrong.
 */
export async function answerSmsMfa(ctx: IdentityContext, input: Body): Promise<Body> {
  const code = required(parameters(input, 'ChallengeResponses'), 'SMS_MFA_CODE');
  const taken = await takeAuthSession(
    ctx,
    required(input, 'Session'),
    ['SMS_MFA'],
    answerName(input),
  );
  await reserveCodeCheck(ctx, taken.user.email);
  const given = Buffer.from(codeHash(taken.user.sub, code), 'hex');
  if (!taken.codeHash || !timingSafeEqual(given, Buffer.from(taken.codeHash, 'hex'))) {
    throw idpErrors.codeMismatch();
  }
  await forgiveCodeChecks(ctx, taken.user.email);
  return finishSignIn(ctx, taken.user, taken.deviceKey);
}

/**
 * RespondToAuthChallenge with SOFTWARE_TOKEN_MFA: the authenticator app's code (each step once).
 * CodeMismatchException when wrong.
 */
export async function answerSoftwareTokenMfa(ctx: IdentityContext, input: Body): Promise<Body> {
  const code = required(parameters(input, 'ChallengeResponses'), 'SOFTWARE_TOKEN_MFA_CODE');
  const taken = await takeAuthSession(
    ctx,
    required(input, 'Session'),
    ['SOFTWARE_TOKEN_MFA'],
    answerName(input),
  );
  if (!taken.user.totpSecret) throw idpErrors.invalidSession();
  await acceptTotp(ctx, taken.user, taken.user.totpSecret, code);
  return finishSignIn(ctx, taken.user, taken.deviceKey);
}

/** RespondToAuthChallenge with SELECT_MFA_TYPE: ANSWER names one of MFAS_CAN_CHOOSE. */
export async function answerSelectMfaType(ctx: IdentityContext, input: Body): Promise<Body> {
  const answer = required(parameters(input, 'ChallengeResponses'), 'ANSWER');
  const taken = await takeAuthSession(
    ctx,
    required(input, 'Session'),
    ['SELECT_MFA_TYPE'],
    answerName(input),
  );
  const factors = enabledMfa(taken.user);
  if (!factors.includes(answer as MfaType)) {
    throw idpErrors.invalidParameter(`Invalid ANSWER: ${answer} is not an available MFA type.`);
  }
  return factorChallenge(ctx, taken.user, answer as MfaType, taken.deviceKey);
}

/** RespondToAuthChallenge with MFA_SETUP: after VerifySoftwareToken by Session, the tokens. */
export async function answerMfaSetup(ctx: IdentityContext, input: Body): Promise<Body> {
  const taken = await takeAuthSession(
    ctx,
    required(input, 'Session'),
    [MFA_SETUP_VERIFIED],
    answerName(input),
  );
  return finishSignIn(ctx, taken.user, taken.deviceKey);
}

/**
 * RespondToAuthChallenge with NEW_PASSWORD_REQUIRED: NEW_PASSWORD (under the policy) replaces
 * the temporary password, then the sign-in goes on (second factor, device, tokens).
 * `userAttributes.*` answers are not taken (the pool requires none beyond email).
 */
export async function answerNewPasswordRequired(ctx: IdentityContext, input: Body): Promise<Body> {
  const responses = parameters(input, 'ChallengeResponses');
  const password = required(responses, 'NEW_PASSWORD');
  checkPasswordPolicy(password);
  const taken = await takeAuthSession(
    ctx,
    required(input, 'Session'),
    ['NEW_PASSWORD_REQUIRED'],
    answerName(input),
  );
  const set = { ...credentials(ctx, taken.user.username, password), passwordChangeRequired: false };
  await ctx.db.update(users).set(set).where(eq(users.sub, taken.user.sub));
  return completeSignIn(ctx, { ...taken.user, ...set }, taken.deviceKey);
}

/** The internal challenge of an MFA_SETUP session whose software token was verified. */
export const MFA_SETUP_VERIFIED = 'MFA_SETUP_VERIFIED';
