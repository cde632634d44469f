/**
 * Sign-in and sessions, driven with amazon-cognito-identity-js in Node against a real server
 * (only the identity plugin, in-memory PGlite) on a random loopback port: SRP and
 * USER_PASSWORD_AUTH, the Cognito-shaped tokens and the JWKS that verifies them, wrong
 * passwords and unknown users, sessions restored from storage and refreshed, the user's
 * attributes, and logs that never hold passwords, codes or tokens.
 */
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { CognitoUser } from 'amazon-cognito-identity-js';
import { DEFAULT_VPN_CONFIG_LIMITS } from '../../../src/core/limits';
import {
  attributes,
  CLIENT_ID,
  createConfirmedUser,
  expectCognitoError,
  getSession,
  mailbox,
  makePool,
  MemoryStorage,
  PASSWORD,
  POOL_ID,
  refresh,
  signIn,
  signUp,
  startIdentityServer,
  uniqueName,
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

describe('sign in with SRP', () => {
  it('refuses an unconfirmed user with UserNotConfirmedException (after checking the password)', async () => {
    const pool = makePool(server.endpoint);
    const name = uniqueName('unconf');
    await signUp(pool, name, PASSWORD, `${name}@example.com`);
    await expectCognitoError(signIn(userOf(pool, name), PASSWORD), 'UserNotConfirmedException');
    await expectCognitoError(
      signIn(userOf(pool, name), 'Wrong-Passw0rd'),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
  });

  it('signs in with the right password and issues Cognito-shaped tokens', async () => {
    const pool = makePool(server.endpoint);
    const { username, email, sub, user } = await createConfirmedUser(server, pool, 'srp');
    const session = await signIn(user, PASSWORD);
    expect(session.isValid()).toBe(true);

    const jwks = (await (
      await fetch(`${server.origin}/idp/${POOL_ID}/.well-known/jwks.json`)
    ).json()) as JSONWebKeySet;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const keys = createLocalJWKSet(jwks);
    const issuer = `http://placeholder.invalid/idp/${POOL_ID}`;

    const { payload: id } = await jwtVerify(session.getIdToken().getJwtToken(), keys, {
      issuer,
      audience: CLIENT_ID,
      algorithms: ['RS256'],
    });
    expect(id).toMatchObject({
      sub,
      email,
      email_verified: true,
      'cognito:username': username,
      token_use: 'id',
    });
    expect(JSON.parse(id['custom:config'] as string)).toEqual(DEFAULT_VPN_CONFIG_LIMITS);
    expect((id.exp ?? 0) - (id.iat ?? 0)).toBe(3600);
    expect(typeof id.auth_time).toBe('number');

    const { payload: access } = await jwtVerify(session.getAccessToken().getJwtToken(), keys, {
      issuer,
      algorithms: ['RS256'],
    });
    expect(access).toMatchObject({
      sub,
      username,
      client_id: CLIENT_ID,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
    });
    expect(access.origin_jti).toEqual(id.origin_jti);
    expect(access.jti).not.toEqual(id.jti);
    expect(session.getRefreshToken().getToken()).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('signs in with any case of the username, and with the email', async () => {
    const pool = makePool(server.endpoint);
    const { username, email } = await createConfirmedUser(server, pool, 'Case');
    await signIn(userOf(pool, username.toUpperCase()), PASSWORD);
    await signIn(userOf(pool, email), PASSWORD);
  });

  it("refuses a wrong password with 'Incorrect username or password.'", async () => {
    const pool = makePool(server.endpoint);
    const { user } = await createConfirmedUser(server, pool, 'wrongpw');
    await expectCognitoError(
      signIn(user, 'Wrong-Passw0rd'),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
  });

  it("refuses an unknown user as a wrong password: 'Incorrect username or password.'", async () => {
    const pool = makePool(server.endpoint);
    await expectCognitoError(
      signIn(userOf(pool, uniqueName('nobody')), PASSWORD),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
  });

  it('also supports USER_PASSWORD_AUTH', async () => {
    const pool = makePool(server.endpoint);
    const { username, sub } = await createConfirmedUser(server, pool, 'plain');
    const user = userOf(pool, username);
    user.setAuthenticationFlowType('USER_PASSWORD_AUTH');
    await expectCognitoError(
      signIn(user, 'Wrong-Passw0rd'),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    const session = await signIn(user, PASSWORD);
    expect(session.getIdToken().payload.sub).toBe(sub);
  });
});

describe('sessions', () => {
  it('restores the session from storage and refreshes it with the refresh token', async () => {
    const storage = new MemoryStorage();
    const pool = makePool(server.endpoint, storage);
    const { username, user } = await createConfirmedUser(server, pool, 'sess');
    const session = await signIn(user, PASSWORD);

    // A new page load: the current user comes back from storage.
    const current = pool.getCurrentUser();
    expect(current?.getUsername()).toBe(username);
    const restored = await getSession(current as CognitoUser);
    expect(restored.getIdToken().getJwtToken()).toBe(session.getIdToken().getJwtToken());

    const refreshed = await refresh(current as CognitoUser, restored);
    expect(refreshed.getIdToken().getJwtToken()).not.toBe(session.getIdToken().getJwtToken());
    expect(refreshed.getRefreshToken().getToken()).toBe(session.getRefreshToken().getToken());
    const before = decodeJwt(session.getAccessToken().getJwtToken());
    const after = decodeJwt(refreshed.getAccessToken().getJwtToken());
    expect(after.origin_jti).toBe(before.origin_jti);
    expect(after.auth_time).toBe(before.auth_time);
    expect(after.jti).not.toBe(before.jti);
  });

  it('reads the user attributes', async () => {
    const pool = makePool(server.endpoint);
    const { email, sub, user } = await createConfirmedUser(server, pool, 'attrs');
    await signIn(user, PASSWORD);
    expect(await attributes(user)).toEqual({ sub, email, email_verified: 'true' });
  });
});

describe('logs', () => {
  it('never contain passwords, codes or tokens', async () => {
    const pool = makePool(server.endpoint);
    const { email, user } = await createConfirmedUser(server, pool, 'logs');
    const session = await signIn(user, PASSWORD);
    await expectCognitoError(
      signIn(userOf(pool, user.getUsername()), 'Wrong-Passw0rd'),
      'NotAuthorizedException',
    );
    const code = (await mailbox(server.origin, email))[0].code;
    const text = server.logs.text;
    expect(text).toContain('identity action refused');
    for (const secret of [
      PASSWORD,
      'Wrong-Passw0rd',
      code,
      session.getIdToken().getJwtToken(),
      session.getAccessToken().getJwtToken(),
      session.getRefreshToken().getToken(),
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
