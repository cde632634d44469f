/**
 * Sign-in: InitiateAuth (USER_SRP_AUTH, USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH, CUSTOM_AUTH) and
 * RespondToAuthChallenge (PASSWORD_VERIFIER here; the challenges after it in challenges.ts,
 * customChallenge.ts and deviceAuth.ts). Every password check is reserved under the
 * progressive lockout first (lockout.ts). A login name that belongs to nobody gets a decoy SRP
 * challenge and fails exactly as a wrong password does.
 */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { IdentityDb } from '../db';
import { IdpError, idpErrors } from '../errors';
import { idpRefreshTokens, idpSrpChallenges, users } from '../schema';
import { N, parseHex, parseTimestamp, serverSession, verifyPasswordClaim } from '../srp';
import { hashSecret } from '../tokens';
import { MAX_TIMESTAMP_SKEW_MS, type Action, type Body, type IdentityContext } from './context';
import { checkClient, loginName, parameters, required } from './input';
import {
  lockKeyOf,
  lockoutValues,
  nameLockKey,
  refundPasswordCheck,
  reservePasswordCheck,
  reservePasswordCheckOf,
  userLockKey,
} from './lockout';
import { prepared, timestamp } from '../../db/prepared';
import {
  answerMfaSetup,
  answerNewPasswordRequired,
  answerSelectMfaType,
  answerSmsMfa,
  answerSoftwareTokenMfa,
  completeSignIn,
} from './challenges';
import {
  answerCustomChallenge,
  customSrpSession,
  issueCustomChallenge,
  startCustomAuth,
  takeCustomSrp,
} from './customChallenge';
import { answerDevicePasswordVerifier, answerDeviceSrpAuth } from './deviceAuth';
import { startSrpChallenge } from './srpInFlight';
import {
  newSecretBlockId,
  openSecretBlock,
  sealSecretBlock,
  secretBlockId,
} from './srpSecretBlock';
import {
  decoyCredentials,
  decoyPasswordCheck,
  findUser,
  passwordMatches,
  userBySub,
} from './users';

/** The answers of the challenges after the password, by ChallengeName. */
const ANSWERS: Readonly<Record<string, (ctx: IdentityContext, input: Body) => Promise<Body>>> =
  Object.freeze({
    SMS_MFA: answerSmsMfa,
    SOFTWARE_TOKEN_MFA: answerSoftwareTokenMfa,
    SELECT_MFA_TYPE: answerSelectMfaType,
    MFA_SETUP: answerMfaSetup,
    NEW_PASSWORD_REQUIRED: answerNewPasswordRequired,
    DEVICE_SRP_AUTH: answerDeviceSrpAuth,
    DEVICE_PASSWORD_VERIFIER: answerDevicePasswordVerifier,
    CUSTOM_CHALLENGE: answerCustomChallenge,
  });

/** An optional string parameter (e.g. DEVICE_KEY). */
function optional(input: Body, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * InitiateAuth with USER_SRP_AUTH (or CUSTOM_AUTH with CHALLENGE_NAME=SRP_A, `custom`): answers
 * the PASSWORD_VERIFIER challenge (a decoy for nobody); the custom flow's has a Session.
 */
async function startSrp(ctx: IdentityContext, auth: Body, custom = false): Promise<Body> {
  const name = loginName(required(auth, 'USERNAME'));
  const A = parseHex(required(auth, 'SRP_A'));
  if (A === undefined) throw idpErrors.invalidParameter('SRP_A is not a hexadecimal number.');
  if (A % N === 0n) throw idpErrors.invalidParameter('Invalid SRP_A: A mod N must not be 0.');
  // Made for every name (it is a few keyed hashes), used for a name that belongs to nobody.
  const decoy = await decoyCredentials(ctx, name);
  const id = newSecretBlockId();
  const secretHash = hashSecret(id);
  // The user is found, a locked key gets no challenge, and the caller's challenges in flight
  // are bounded, before any exponentiation (srpInFlight.ts).
  const user = await startSrpChallenge(ctx, name, secretHash);
  const { srpSalt, srpVerifier } = user ?? decoy;
  const session = serverSession(A, srpVerifier);
  const secretBlock = await sealSecretBlock(ctx, id, session.key);
  const userIdForSrp = user?.username ?? name;
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ...(custom ? { Session: await customSrpSession(ctx, user, secretHash) } : {}),
    ChallengeParameters: {
      SALT: srpSalt,
      SRP_B: session.B.toString(16),
      SECRET_BLOCK: secretBlock.toString('base64'),
      USER_ID_FOR_SRP: userIdForSrp,
      USERNAME: userIdForSrp,
    },
  };
}

