/**
 * The actions of the Cognito user-pool JSON API the identity provider serves, one function per
 * action, each taking the typed context and the request body and returning the response body.
 * Errors are thrown as `IdpError` with Cognito's names and messages.
 *
 * Passwords never reach the database or the logs: SignUp, ChangePassword and
 * ConfirmForgotPassword compute an SRP verifier from them (as Cognito does), sign-in checks the
 * password by SRP (USER_SRP_AUTH) or by recomputing the verifier (USER_PASSWORD_AUTH). Codes,
 * refresh tokens and SRP secret blocks are stored only as hashes.
 */
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, or } from 'drizzle-orm';
import type { IdentityDb, IdentityTx } from './db';
import { isUniqueViolation, violatedConstraint } from './db';
import { IdpError, idpErrors } from './errors';
import { confirmationMail, resetMail, type Mailer } from './mailer';
import {
  idpCodes,
  idpRefreshTokens,
  idpSrpChallenges,
  idpThrottle,
  users,
  type CodePurpose,
  type UserRow,
} from './schema';
import {
  computeVerifier,
  generateSalt,
  hexEquals,
  parseHex,
  parseTimestamp,
  serverSession,
  verifyPasswordClaim,
} from './srp';
import { attemptsIn, countAttempt, resetAttempts, type ThrottleRule } from './throttle';
import { hashSecret, newRefreshToken, REFRESH_TOKEN_TTL_MS, type TokenService } from './tokens';

/** Callbacks into the rest of the server, run inside the action's transaction. */
export interface IdentityHooks {
  /**
   * A sign-up was confirmed (runs exactly once per user, in the confirming transaction: use
   * `tx`; throwing rolls the confirmation back).
   */
  onUserConfirmed?: (sub: string, tx: IdentityTx) => Promise<void>;
  /**
   * A user is being deleted (runs in the deleting transaction before the user row goes: use
   * `tx`; throwing keeps the user).
   */
  onUserDeleted?: (sub: string, tx: IdentityTx) => Promise<void>;
}

/** Attempt limits. */
export interface ThrottleSettings {
  /** Failed password checks per user (sign-in, change password). */
  signInFailures: ThrottleRule;
  /** Codes mailed per user (sign-up, resend, forgot password). */
  codeSends: ThrottleRule;
  /** Wrong guesses a code survives. */
  codeAttempts: number;
}

/** Default limits: 5 failed sign-ins per 15 min, 5 code mails per hour, 5 guesses per code. */
export const DEFAULT_THROTTLE: Readonly<ThrottleSettings> = Object.freeze({
  signInFailures: { limit: 5, windowMs: 15 * 60_000 },
  codeSends: { limit: 5, windowMs: 60 * 60_000 },
  codeAttempts: 5,
});

/** Lifetime of a sign-up confirmation code: 24 h (as Cognito). */
export const CONFIRMATION_CODE_TTL_MS = 24 * 3600_000;
/** Lifetime of a password reset code: 1 h (as Cognito). */
export const RESET_CODE_TTL_MS = 3600_000;
/** Lifetime of an SRP challenge (InitiateAuth to RespondToAuthChallenge). */
export const SRP_CHALLENGE_TTL_MS = 5 * 60_000;
/** Largest accepted difference between the client's TIMESTAMP and our clock. */
export const MAX_TIMESTAMP_SKEW_MS = 5 * 60_000;

/** What every action works with. */
export interface IdentityContext {
  db: IdentityDb;
  /** The user pool id, e.g. `local_peanutvpn`. */
  poolId: string;
  /** The part of the pool id after `_` (SRP's pool name). */
  poolName: string;
  /** The one app client id. */
  clientId: string;
  tokens: TokenService;
  mailer: Mailer;
  /** Current time in epoch milliseconds. */
  clock: () => number;
  throttle: ThrottleSettings;
  hooks: IdentityHooks;
}

/** A request or response body. */
export type Body = Record<string, unknown>;

/** One action of the API. */
export type Action = (ctx: IdentityContext, input: Body) => Promise<Body>;

// ---------------------------------------------------------------------------------------------
// Input helpers

/** A required non-empty string parameter of `input`. */
function required(input: Body, name: string): string {
  const value = input[name];
  if (typeof value !== 'string' || value === '') {
    throw idpErrors.invalidParameter(`Missing required parameter ${name}`);
  }
  return value;
}

