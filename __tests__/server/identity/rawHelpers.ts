/**
 * Helpers of the tests that speak the user-pool API in raw requests, below the library: a user
 * signed up (and confirmed) by SignUp and ConfirmSignUp calls, and an SRP sign-in
 * (USER_SRP_AUTH, then PASSWORD_VERIFIER) whose answer a test may tamper with before sending.
 */
import { createHmac } from 'node:crypto';
import { lib, type BigIntegerClass, type BigIntegerLike } from './cognitoLib';
import { formatTimestamp } from '../../../src/server/identity/srp';
import { call, CLIENT_ID, latestCode, PASSWORD, uniqueName, type IdentityServer } from './helpers';

/** Signs up (and optionally confirms) a user on `server` with raw calls. */
export async function createUser(server: IdentityServer, label: string, confirmUser = true) {
  const username = uniqueName(label);
  const email = `${username}@example.com`;
  const signUp = await call(server.endpoint, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: username,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  expect(signUp.status).toBe(200);
  if (confirmUser) {
    const confirm = await call(server.endpoint, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: username,
      ConfirmationCode: await latestCode(server.origin, email),
    });
    expect(confirm).toMatchObject({ status: 200, body: {} });
  }
  return { username, email };
}

/** InitiateAuth USER_SRP_AUTH with the library's helper; returns what answering needs. */
export async function startSrp(server: IdentityServer, username: string) {
  const helper = new lib.AuthenticationHelper('peanutvpn');
  const A = await new Promise<BigIntegerLike>((resolve, reject) =>
    helper.getLargeAValue((error, value) => (error ? reject(error) : resolve(value))),
  );
  const response = await call(server.endpoint, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: username, SRP_A: A.toString(16) },
  });
  expect(response.status).toBe(200);
  expect(response.body.ChallengeName).toBe('PASSWORD_VERIFIER');
  return { helper, parameters: response.body.ChallengeParameters as Record<string, string> };
}

/** The RespondToAuthChallenge request for a started SRP sign-in. */
export async function answer(
  started: Awaited<ReturnType<typeof startSrp>>,
  password: string,
  timestamp = formatTimestamp(new Date()),
) {
  const { helper, parameters } = started;
  const BigInteger = helper.N.constructor as BigIntegerClass;
  const key = await new Promise<Buffer>((resolve, reject) =>
    helper.getPasswordAuthenticationKey(
      parameters.USER_ID_FOR_SRP,
      password,
      new BigInteger(parameters.SRP_B, 16),
      new BigInteger(parameters.SALT, 16),
      (error, value) => (error ? reject(error) : resolve(value)),
    ),
  );
  const signature = createHmac('sha256', Buffer.from(key))
    .update(
      Buffer.concat([
        Buffer.from('peanutvpn'),
        Buffer.from(parameters.USER_ID_FOR_SRP),
        Buffer.from(parameters.SECRET_BLOCK, 'base64'),
        Buffer.from(timestamp),
      ]),
    )
    .digest('base64');
  return {
    ClientId: CLIENT_ID,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: {
      USERNAME: parameters.USER_ID_FOR_SRP,
      PASSWORD_CLAIM_SECRET_BLOCK: parameters.SECRET_BLOCK,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: signature,
    },
  };
}
