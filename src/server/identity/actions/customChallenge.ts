/**
 * CUSTOM_AUTH (spec §4 "custom challenge"). Cognito defines a custom challenge with
 * Lambda triggers; the embedded provider has one built in: a one-time code mailed to the user's
 * verified email address.
 *
 * - With SRP first (amazon-cognito-identity-js `setAuthenticationFlowType('CUSTOM_AUTH')`):
 *   InitiateAuth `AuthParameters.CHALLENGE_NAME=SRP_A` answers PASSWORD_VERIFIER (with a
 *   Session, as Cognito's), the proven password answers CUSTOM_CHALLENGE.
 * - Without SRP (`CognitoUser.initiateAuth`, passwordless): InitiateAuth answers CUSTOM_CHALLENGE
 *   at once. A name that belongs to nobody gets a decoy challenge that fails exactly as wrong
 *   codes do, and no mail.
 *
 * CUSTOM_CHALLENGE's ChallengeParameters: USERNAME, CODE_DELIVERY_DELIVERY_MEDIUM `EMAIL`,
 * CODE_DELIVERY_DESTINATION `a***@e***`. The answer is RespondToAuthChallenge with
 * ChallengeResponses `{USERNAME, ANSWER}`; a wrong code answers a new CUSTOM_CHALLENGE (new
 * Session, same code, as Cognito's define-auth-challenge retry), the third wrong code
 * NotAuthorizedException 'Incorrect username or password.'. Each Session is used once and the
 * code dies with the challenge 3 minutes after it was sent. A right code goes on as a proven
 * password does (new password, remembered device, second factor: completeSignIn).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, type SQLWrapper } from 'drizzle-orm';
import type { IdentityTx } from '../db';
import { idpErrors } from '../errors';
import type { MailMessage } from '../mailer';
import { idpAuthSessions, type UserRow } from '../schema';
import { keyedHash } from '../../secrets';
import { countAttempt } from '../throttle';
import { hashSecret } from '../tokens';
import { AUTH_SESSION_TTL_MS, createAuthSession, takeAuthSession } from './authSessions';
import { completeSignIn } from './challenges';
import { codeHash, countCodeSend, forgiveCodeChecks, newCode, reserveCodeCheck } from './codes';
import { SRP_CHALLENGE_TTL_MS, type Body, type IdentityContext } from './context';
import { EMAIL, loginName, parameters, required } from './input';
import { deliveryDetails, findUser } from './users';

/** The challenge name. */
export const CUSTOM_CHALLENGE = 'CUSTOM_CHALLENGE';
/** Wrong answers a challenge survives (the next one fails the sign-in). */
export const CUSTOM_CHALLENGE_ATTEMPTS = 3;
/** Internal challenge of the marker that binds a CUSTOM_AUTH SRP start to its password claim. */
const CUSTOM_SRP = 'CUSTOM_SRP';
/** Server secret behind the decoy Sessions of names that belong to nobody. */
const DECOY_SECRET = 'custom-challenge-decoy';

/** The stored challenge name after `wrong` wrong answers. */
const stage = (wrong: number): string =>
  wrong === 0 ? CUSTOM_CHALLENGE : `${CUSTOM_CHALLENGE}#${wrong}`;
/** Every stored challenge name of a live challenge. */
const STAGES = Array.from({ length: CUSTOM_CHALLENGE_ATTEMPTS }, (_, wrong) => stage(wrong));

/** The mail carrying a sign-in code. */
export function signInCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'Your Peanut VPN sign-in code',
    text:
      `Your Peanut VPN sign-in code is ${code}\n\n` +
      'It is valid for 3 minutes. If you did not try to sign in, change your password.\n',
    code,
  };
}

/** The CUSTOM_CHALLENGE answer for `username`, masked destination `destination`. */
function challengeBody(username: string, destination: string, session: string): Body {
  return {
    ChallengeName: CUSTOM_CHALLENGE,
    Session: session,
    ChallengeParameters: {
      USERNAME: username,
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
      CODE_DELIVERY_DESTINATION: String(deliveryDetails(destination).Destination),
    },
  };
}