/** A map of string parameters (AuthParameters, ChallengeResponses). */
function parameters(input: Body, name: string): Body {
  const value = input[name];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw idpErrors.invalidParameter(`Missing required parameter ${name}`);
  }
  return value as Body;
}

/** Checks the request's ClientId. */
function checkClient(ctx: IdentityContext, input: Body): void {
  const clientId = required(input, 'ClientId');
  if (clientId !== ctx.clientId) throw idpErrors.unknownClient(clientId);
}

/** Usernames are case-insensitive: stored and compared lower-cased. */
function normaliseUsername(username: string): string {
  const normal = username.normalize('NFC').toLowerCase();
  if (normal.length > 128 || !/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u.test(normal)) {
    throw idpErrors.invalidParameter(
      "1 validation error detected: Value at 'username' failed to satisfy constraint: " +
        'Member must satisfy regular expression pattern: [\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+',
    );
  }
  return normal;
}

/** A plausible email address (one @, a dot in the domain, no spaces), else undefined. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The special characters Cognito's password policy counts as symbols. */
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/**
 * Why `password` breaks the policy (at least 8 characters with a digit, a lower-case and an
 * upper-case letter and a symbol), or undefined when it complies.
 */
export function passwordPolicyViolation(password: string): string | undefined {
  if (password.length < 8) return 'Password not long enough';
  if (password.length > 256) return 'Password is too long';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!SYMBOL.test(password)) return 'Password must have symbol characters';
  return undefined;
}

/** Throws InvalidPasswordException when `password` breaks the policy. */
function checkPasswordPolicy(password: string): void {
  if (/^\s|\s$/.test(password)) {
    throw idpErrors.invalidParameter(
      "1 validation error detected: Value at 'password' failed to satisfy constraint: " +
        'Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$',
    );
  }
  const violation = passwordPolicyViolation(password);
  if (violation) throw idpErrors.invalidPassword(violation);
}

// ---------------------------------------------------------------------------------------------
// Users, codes, sessions

/** The user named `username` (case-insensitive), or whose email it is. */
async function findUser(db: IdentityTx, username: string): Promise<UserRow | undefined> {
  const name = username.normalize('NFC').toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(users.username, name), eq(users.email, name)));
  return rows.find((row) => row.username === name) ?? rows[0];
}

/** The user with `sub`. */
async function userBySub(db: IdentityTx, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.sub, sub));
  return row;
}

