/**
 * Limits and time windows against a real server (only the identity plugin, in-memory PGlite)
 * whose clock a test may stop or move: sign-in locked after failed attempts (through
 * amazon-cognito-identity-js, then progressively in raw requests), code mails per hour, codes
 * killed by wrong guesses, and the expiry of unconfirmed sign-ups, refresh and access tokens.
 */
import {
  call,
  CLIENT_ID,
  confirm,
  createConfirmedUser,
  expectCognitoError,
  latestCode,
  makePool,
  PASSWORD,
  signIn,
  signUp,
  startIdentityServer,
  uniqueName,
  userOf,
  type IdentityServer,
} from './helpers';
import { answer, createUser, startSrp } from './rawHelpers';

let server: IdentityServer;
/** Added to the real time (or to `frozenAt`) by the server's clock. */
let offset = 0;
/** When set, the server's clock stands still here (plus `offset`): exact time windows. */
let frozenAt: number | undefined;

beforeAll(async () => {
  server = await startIdentityServer({ clock: () => (frozenAt ?? Date.now()) + offset });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  offset = 0;
  frozenAt = undefined;
});

describe('throttling', () => {
  it('locks sign-in after 5 failed attempts, even with the right password', async () => {
    const pool = makePool(server.endpoint);
    const { username } = await createConfirmedUser(server, pool, 'lock');
    // A stopped clock: on a busy machine the next sign-in may take longer than the 1 s lock.
    frozenAt = Date.now();
    for (let i = 0; i < 5; i++) {
      await expectCognitoError(
        signIn(userOf(pool, username), 'Wrong-Passw0rd'),
        'NotAuthorizedException',
        'Incorrect username or password.',
      );
    }
    await expectCognitoError(
      signIn(userOf(pool, username), PASSWORD),
      'NotAuthorizedException',
      'Password attempts exceeded',
    );
  });

  it('limits code mails per user per hour', async () => {
    const pool = makePool(server.endpoint);
    const name = uniqueName('mails');
    await signUp(pool, name, PASSWORD, `${name}@example.com`);
    const user = userOf(pool, name);
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve, reject) =>
        user.resendConfirmationCode((error, result) => (error ? reject(error) : resolve(result))),
      );
    }
    await expectCognitoError(
      new Promise((resolve, reject) =>
        user.resendConfirmationCode((error, result) => (error ? reject(error) : resolve(result))),
      ),
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    );
  });

  it('kills a code after 5 wrong guesses', async () => {
    const pool = makePool(server.endpoint);
    const name = uniqueName('guess');
    const email = `${name}@example.com`;
    await signUp(pool, name, PASSWORD, email);
    const code = await latestCode(server.origin, email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      await expectCognitoError(confirm(userOf(pool, name), wrong), 'CodeMismatchException');
    }
    await expectCognitoError(confirm(userOf(pool, name), code), 'LimitExceededException');
  });
});

describe('expiry and time windows', () => {
  it('expires an unconfirmed sign-up with its code after 24 hours, freeing the name', async () => {
    const { username, email } = await createUser(server, 'expire', false);
    const code = await latestCode(server.origin, email);
    offset = 24 * 3600_000 + 1000;
    const r = await call(server.endpoint, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: username,
      ConfirmationCode: code,
    });
    expect(r.body).toEqual({
      __type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    const again = await call(server.endpoint, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: username,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(again.status).toBe(200);
  });

  it('expires refresh tokens after 30 days', async () => {
    const { username } = await createUser(server, 'oldrefresh');
    const r = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer(await startSrp(server, username), PASSWORD),
    );
    const refreshToken = (r.body.AuthenticationResult as Record<string, string>).RefreshToken;
    const refresh = () =>
      call(server.endpoint, 'InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
    offset = 29 * 24 * 3600_000;
    const fresh = await refresh();
    expect(fresh.status).toBe(200);
    expect(fresh.body.AuthenticationResult).not.toHaveProperty('RefreshToken');
    offset = 31 * 24 * 3600_000;
    expect((await refresh()).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    });
    const unknown = await call(server.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: 'not-a-token' },
    });
    expect(unknown.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
  });

  it('locks out progressively: 1 s after the fifth failure, doubling, up to 15 minutes', async () => {
    const { username } = await createUser(server, 'unlock');
    // A stopped clock: a slow request on a busy machine cannot let a lock run out.
    frozenAt = Date.now();
    const attempt = async (password: string) => {
      const r = await call(server.endpoint, 'InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      });
      return r.status === 200 ? 'ok' : String(r.body.message);
    };
    for (let i = 0; i < 4; i++) {
      expect(await attempt('Wrong-Passw0rd')).toBe('Incorrect username or password.');
    }
    // From the fifth failure on, each failure locks for 1 s, 2 s, 4 s... then 15 minutes.
    for (let failure = 5; failure <= 16; failure++) {
      expect(await attempt('Wrong-Passw0rd')).toBe('Incorrect username or password.');
      const lockMs = Math.min(1000 * 2 ** (failure - 5), 15 * 60_000);
      // 200 ms before the lock ends, then exactly at its end.
      offset += lockMs - 200;
      expect({ failure, answer: await attempt(PASSWORD) }).toEqual({
        failure,
        answer: 'Password attempts exceeded',
      });
      offset += 200;
    }
    // The right password refunds the failures: the count starts again.
    expect(await attempt(PASSWORD)).toBe('ok');
    for (let i = 0; i < 4; i++) {
      expect(await attempt('Wrong-Passw0rd')).toBe('Incorrect username or password.');
    }
    expect(await attempt(PASSWORD)).toBe('ok');
  });

  it('rejects GetUser with an expired access token', async () => {
    const { username } = await createUser(server, 'expiredaccess');
    const r = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer(await startSrp(server, username), PASSWORD),
    );
    const accessToken = (r.body.AuthenticationResult as Record<string, string>).AccessToken;
    expect((await call(server.endpoint, 'GetUser', { AccessToken: accessToken })).status).toBe(200);
    offset = 3601_000;
    expect((await call(server.endpoint, 'GetUser', { AccessToken: accessToken })).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has expired',
    });
  });
});
