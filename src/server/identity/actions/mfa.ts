/**
 * Software-token MFA (issue 14, spec §4 "software-token MFA"): a user associates an
 * authenticator app (AssociateSoftwareToken, VerifySoftwareToken), turns it on
 * (SetUserMFAPreference), and from then on a sign-in that proves the password is answered with
 * the SOFTWARE_TOKEN_MFA challenge instead of tokens. Codes are RFC 6238 TOTP (otplib): 6 digits,
 * 30 s steps, one step of drift either way, and a code's step is never accepted twice. The
 * challenge's Session string expires after 3 minutes and is used once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { idpErrors } from '../errors';
import { idpAuthSessions, users, type UserRow } from '../schema';
import { hashSecret } from '../tokens';
import type { Action, Body, IdentityContext } from './context';
import { loginName, parameters, required } from './input';
import { authenticate, startSession } from './session';
import { userBySub } from './users';

/** Lifetime of a challenge's Session string. */
export const AUTH_SESSION_TTL_MS = 3 * 60_000;
/** The TOTP step, seconds (RFC 6238's default, what authenticator apps use). */
const STEP_S = 30;
/** Bytes of a new TOTP secret (160 bits, RFC 4226's recommendation). */
const SECRET_BYTES = 20;

/**
 * The time step a TOTP `code` matches for `secret` at `nowMs` (this step or one either side),
 * or undefined when it matches none.
 */
export function totpStep(secret: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = authenticator.clone({ window: 1, epoch: nowMs, step: STEP_S });
  const delta = totp.checkDelta(code, secret);
  return delta === null ? undefined : Math.floor(nowMs / 1000 / STEP_S) + delta;
}

/**
 * Accepts `code` for `user` once: the step it matches must be later than the last one
 * accepted, recorded atomically. CodeMismatchException otherwise.
 */
async function acceptTotp(ctx: IdentityContext, user: UserRow, secret: string, code: string) {
  const step = totpStep(secret, code, ctx.clock());
  if (step === undefined) throw idpErrors.codeMismatch();
  const accepted = await ctx.db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(eq(users.sub, user.sub), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
    )
    .returning({ sub: users.sub });
  if (accepted.length === 0) throw idpErrors.codeMismatch();
}

/**
 * What a sign-in that proved the password answers: the tokens, or the SOFTWARE_TOKEN_MFA
 * challenge with a fresh Session when the user turned TOTP on.
 */
export async function completeSignIn(ctx: IdentityContext, user: UserRow): Promise<Body> {
  if (!user.totpEnabled || !user.totpSecret) {
    return { ChallengeParameters: {}, AuthenticationResult: await startSession(ctx, user) };
  }
  const session = randomBytes(48).toString('base64');
  const now = ctx.clock();
  await ctx.db.delete(idpAuthSessions).where(lt(idpAuthSessions.expiresAt, new Date(now)));
  await ctx.db.insert(idpAuthSessions).values({
    sessionHash: hashSecret(session),
    sub: user.sub,
    challenge: 'SOFTWARE_TOKEN_MFA',
    expiresAt: new Date(now + AUTH_SESSION_TTL_MS),
  });
  return {
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: session,
    ChallengeParameters: { USER_ID_FOR_SRP: user.username },
  };
}

/**
 * RespondToAuthChallenge with SOFTWARE_TOKEN_MFA: uses the Session up (once, within 3
 * minutes), checks the code, answers the tokens. NotAuthorizedException 'Invalid session for
 * the user.' for an unknown, used or expired Session; CodeMismatchException for a wrong code.
 */
export async function answerSoftwareTokenMfa(ctx: IdentityContext, input: Body): Promise<Body> {
  const responses = parameters(input, 'ChallengeResponses');
  const name = loginName(required(responses, 'USERNAME'));
  const code = required(responses, 'SOFTWARE_TOKEN_MFA_CODE');
  const session = required(input, 'Session');
  const [row] = await ctx.db
    .delete(idpAuthSessions)
    .where(
      and(
        eq(idpAuthSessions.sessionHash, hashSecret(session)),
        eq(idpAuthSessions.challenge, 'SOFTWARE_TOKEN_MFA'),
        gt(idpAuthSessions.expiresAt, new Date(ctx.clock())),
      ),
    )
    .returning();
  const user = row && (await userBySub(ctx.db, row.sub));
  if (!user || (name !== user.username && name !== user.email)) throw idpErrors.invalidSession();
  if (!user.totpSecret) throw idpErrors.invalidSession();
  await acceptTotp(ctx, user, user.totpSecret, code);
  return { ChallengeParameters: {}, AuthenticationResult: await startSession(ctx, user) };
}

/** AssociateSoftwareToken (signed in): a new TOTP secret to put in an authenticator app. */
export const associateSoftwareToken: Action = async (ctx, input) => {
  if (input.AccessToken === undefined) {
    throw idpErrors.invalidParameter('Associating during sign-in (Session) is not supported.');
  }
  const { user } = await authenticate(ctx, input);
  const secret = authenticator.generateSecret(SECRET_BYTES);
  await ctx.db.update(users).set({ totpPendingSecret: secret }).where(eq(users.sub, user.sub));
  return { SecretCode: secret };
};

/**
 * VerifySoftwareToken (signed in): a code from the app proves it holds the associated secret,
 * which becomes the user's. EnableSoftwareTokenMFAException for a wrong code.
 */
export const verifySoftwareToken: Action = async (ctx, input) => {
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

/** The `Enabled` flag of an MFA settings object, when one is given. */
function enabledOf(input: Body, name: string): boolean | undefined {
  const settings = input[name];
  if (settings === undefined || settings === null) return undefined;
  if (typeof settings !== 'object' || Array.isArray(settings)) {
    throw idpErrors.invalidParameter(`${name} must be an object`);
  }
  const enabled = (settings as Body).Enabled;
  return enabled === undefined ? undefined : enabled === true;
}

/**
 * SetUserMFAPreference: turns software-token MFA on or off. Turning it on needs a verified
 * secret (InvalidParameterException otherwise); SMS MFA is not offered yet.
 */
export const setUserMfaPreference: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  if (enabledOf(input, 'SMSMfaSettings') === true) {
    throw idpErrors.invalidParameter('SMS MFA is not available in this user pool.');
  }
  const totp = enabledOf(input, 'SoftwareTokenMfaSettings');
  if (totp === undefined) return {};
  if (totp && !user.totpSecret) {
    throw idpErrors.invalidParameter('User has not verified software token mfa');
  }
  await ctx.db.update(users).set({ totpEnabled: totp }).where(eq(users.sub, user.sub));
  return {};
};