/** Cognito's masked destination: `a***@e***`. */
function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.charAt(0)}***@${(domain ?? '').charAt(0)}***`;
}

/** The CodeDeliveryDetails of a mail to `email`. */
function deliveryDetails(email: string): Body {
  return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(email) };
}

/** SHA-256 of a user's code. */
function codeHash(sub: string, code: string): string {
  return hashSecret(`${sub}:${code}`);
}

/** Throttle keys of a user. */
const signInKey = (sub: string): string => `signin:${sub}`;
const sendKey = (sub: string): string => `send:${sub}`;

/**
 * Creates a new code of `purpose` for `user` (replacing the previous one) and mails it;
 * LimitExceededException beyond the send limit.
 */
async function sendCode(ctx: IdentityContext, user: UserRow, purpose: CodePurpose): Promise<Body> {
  const now = ctx.clock();
  const sends = await countAttempt(ctx.db, sendKey(user.sub), ctx.throttle.codeSends, now);
  if (sends > ctx.throttle.codeSends.limit) throw idpErrors.attemptLimit();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const ttl = purpose === 'confirm' ? CONFIRMATION_CODE_TTL_MS : RESET_CODE_TTL_MS;
  const row = {
    codeHash: codeHash(user.sub, code),
    expiresAt: new Date(now + ttl),
    attempts: 0,
    createdAt: new Date(now),
  };
  await ctx.db
    .insert(idpCodes)
    .values({ sub: user.sub, purpose, ...row })
    .onConflictDoUpdate({ target: [idpCodes.sub, idpCodes.purpose], set: row });
  const mail =
    purpose === 'confirm' ? confirmationMail(user.email, code) : resetMail(user.email, code);
  try {
    await ctx.mailer.send(mail);
  } catch {
    throw idpErrors.codeDeliveryFailure();
  }
  return deliveryDetails(user.email);
}

/**
 * Checks `code` against the user's pending code of `purpose` and returns its hash (to consume
 * it in a transaction). A wrong code counts an attempt; past the limit the code is dead.
 */
async function checkCode(
  ctx: IdentityContext,
  user: UserRow,
  purpose: CodePurpose,
  code: string,
): Promise<string> {
  const [row] = await ctx.db
    .select()
    .from(idpCodes)
    .where(and(eq(idpCodes.sub, user.sub), eq(idpCodes.purpose, purpose)));
  if (!row) throw idpErrors.codeMismatch();
  if (row.attempts >= ctx.throttle.codeAttempts) throw idpErrors.attemptLimit();
  if (row.expiresAt.getTime() <= ctx.clock()) throw idpErrors.codeExpired();
  const given = Buffer.from(codeHash(user.sub, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) {
    await ctx.db
      .update(idpCodes)
      .set({ attempts: row.attempts + 1 })
      .where(and(eq(idpCodes.sub, user.sub), eq(idpCodes.purpose, purpose)));
    throw idpErrors.codeMismatch();
  }
  return row.codeHash;
}

/** Deletes the checked code in `tx`; ExpiredCodeException when another request used it first. */
async function consumeCode(
  tx: IdentityTx,
  sub: string,
  purpose: CodePurpose,
  hash: string,
): Promise<void> {
  const deleted = await tx
    .delete(idpCodes)
    .where(and(eq(idpCodes.sub, sub), eq(idpCodes.purpose, purpose), eq(idpCodes.codeHash, hash)))
    .returning({ sub: idpCodes.sub });
  if (deleted.length === 0) throw idpErrors.codeExpired();
}

/** TooManyRequestsException when the user has used up their failed password checks. */
async function assertNotLocked(ctx: IdentityContext, user: UserRow): Promise<void> {
  const { signInFailures } = ctx.throttle;
  const failures = await attemptsIn(ctx.db, signInKey(user.sub), signInFailures, ctx.clock());
  if (failures >= signInFailures.limit) throw idpErrors.passwordAttemptsExceeded();
}

/** Counts a failed password check and throws 'Incorrect username or password.'. */
async function failPassword(ctx: IdentityContext, user: UserRow): Promise<never> {
  await countAttempt(ctx.db, signInKey(user.sub), ctx.throttle.signInFailures, ctx.clock());
  throw idpErrors.incorrectCredentials();
}

/** True when `password` is the user's password. */
function passwordMatches(ctx: IdentityContext, user: UserRow, password: string): boolean {
  const verifier = computeVerifier(ctx.poolName, user.username, password, user.srpSalt);
  return hexEquals(verifier, user.srpVerifier);
}

/** A fresh salt and verifier for `password`. */
function credentials(ctx: IdentityContext, username: string, password: string) {
  const srpSalt = generateSalt();
  return { srpSalt, srpVerifier: computeVerifier(ctx.poolName, username, password, srpSalt) };
}

/** Starts a sign-in session for a user who proved their password: all three tokens. */
async function startSession(ctx: IdentityContext, user: UserRow): Promise<Body> {
  const now = ctx.clock();
  await resetAttempts(ctx.db, signInKey(user.sub));
  const refreshToken = newRefreshToken();
  const originJti = randomUUID();
  // Expired sessions of this user are of no further use.
  await ctx.db
    .delete(idpRefreshTokens)
    .where(and(eq(idpRefreshTokens.sub, user.sub), lt(idpRefreshTokens.expiresAt, new Date(now))));
  await ctx.db.insert(idpRefreshTokens).values({
    tokenHash: hashSecret(refreshToken),
    originJti,
    sub: user.sub,
    authTime: new Date(now),
    expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
  });
  const tokens = await ctx.tokens.issue(user, { originJti, authTime: now });
  return {
    AccessToken: tokens.accessToken,
    ExpiresIn: tokens.expiresIn,
    IdToken: tokens.idToken,
    RefreshToken: refreshToken,
    TokenType: 'Bearer',
  };
}

/**
 * The user and claims of a valid access token whose session was not revoked (GlobalSignOut,
 * RevokeToken) and whose user still exists.
 */
async function authenticate(ctx: IdentityContext, input: Body): Promise<UserRow> {
  const claims = await ctx.tokens.verifyAccessToken(input.AccessToken);
  const [session] = await ctx.db
    .select({ revoked: idpRefreshTokens.revoked })
    .from(idpRefreshTokens)
    .where(eq(idpRefreshTokens.originJti, claims.originJti));
  const user = await userBySub(ctx.db, claims.sub);
  if (!user) throw idpErrors.userNotFound();
  if (!session || session.revoked) throw idpErrors.revokedAccessToken();
  return user;
}

// ---------------------------------------------------------------------------------------------
// Actions

/** SignUp: creates an unconfirmed user and mails the confirmation code. */
export const signUp: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const username = normaliseUsername(required(input, 'Username'));
  const password = required(input, 'Password');
  const attributes = input.UserAttributes ?? [];
  if (!Array.isArray(attributes)) throw idpErrors.invalidParameter('UserAttributes must be a list');
  let email: string | undefined;
  for (const attribute of attributes as { Name?: unknown; Value?: unknown }[]) {
    const name = attribute?.Name;
    if (name === 'email' && typeof attribute.Value === 'string') {
      email = attribute.Value.trim().toLowerCase();
    } else {
      throw idpErrors.invalidParameter(
        `Attributes did not conform to the schema: ${String(name)}: ` +
          'Attribute does not exist in the schema.\n',
      );
    }
  }
  if (!email) {
    throw idpErrors.invalidParameter(
      'Attributes did not conform to the schema: email: The attribute is required\n',
    );
  }
  if (!EMAIL.test(email) || email.length > 254) {
    throw idpErrors.invalidParameter('Invalid email address format.');
  }
  checkPasswordPolicy(password);

  // Users sign in by username or email, so neither may name another user's either.
  const existing = await ctx.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(users.username, username),
        eq(users.email, username),
        eq(users.username, email),
        eq(users.email, email),
      ),
    );
  if (existing.some((row) => row.username === username || row.email === username)) {
    throw idpErrors.userExists();
  }
  if (existing.length > 0) throw idpErrors.emailExists();

  const sub = randomUUID();
  let user: UserRow;
  try {
    [user] = await ctx.db
      .insert(users)
      .values({ sub, username, email, ...credentials(ctx, username, password) })
      .returning();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw violatedConstraint(error)?.includes('email')
      ? idpErrors.emailExists()
      : idpErrors.userExists();
  }
  const delivery = await sendCode(ctx, user, 'confirm');
  return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails: delivery };
};

/** ConfirmSignUp: checks the code, confirms the user and runs onUserConfirmed once. */
export const confirmSignUp: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const user = await findUser(ctx.db, required(input, 'Username'));
  const code = required(input, 'ConfirmationCode');
  if (!user) throw idpErrors.usernameClientNotFound();
  if (user.confirmed) throw idpErrors.alreadyConfirmed();
  const hash = await checkCode(ctx, user, 'confirm', code);
  await ctx.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(users)
      .set({ confirmed: true, emailVerified: true })
      .where(and(eq(users.sub, user.sub), eq(users.confirmed, false)))
      .returning({ sub: users.sub });
    if (confirmed.length === 0) throw idpErrors.alreadyConfirmed();
    await consumeCode(tx, user.sub, 'confirm', hash);
    await ctx.hooks.onUserConfirmed?.(user.sub, tx);
  });
  return {};
};

/** ResendConfirmationCode: mails a new confirmation code to an unconfirmed user. */
export const resendConfirmationCode: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const user = await findUser(ctx.db, required(input, 'Username'));
  if (!user) throw idpErrors.usernameClientNotFound();
  if (user.confirmed) throw idpErrors.invalidParameter('User is already confirmed.');
  return { CodeDeliveryDetails: await sendCode(ctx, user, 'confirm') };
};

/** ForgotPassword: mails a password reset code. */
export const forgotPassword: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const user = await findUser(ctx.db, required(input, 'Username'));
  if (!user) throw idpErrors.usernameClientNotFound();
  if (!user.emailVerified) {
    throw idpErrors.invalidParameter(
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    );
  }
  return { CodeDeliveryDetails: await sendCode(ctx, user, 'reset') };
};

/** ConfirmForgotPassword: checks the code, sets the new password, signs out every session. */
export const confirmForgotPassword: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const user = await findUser(ctx.db, required(input, 'Username'));
  const code = required(input, 'ConfirmationCode');
  const password = required(input, 'Password');
  if (!user) throw idpErrors.usernameClientNotFound();
  checkPasswordPolicy(password);
  const hash = await checkCode(ctx, user, 'reset', code);
  const update = { ...credentials(ctx, user.username, password), emailVerified: true };
  await ctx.db.transaction(async (tx) => {
    await consumeCode(tx, user.sub, 'reset', hash);
    await tx.update(users).set(update).where(eq(users.sub, user.sub));
    await tx
      .update(idpRefreshTokens)
      .set({ revoked: true })
      .where(eq(idpRefreshTokens.sub, user.sub));
  });
  await resetAttempts(ctx.db, signInKey(user.sub));
  return {};
};

/** InitiateAuth with USER_SRP_AUTH: answers the PASSWORD_VERIFIER challenge. */
async function startSrp(ctx: IdentityContext, auth: Body): Promise<Body> {
  const user = await findUser(ctx.db, required(auth, 'USERNAME'));
  const A = parseHex(required(auth, 'SRP_A'));
  if (!user) throw idpErrors.userNotFound();
  if (A === undefined) throw idpErrors.invalidParameter('SRP_A is not a hexadecimal number.');
  await assertNotLocked(ctx, user);
  let session;
  try {
    session = serverSession(A, user.srpVerifier);
  } catch {
    throw idpErrors.invalidParameter('Invalid SRP_A: A mod N must not be 0.');
  }
  const secretBlock = randomBytes(64);
  const now = ctx.clock();
  await ctx.db.delete(idpSrpChallenges).where(lt(idpSrpChallenges.expiresAt, new Date(now)));
  await ctx.db.insert(idpSrpChallenges).values({
    secretHash: hashSecret(secretBlock),
    sub: user.sub,
    sessionKey: session.key.toString('hex'),
    expiresAt: new Date(now + SRP_CHALLENGE_TTL_MS),
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: user.srpSalt,
      SRP_B: session.B.toString(16),
      SECRET_BLOCK: secretBlock.toString('base64'),
      USER_ID_FOR_SRP: user.username,
      USERNAME: user.username,
    },
  };
}

/** InitiateAuth with USER_PASSWORD_AUTH: checks the password, answers the tokens. */
async function passwordAuth(ctx: IdentityContext, auth: Body): Promise<Body> {
  const user = await findUser(ctx.db, required(auth, 'USERNAME'));
  const password = required(auth, 'PASSWORD');
  if (!user) throw idpErrors.userNotFound();
  await assertNotLocked(ctx, user);
  if (!passwordMatches(ctx, user, password)) await failPassword(ctx, user);
  if (!user.confirmed) throw idpErrors.notConfirmed();
  return { ChallengeParameters: {}, AuthenticationResult: await startSession(ctx, user) };
}

/** InitiateAuth with REFRESH_TOKEN_AUTH: new id and access tokens for the same session. */
async function refreshAuth(ctx: IdentityContext, auth: Body): Promise<Body> {
  const token = required(auth, 'REFRESH_TOKEN');
  const [session] = await ctx.db
    .select()
    .from(idpRefreshTokens)
    .where(eq(idpRefreshTokens.tokenHash, hashSecret(token)));
  if (!session) throw idpErrors.invalidRefreshToken();
  if (session.revoked) throw idpErrors.revokedRefreshToken();
  if (session.expiresAt.getTime() <= ctx.clock()) throw idpErrors.expiredRefreshToken();
  const user = await userBySub(ctx.db, session.sub);
  if (!user) throw idpErrors.invalidRefreshToken();
  const tokens = await ctx.tokens.issue(user, {
    originJti: session.originJti,
    authTime: session.authTime.getTime(),
  });
  return {
    ChallengeParameters: {},
    AuthenticationResult: {
      AccessToken: tokens.accessToken,
      ExpiresIn: tokens.expiresIn,
      IdToken: tokens.idToken,
      TokenType: 'Bearer',
    },
  };
}

/** InitiateAuth: USER_SRP_AUTH, USER_PASSWORD_AUTH or REFRESH_TOKEN_AUTH. */
export const initiateAuth: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const flow = required(input, 'AuthFlow');
  const auth = parameters(input, 'AuthParameters');
  switch (flow) {
    case 'USER_SRP_AUTH':
      return startSrp(ctx, auth);
    case 'USER_PASSWORD_AUTH':
      return passwordAuth(ctx, auth);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refreshAuth(ctx, auth);
    default:
      throw idpErrors.invalidParameter(`${flow} flow not enabled for this client`);
  }
};

/**
 * RespondToAuthChallenge with PASSWORD_VERIFIER: checks the password claim (each challenge
 * once, TIMESTAMP within 5 minutes), answers the tokens.
 */
export const respondToAuthChallenge: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const challengeName = required(input, 'ChallengeName');
  if (challengeName !== 'PASSWORD_VERIFIER') {
    throw idpErrors.invalidParameter(`Unsupported challenge: ${challengeName}`);
  }
  const responses = parameters(input, 'ChallengeResponses');
  const username = required(responses, 'USERNAME').normalize('NFC').toLowerCase();
  const secretBlock = required(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const signature = required(responses, 'PASSWORD_CLAIM_SIGNATURE');
  const timestamp = required(responses, 'TIMESTAMP');

  // Deleting the challenge makes its secret block single-use: a replay finds nothing.
  const [challenge] = await ctx.db
    .delete(idpSrpChallenges)
    .where(eq(idpSrpChallenges.secretHash, hashSecret(Buffer.from(secretBlock, 'base64'))))
    .returning();
  const now = ctx.clock();
  if (!challenge) throw idpErrors.invalidSession();
  if (challenge.expiresAt.getTime() <= now) throw idpErrors.expiredSession();
  const user = await userBySub(ctx.db, challenge.sub);
  if (!user) throw idpErrors.userNotFound();
  if (username !== user.username && username !== user.email) {
    throw idpErrors.incorrectCredentials();
  }
  await assertNotLocked(ctx, user);
  const time = parseTimestamp(timestamp);
  if (time === undefined || Math.abs(time - now) > MAX_TIMESTAMP_SKEW_MS) {
    throw new IdpError('NotAuthorizedException', 'Invalid TIMESTAMP: malformed or out of range.');
  }
  const key = Buffer.from(challenge.sessionKey, 'hex');
  if (!verifyPasswordClaim(key, ctx.poolName, user.username, secretBlock, timestamp, signature)) {
    await failPassword(ctx, user);
  }
  if (!user.confirmed) throw idpErrors.notConfirmed();
  return { ChallengeParameters: {}, AuthenticationResult: await startSession(ctx, user) };
};

/** GetUser: the user's username and attributes (sub, email_verified, email). */
export const getUser: Action = async (ctx, input) => {
  const user = await authenticate(ctx, input);
  return {
    Username: user.username,
    UserAttributes: [
      { Name: 'sub', Value: user.sub },
      { Name: 'email_verified', Value: String(user.emailVerified) },
      { Name: 'email', Value: user.email },
    ],
  };
};

/** ChangePassword: checks the previous password, stores the verifier of the new one. */
export const changePassword: Action = async (ctx, input) => {
  const user = await authenticate(ctx, input);
  const previous = required(input, 'PreviousPassword');
  const proposed = required(input, 'ProposedPassword');
  checkPasswordPolicy(proposed);
  await assertNotLocked(ctx, user);
  if (!passwordMatches(ctx, user, previous)) await failPassword(ctx, user);
  await ctx.db
    .update(users)
    .set(credentials(ctx, user.username, proposed))
    .where(eq(users.sub, user.sub));
  await resetAttempts(ctx.db, signInKey(user.sub));
  return {};
};

/** GlobalSignOut: revokes every session of the user (their refresh and access tokens). */
export const globalSignOut: Action = async (ctx, input) => {
  const user = await authenticate(ctx, input);
  await ctx.db
    .update(idpRefreshTokens)
    .set({ revoked: true })
    .where(eq(idpRefreshTokens.sub, user.sub));
  return {};
};

/** RevokeToken: revokes the session of a refresh token (unknown tokens are ignored). */
export const revokeToken: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const token = required(input, 'Token');
  await ctx.db
    .update(idpRefreshTokens)
    .set({ revoked: true })
    .where(eq(idpRefreshTokens.tokenHash, hashSecret(token)));
  return {};
};

/** DeleteUser: runs onUserDeleted, then deletes the user with their codes and sessions. */
export const deleteUser: Action = async (ctx, input) => {
  const user = await authenticate(ctx, input);
  await ctx.db.transaction(async (tx) => {
    await ctx.hooks.onUserDeleted?.(user.sub, tx);
    await tx.delete(users).where(eq(users.sub, user.sub));
    await tx
      .delete(idpThrottle)
      .where(or(eq(idpThrottle.key, signInKey(user.sub)), eq(idpThrottle.key, sendKey(user.sub))));
  });
  return {};
};

/** The actions served, by `X-Amz-Target` action name. */
export const ACTIONS: Readonly<Record<string, Action>> = Object.freeze({
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  GetUser: getUser,
  ChangePassword: changePassword,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  DeleteUser: deleteUser,
});

/** Runs `action` (an `X-Amz-Target` action name); InvalidParameterException when unknown. */
export async function runAction(ctx: IdentityContext, action: string, input: Body): Promise<Body> {
  const handler = Object.prototype.hasOwnProperty.call(ACTIONS, action)
    ? ACTIONS[action]
    : undefined;
  if (!handler) throw idpErrors.unsupportedAction(action);
  return handler(ctx, input);
}