/**
 * Mails a new code to `user` and answers CUSTOM_CHALLENGE (LimitExceededException past the
 * address's send limit, CodeDeliveryFailureException when the mail cannot be sent,
 * InvalidParameterException when the email address is not verified).
 */
export async function issueCustomChallenge(
  ctx: IdentityContext,
  user: UserRow,
  deviceKey?: string | null,
): Promise<Body> {
  if (!user.emailVerified) {
    throw idpErrors.invalidParameter('Cannot send a sign-in code: the email is not verified.');
  }
  await countCodeSend(ctx, user.email);
  const code = newCode();
  try {
    await ctx.mailer.send(signInCodeMail(user.email, code));
  } catch {
    throw idpErrors.codeDeliveryFailure();
  }
  const session = await createAuthSession(ctx, user, stage(0), {
    codeHash: codeHash(user.sub, code),
    deviceKey,
  });
  return challengeBody(user.username, user.email, session);
}

/**
 * The Session of a CUSTOM_AUTH SRP start: binds the challenge of `secretHash` (the SRP secret
 * block's hash) to the custom flow, so the proven password answers CUSTOM_CHALLENGE. A random,
 * unstored string for a name that belongs to nobody (the answer has the same shape).
 */
export async function customSrpSession(
  ctx: IdentityContext,
  user: UserRow | undefined,
  secretHash: string,
): Promise<string> {
  if (!user) return randomBytes(48).toString('base64');
  const expiresAt = new Date(ctx.clock() + SRP_CHALLENGE_TTL_MS);
  return createAuthSession(ctx, user, CUSTOM_SRP, { codeHash: secretHash }, expiresAt);
}

/**
 * Takes (deletes) the CUSTOM_AUTH binding of the SRP challenge of `secretHash`, as a common
 * table expression `custom` of the statement that takes the challenge (signIn.ts): its rows
 * (`sub`) say the challenge was started by CUSTOM_AUTH. Taken with the challenge, proven or
 * not: the challenge is single-use, so the binding could serve no later answer. `secretHash`
 * may be a placeholder of a prepared statement.
 */
export function takeCustomSrp(db: IdentityTx, secretHash: string | SQLWrapper) {
  return db.$with('custom').as(
    db
      .delete(idpAuthSessions)
      .where(
        and(eq(idpAuthSessions.challenge, CUSTOM_SRP), eq(idpAuthSessions.codeHash, secretHash)),
      )
      .returning({ sub: idpAuthSessions.sub }),
  );
}

/** A decoy Session: random, expiry and wrong answers so far, signed (as long as a real one). */
async function decoySession(ctx: IdentityContext, expiresAt: number, wrong: number) {
  const head = Buffer.alloc(25);
  randomBytes(16).copy(head, 0);
  head.writeDoubleBE(expiresAt, 16);
  head.writeUInt8(wrong, 24);
  const mac = Buffer.from(keyedHash(await ctx.secret(DECOY_SECRET), head.toString('hex')), 'hex');
  return Buffer.concat([head, mac.subarray(0, 23)]).toString('base64');
}

/** The expiry and wrong answers of a valid decoy Session, or undefined. */
async function readDecoy(ctx: IdentityContext, session: string) {
  const raw = Buffer.from(session, 'base64');
  if (raw.length !== 48) return undefined;
  const head = raw.subarray(0, 25);
  const mac = Buffer.from(keyedHash(await ctx.secret(DECOY_SECRET), head.toString('hex')), 'hex');
  if (!timingSafeEqual(mac.subarray(0, 23), raw.subarray(25))) return undefined;
  return { expiresAt: head.readDoubleBE(16), wrong: head.readUInt8(24) };
}

/** A masked destination for a name that belongs to nobody (stable per name). */
async function decoyDestination(ctx: IdentityContext, name: string): Promise<string> {
  if (EMAIL.test(name)) return name;
  const letter = String.fromCharCode(
    97 + (parseInt(keyedHash(await ctx.secret(DECOY_SECRET), name).slice(0, 2), 16) % 26),
  );
  return `${name.charAt(0)}@${letter}.invalid`;
}

