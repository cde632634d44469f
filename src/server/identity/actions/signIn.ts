/**
 * Sign-in: InitiateAuth (USER_SRP_AUTH, USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH, CUSTOM_AUTH) and
 * RespondToAuthChallenge (PASSWORD_VERIFIER in passwordVerifier.ts; the challenges after it in
 * challenges.ts, customChallenge.ts and deviceAuth.ts). Every password check is reserved under the
 * progressive lockout first (lockout.ts). A login name that belongs to nobody gets a decoy SRP
 * challenge and fails exactly as a wrong password does.
 */
import { eq } from 'drizzle-orm';
import { idpErrors } from '../errors';
import { idpRefreshTokens } from '../schema';
import { N, parseHex, serverSession } from '../srp';
import { hashSecret } from '../tokens';
import type { Action, Body, IdentityContext } from './context';
import { checkClient, loginName, optional, parameters, required } from './input';
import { lockKeyOf, refundPasswordCheck, reservePasswordCheck } from './lockout';
import {
  answerMfaSetup,
  answerNewPasswordRequired,
  answerSelectMfaType,
  answerSmsMfa,
  answerSoftwareTokenMfa,
  completeSignIn,
} from './challenges';
import { answerCustomChallenge, customSrpSession, startCustomAuth } from './customChallenge';
import { answerDevicePasswordVerifier, answerDeviceSrpAuth } from './deviceAuth';
import { answerPasswordVerifier } from './passwordVerifier';
import { startSrpChallenge } from './srpInFlight';
import { newSecretBlockId, sealSecretBlock } from './srpSecretBlock';
import {
  decoyCredentials,
  decoyPasswordCheck,
  findUser,
  passwordMatches,
  userBySub,
} from './users';

/** The answers of RespondToAuthChallenge, by ChallengeName. */
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
    PASSWORD_VERIFIER: answerPasswordVerifier,
  });

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
  const userIdForSrp = user?.username ?? name;
  const secretBlock = await sealSecretBlock(ctx, id, {
    key: session.key,
    userIdForSrp,
    sub: user?.sub,
    custom,
  });
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
 * RespondToAuthChallenge: PASSWORD_VERIFIER (passwordVerifier.ts) and the challenges after it,
 * by ChallengeName; InvalidParameterException for any other name.
 */
export const respondToAuthChallenge: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const challengeName = required(input, 'ChallengeName');
  const answer = Object.prototype.hasOwnProperty.call(ANSWERS, challengeName)
    ? ANSWERS[challengeName]
    : undefined;
  if (!answer) throw idpErrors.invalidParameter(`Unsupported challenge: ${challengeName}`);
  return answer(ctx, input);
};
