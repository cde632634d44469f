/**
 * How sessions and accounts end, driven with amazon-cognito-identity-js in Node against a real
 * server (only the identity plugin, in-memory PGlite) on a random loopback port: sign-out and
 * global sign-out revoke the refresh and access tokens, and deleting the account runs
 * onUserDeleted, stops its tokens and frees its name and email.
 */
import {
  call,
  CLIENT_ID,
  createConfirmedUser,
  deleteUser,
  expectCognitoError,
  globalSignOut,
  makePool,
  MemoryStorage,
  PASSWORD,
  refresh,
  signIn,
  signOut,
  signUp,
  startIdentityServer,
  userOf,
  type IdentityServer,
} from './helpers';

let server: IdentityServer;

beforeAll(async () => {
  server = await startIdentityServer();
});
afterAll(async () => {
  await server?.close();
});

describe('sign out', () => {
  it('global sign-out stops the refresh token and the access token', async () => {
    const pool = makePool(server.endpoint);
    const { user } = await createConfirmedUser(server, pool, 'global');
    const session = await signIn(user, PASSWORD);
    const other = await signIn(userOf(makePool(server.endpoint), user.getUsername()), PASSWORD);
    await globalSignOut(user);

    for (const s of [session, other]) {
      const r = await call(server.endpoint, 'InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: s.getRefreshToken().getToken() },
      });
      expect(r).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
      const g = await call(server.endpoint, 'GetUser', {
        AccessToken: s.getAccessToken().getJwtToken(),
      });
      expect(g.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      });
    }
  });

  it('refreshing after global sign-out fails with NotAuthorizedException and clears the cached user', async () => {
    const storage = new MemoryStorage();
    const pool = makePool(server.endpoint, storage);
    const { user } = await createConfirmedUser(server, pool, 'globalrefresh');
    const session = await signIn(user, PASSWORD);
    // Signed out everywhere from another device.
    const elsewhere = userOf(makePool(server.endpoint), user.getUsername());
    await signIn(elsewhere, PASSWORD);
    await globalSignOut(elsewhere);
    expect(pool.getCurrentUser()?.getUsername()).toBe(user.getUsername());
    // The library retries a failed refresh for about 6 s before giving up.
    await expectCognitoError(refresh(user, session), 'NotAuthorizedException');
    expect(pool.getCurrentUser()).toBeNull();
  });

  it('sign-out revokes the refresh token (the access token has origin_jti)', async () => {
    const pool = makePool(server.endpoint);
    const { user } = await createConfirmedUser(server, pool, 'signout');
    const session = await signIn(user, PASSWORD);
    await signOut(user);
    expect(pool.getCurrentUser()).toBeNull();
    const r = await call(server.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: session.getRefreshToken().getToken() },
    });
    expect(r.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    const g = await call(server.endpoint, 'GetUser', {
      AccessToken: session.getAccessToken().getJwtToken(),
    });
    expect(g.body.__type).toBe('NotAuthorizedException');
    // Signing in again works.
    await signIn(userOf(pool, user.getUsername()), PASSWORD);
  });
});

describe('delete account', () => {
  it('deletes the user, runs onUserDeleted, and sign-in then fails', async () => {
    const pool = makePool(server.endpoint);
    const { username, email, sub, user } = await createConfirmedUser(server, pool, 'del');
    const session = await signIn(user, PASSWORD);
    await deleteUser(user);
    expect(server.deleted).toContain(sub);
    expect(pool.getCurrentUser()).toBeNull();

    await expectCognitoError(
      signIn(userOf(pool, username), PASSWORD),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    const g = await call(server.endpoint, 'GetUser', {
      AccessToken: session.getAccessToken().getJwtToken(),
    });
    expect(g.body.__type).toBe('UserNotFoundException');
    const r = await call(server.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: session.getRefreshToken().getToken() },
    });
    expect(r.body.__type).toBe('NotAuthorizedException');

    // The name and the email are free again.
    const again = await signUp(pool, username, PASSWORD, email);
    expect(again.userSub).not.toBe(sub);
  });
});