/**
 * InitiateAuth with CUSTOM_AUTH and no SRP (passwordless): mails a code to the user's verified
 * email and answers CUSTOM_CHALLENGE; a decoy challenge for a name that belongs to nobody, an
 * unconfirmed user or an unverified email (counted against the send limit all the same).
 */
export async function startCustomAuth(ctx: IdentityContext, auth: Body): Promise<Body> {
  const name = loginName(required(auth, 'USERNAME'));
  const user = await findUser(ctx, name);
  if (user?.confirmed && user.emailVerified) {
    const deviceKey = typeof auth.DEVICE_KEY === 'string' ? auth.DEVICE_KEY : undefined;
    return issueCustomChallenge(ctx, user, deviceKey);
  }
  await countCodeSend(ctx, user?.email ?? name, false);
  const session = await decoySession(ctx, ctx.clock() + AUTH_SESSION_TTL_MS, 0);
  return challengeBody(
    user?.username ?? name,
    user?.email ?? (await decoyDestination(ctx, name)),
    session,
  );
}

/** The next challenge after a wrong answer, or NotAuthorizedException after the last. */
async function afterWrongAnswer(wrong: number, next: () => Promise<string>) {
  if (wrong >= CUSTOM_CHALLENGE_ATTEMPTS) throw idpErrors.incorrectCredentials();
  return next();
}

/** RespondToAuthChallenge to a decoy Session: always wrong, with the real one's replies. */
async function answerDecoy(ctx: IdentityContext, session: string, name: string): Promise<Body> {
  const decoy = await readDecoy(ctx, session);
  if (!decoy || decoy.expiresAt <= ctx.clock()) throw idpErrors.invalidSession();
  // Single use, as a real Session: the second use of a decoy finds it counted.
  const rule = { limit: 1, windowMs: AUTH_SESSION_TTL_MS };
  const uses = await countAttempt(ctx.db, `decoy:${hashSecret(session)}`, rule, ctx.clock());
  if (uses > 1) throw idpErrors.invalidSession();
  await reserveCodeCheck(ctx, name, false);
  const wrong = decoy.wrong + 1;
  const next = await afterWrongAnswer(wrong, () => decoySession(ctx, decoy.expiresAt, wrong));
  return challengeBody(name, await decoyDestination(ctx, name), next);
}

/**
 * RespondToAuthChallenge with CUSTOM_CHALLENGE: ANSWER is the mailed code. Right: the sign-in
 * goes on (completeSignIn). Wrong: a new CUSTOM_CHALLENGE, or after the third wrong code
 * NotAuthorizedException. NotAuthorizedException 'Invalid session for the user.' for a used,
 * unknown or expired Session; LimitExceededException past the address's code-check budget.
 */
export async function answerCustomChallenge(ctx: IdentityContext, input: Body): Promise<Body> {
  const responses = parameters(input, 'ChallengeResponses');
  const answer = required(responses, 'ANSWER');
  const name = loginName(required(responses, 'USERNAME'));
  const session = required(input, 'Session');
  let taken;
  try {
    taken = await takeAuthSession(ctx, session, STAGES, name);
  } catch (error) {
    const known = await findUser(ctx, name);
    if (known?.confirmed && known.emailVerified) throw error;
    return answerDecoy(ctx, session, name);
  }
  const { user } = taken;
  await reserveCodeCheck(ctx, user.email);
  const given = Buffer.from(codeHash(user.sub, answer), 'hex');
  if (taken.codeHash && timingSafeEqual(given, Buffer.from(taken.codeHash, 'hex'))) {
    await forgiveCodeChecks(ctx, user.email);
    const deviceKey =
      taken.deviceKey ?? (typeof responses.DEVICE_KEY === 'string' ? responses.DEVICE_KEY : null);
    return completeSignIn(ctx, user, deviceKey);
  }
  const wrong = STAGES.indexOf(taken.challenge) + 1;
  const next = await afterWrongAnswer(wrong, () =>
    createAuthSession(
      ctx,
      user,
      stage(wrong),
      { codeHash: taken.codeHash, deviceKey: taken.deviceKey },
      taken.expiresAt,
    ),
  );
  return challengeBody(user.username, user.email, next);
}
