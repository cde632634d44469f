/**
 * The app client's auth flows as Cognito's ExplicitAuthFlows, on the real
 * application listening on a port (its settings, not a test pool's): the flow of IDP_AUTH_FLOW
 * and REFRESH_TOKEN_AUTH always, USER_PASSWORD_AUTH only with IDP_ALLOW_PASSWORD_AUTH=true, any
 * other flow answering InvalidParameterException `<flow> flow not enabled for this client`.
 * Through raw user-pool calls and amazon-cognito-identity-js.
 */
import { startLiveServer, type LiveServer } from '../../support/liveServer';
import { lib, type BigIntegerLike } from './cognitoLib';
import {
  call,
  CLIENT_ID,
  expectCognitoError,
  latestCode,
  makePool,
  PASSWORD,
  signIn,
  uniqueName,
  userOf,
} from './helpers';

/** Signs a user up and confirms them by raw calls; their username. */
async function createUser(live: LiveServer): Promise<string> {
  const endpoint = `${live.origin}/idp/`;
  const username = uniqueName('flow');
  const email = `${username}@example.com`;
  const signUp = await call(endpoint, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: username,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  expect(signUp.status).toBe(200);
  const confirm = await call(endpoint, 'ConfirmSignUp', {
    ClientId: CLIENT_ID,
    Username: username,
    ConfirmationCode: await latestCode(live.origin, email),
  });
  expect(confirm.status).toBe(200);
  return username;
}

/** An SRP_A value as the library makes it. */
async function srpA(): Promise<string> {
  const helper = new lib.AuthenticationHelper('peanutvpn');
  const A = await new Promise<BigIntegerLike>((resolve, reject) =>
    helper.getLargeAValue((error, value) => (error ? reject(error) : resolve(value))),
  );
  return A.toString(16);
}

/** InitiateAuth with `flow`: status, error type and message, whether tokens came back. */
async function initiate(live: LiveServer, flow: string, parameters: Record<string, string>) {
  const answer = await call(`${live.origin}/idp/`, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: flow,
    AuthParameters: parameters,
  });
  return {
    status: answer.status,
    type: answer.body.__type,
    message: answer.body.message,
    tokens: answer.body.AuthenticationResult !== undefined,
    challenge: answer.body.ChallengeName,
    result: answer.body.AuthenticationResult as { RefreshToken?: string } | undefined,
  };
}

/** The answer of a flow the app client does not allow. */
const notEnabled = (flow: string) => ({
  status: 400,
  type: 'InvalidParameterException',
  message: `${flow} flow not enabled for this client`,
  tokens: false,
});

describe('app client auth flows', () => {
  const servers: LiveServer[] = [];
  const start = async (env: Record<string, string>) => {
    const live = await startLiveServer({ RATE_LIMIT_MAX: '100000', ...env });
    servers.push(live);
    return live;
  };
  afterAll(async () => {
    await Promise.all(servers.map((live) => live.close()));
  });

  it('with IDP_AUTH_FLOW=CUSTOM_AUTH, neither the password alone nor SRP alone signs in', async () => {
    const live = await start({ IDP_AUTH_FLOW: 'CUSTOM_AUTH', IDP_ALLOW_PASSWORD_AUTH: 'false' });
    const username = await createUser(live);
    expect(
      await initiate(live, 'USER_PASSWORD_AUTH', { USERNAME: username, PASSWORD }),
    ).toMatchObject(notEnabled('USER_PASSWORD_AUTH'));
    expect(
      await initiate(live, 'USER_SRP_AUTH', { USERNAME: username, SRP_A: await srpA() }),
    ).toMatchObject(notEnabled('USER_SRP_AUTH'));
    // The library's SRP sign-in (USER_SRP_AUTH) is refused the same way.
    const user = userOf(makePool(`${live.origin}/idp/`), username);
    await expectCognitoError(
      signIn(user, PASSWORD),
      'InvalidParameterException',
      'USER_SRP_AUTH flow not enabled for this client',
    );
    // The configured flow starts: SRP inside CUSTOM_AUTH, then the mailed code.
    const custom = await initiate(live, 'CUSTOM_AUTH', {
      USERNAME: username,
      SRP_A: await srpA(),
      CHALLENGE_NAME: 'SRP_A',
    });
    expect(custom).toMatchObject({ status: 200, challenge: 'PASSWORD_VERIFIER', tokens: false });
  });

  it('with the defaults, SRP and refresh only; USER_PASSWORD_AUTH once IDP_ALLOW_PASSWORD_AUTH=true', async () => {
    const strict = await start({ IDP_ALLOW_PASSWORD_AUTH: 'false' });
    const username = await createUser(strict);
    expect(
      await initiate(strict, 'USER_PASSWORD_AUTH', { USERNAME: username, PASSWORD }),
    ).toMatchObject(notEnabled('USER_PASSWORD_AUTH'));
    expect(await initiate(strict, 'CUSTOM_AUTH', { USERNAME: username })).toMatchObject(
      notEnabled('CUSTOM_AUTH'),
    );
    const session = await signIn(userOf(makePool(`${strict.origin}/idp/`), username), PASSWORD);
    const refreshed = await initiate(strict, 'REFRESH_TOKEN_AUTH', {
      REFRESH_TOKEN: session.getRefreshToken().getToken(),
    });
    expect(refreshed).toMatchObject({ status: 200, tokens: true });

    const open = await start({ IDP_ALLOW_PASSWORD_AUTH: 'true' });
    const other = await createUser(open);
    expect(await initiate(open, 'USER_PASSWORD_AUTH', { USERNAME: other, PASSWORD })).toMatchObject(
      { status: 200, tokens: true },
    );
  });
});