/** InitiateAuth with USER_PASSWORD_AUTH: checks the password, answers the tokens. */
async function passwordAuth(ctx: IdentityContext, auth: Body): Promise<Body> {
  const name = loginName(required(auth, 'USERNAME'));
  const password = required(auth, 'PASSWORD');
  const user = await findUser(ctx, name);
  const lockKey = lockKeyOf(user, name);
  await reservePasswordCheck(ctx, lockKey);
  if (!user) {
    await decoyPasswordCheck(ctx, name, password);
    throw idpErrors.incorrectCredentials();
  }
  if (!passwordMatches(ctx, user, password)) throw idpErrors.incorrectCredentials();
  if (!user.confirmed || user.disabled) {
    await refundPasswordCheck(ctx, lockKey);
    if (!user.confirmed) throw idpErrors.notConfirmed();
    throw idpErrors.disabled();
  }
  return completeSignIn(ctx, user, optional(auth, 'DEVICE_KEY'), lockKey);
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

/**
 * InitiateAuth: USER_SRP_AUTH, USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH or CUSTOM_AUTH (with
 * `CHALLENGE_NAME=SRP_A`: SRP, then the custom challenge; without: the custom challenge alone),
 * each only when the app client allows it (`ctx.authFlows`):
 * InvalidParameterException `<flow> flow not enabled for this client` otherwise.
 */
export const initiateAuth: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const flow = required(input, 'AuthFlow');
  // As Cognito's ExplicitAuthFlows: a flow the app client does not allow is refused first.
  const allowed = flow === 'REFRESH_TOKEN' ? 'REFRESH_TOKEN_AUTH' : flow;
  if (!(ctx.authFlows as ReadonlySet<string>).has(allowed)) {
    throw idpErrors.invalidParameter(`${flow} flow not enabled for this client`);
  }
  const auth = parameters(input, 'AuthParameters');
  switch (flow) {
    case 'USER_SRP_AUTH':
      return startSrp(ctx, auth);
    case 'USER_PASSWORD_AUTH':
      return passwordAuth(ctx, auth);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refreshAuth(ctx, auth);
    case 'CUSTOM_AUTH':
      if (auth.CHALLENGE_NAME === undefined) return startCustomAuth(ctx, auth);
      if (auth.CHALLENGE_NAME !== 'SRP_A') {
        throw idpErrors.invalidParameter(`Invalid CHALLENGE_NAME: ${String(auth.CHALLENGE_NAME)}`);
      }
      return startSrp(ctx, auth, true);
    default:
      throw idpErrors.invalidParameter(`${flow} flow not enabled for this client`);
  }
};

/**
 * The PASSWORD_VERIFIER answer's statement of `db`, prepared once (prepared.ts): deleting the
 * challenge of `secretHash` makes its secret block single-use (a replay finds nothing); its
 * user, whether CUSTOM_AUTH started it, and the password check reserved under the lockout (for
 * a live challenge answered under its user's name `name`; a decoy's: under the name) are one
 * statement. Its values: secretHash, name, nameLockKey, userLockPrefix, now (ISO) and
 * lockout.ts's LockoutValues.
 */
function answerStatement(db: IdentityDb) {
  return prepared(db, 'srp-answer', () => {
    const p = sql.placeholder;
    const custom = takeCustomSrp(db, p('secretHash'));
    const taken = db.$with('taken').as(
      db
        .delete(idpSrpChallenges)
        .where(eq(idpSrpChallenges.secretHash, p('secretHash')))
        .returning({ sub: idpSrpChallenges.sub, expiresAt: idpSrpChallenges.expiresAt }),
    );
    const checked = reservePasswordCheckOf(
      db,
      db
        .select({
          key: sql<string>`CASE WHEN ${users.sub} IS NULL THEN ${p('nameLockKey')} ELSE ${p('userLockPrefix')} || ${users.sub} END`.as(
            'key',
          ),
        })
        .from(taken)
        .leftJoin(users, eq(users.sub, taken.sub))
        .where(
          and(
            gt(taken.expiresAt, p('now')),
            or(isNull(users.sub), eq(users.username, p('name')), eq(users.email, p('name'))),
          ),
        ),
    );
    return db
      .with(taken, custom, checked)
      .select({
        expiresAt: taken.expiresAt,
        user: users,
        custom: sql<boolean>`EXISTS (SELECT 1 FROM ${custom} WHERE ${custom.sub} = ${taken.sub})`,
        reserved: sql<boolean>`EXISTS (SELECT 1 FROM ${checked})`,
      })
      .from(taken)
      .leftJoin(users, eq(users.sub, taken.sub));
  });
}

/**
 * RespondToAuthChallenge with PASSWORD_VERIFIER: checks the password claim (each challenge
 * once, TIMESTAMP within 5 minutes, the check reserved under the lockout), answers the tokens.
 * A decoy challenge fails as a wrong password does.
 */
export const respondToAuthChallenge: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const challengeName = required(input, 'ChallengeName');
  const answer = Object.prototype.hasOwnProperty.call(ANSWERS, challengeName)
    ? ANSWERS[challengeName]
    : undefined;
  if (answer) return answer(ctx, input);
  if (challengeName !== 'PASSWORD_VERIFIER') {
    throw idpErrors.invalidParameter(`Unsupported challenge: ${challengeName}`);
  }
  const responses = parameters(input, 'ChallengeResponses');
  const name = loginName(required(responses, 'USERNAME'));
  const secretBlock = required(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const signature = required(responses, 'PASSWORD_CLAIM_SIGNATURE');
  const claimTimestamp = required(responses, 'TIMESTAMP');

  // The challenge taken (single-use) and the password check reserved: one statement.
  const block = Buffer.from(secretBlock, 'base64');
  const secretHash = hashSecret(secretBlockId(block));
  const now = ctx.clock();
  const [challenge] = await answerStatement(ctx.db).execute({
    secretHash,
    name,
    nameLockKey: nameLockKey(name),
    userLockPrefix: userLockKey(''),
    now: timestamp(now),
    ...lockoutValues(ctx),
  });
  if (!challenge) throw idpErrors.invalidSession();
  if (challenge.expiresAt.getTime() <= now) throw idpErrors.expiredSession();
  const user = challenge.user ?? undefined;
  if (user && name !== user.username && name !== user.email) {
    throw idpErrors.incorrectCredentials();
  }
  const lockKey = lockKeyOf(user, name);
  if (!challenge.reserved) throw idpErrors.passwordAttemptsExceeded();
  const time = parseTimestamp(claimTimestamp);
  if (time === undefined || Math.abs(time - now) > MAX_TIMESTAMP_SKEW_MS) {
    throw new IdpError('NotAuthorizedException', 'Invalid TIMESTAMP: malformed or out of range.');
  }
  // The session key, sealed in the block at the start (srpSecretBlock.ts).
  const key = await openSecretBlock(ctx, block);
  const userIdForSrp = user?.username ?? name;
  const proven =
    key !== undefined &&
    verifyPasswordClaim(key, ctx.poolName, userIdForSrp, secretBlock, claimTimestamp, signature);
  if (!user || !proven) throw idpErrors.incorrectCredentials();
  const deviceKey = optional(responses, 'DEVICE_KEY');
  if (!user.confirmed || user.disabled || challenge.custom) {
    await refundPasswordCheck(ctx, lockKey);
    if (!user.confirmed) throw idpErrors.notConfirmed();
    if (user.disabled) throw idpErrors.disabled();
    return issueCustomChallenge(ctx, user, deviceKey);
  }
  // The check is forgiven in the statement that stores the session (completeSignIn).
  return completeSignIn(ctx, user, deviceKey, lockKey);
};
