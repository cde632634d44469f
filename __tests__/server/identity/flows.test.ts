/**
 * Every account flow of issue 3, driven with amazon-cognito-identity-js in Node against a real
 * server (only the identity plugin, in-memory PGlite) on a random loopback port.
 */
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { CognitoUser } from 'amazon-cognito-identity-js';
import { DEFAULT_VPN_CONFIG_LIMITS } from '../../../src/core/limits';
import {
  attributes,
  call,
  changePassword,
  CLIENT_ID,
  confirm,
  confirmPassword,
  createConfirmedUser,
  deleteUser,
  expectCognitoError,
  forgotPassword,
  getSession,
  globalSignOut,
  latestCode,
  mailbox,
  makePool,
  MemoryStorage,
  PASSWORD,
  POOL_ID,
  refresh,
  signIn,
  signOut,
  signUp,
  startIdentityServer,
  uniqueName,
  userOf,
  type IdentityServer,
} from './helpers';

let server: IdentityServer;
/** When set, the server's clock stands still here (tests of time windows). */
let frozenAt: number | undefined;

beforeAll(async () => {
  server = await startIdentityServer({ clock: () => frozenAt ?? Date.now() });
});
afterEach(() => {
  frozenAt = undefined;
});
afterAll(async () => {
  await server?.close();
});

describe('sign up', () => {
  it('refuses passwords that break the policy', async () => {
    const pool = makePool(server.endpoint);
    const name = uniqueName('weak');
    for (const [password, reason] of [
      ['Sh0rt!', 'Password not long enough'],
      ['no-digits-Here', 'Password must have numeric characters'],
      ['NO-LOWER-CASE-1', 'Password must have lowercase characters'],
      ['no-upper-case-1', 'Password must have uppercase characters'],
      ['NoSymbols123', 'Password must have symbol characters'],
    ]) {
      await expectCognitoError(
        signUp(pool, name, password, `${name}@example.com`),
        'InvalidPasswordException',
        `Password did not conform with policy: ${reason}`,
      );
    }
  });

  it('requires an email', async () => {
    const pool = makePool(server.endpoint);
    await expectCognitoError(
      signUp(pool, uniqueName('noemail'), PASSWORD),
      'InvalidParameterException',
    );
    await expectCognitoError(
      signUp(pool, uniqueName('bademail'), PASSWORD, 'not an email'),
      'InvalidParameterException',
      'Invalid email address format.',
    );
  });

  it('creates an unconfirmed user, mails a code, and refuses duplicates once confirmed', async () => {
    const pool = makePool(server.endpoint);
    const name = uniqueName('dup');
    const email = `${name}@Example.com`;
    const result = await signUp(pool, name, PASSWORD, email);
    expect(result.userConfirmed).toBe(false);
    expect(result.userSub).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.destination).toBe(`${name.charAt(0)}***@e***`);

    const mails = await mailbox(server.origin, email.toLowerCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]).toEqual({
      to: email.toLowerCase(),
      subject: expect.stringContaining('verification code'),
      text: expect.stringContaining(mails[0].code),
      code: expect.stringMatching(/^\d{6}$/),
      sentAt: expect.any(String),
    });
    expect(Date.parse(mails[0].sentAt)).toBeGreaterThan(Date.now() - 60_000);

    await confirm(userOf(pool, name), mails[0].code);
    await expectCognitoError(
      signUp(pool, name, PASSWORD, `other-${name}@example.com`),
      'UsernameExistsException',
      'User already exists',
    );
    await expectCognitoError(
      signUp(pool, name.toUpperCase(), PASSWORD, `other-${name}@example.com`),
      'UsernameExistsException',
      'User already exists',
    );
    await expectCognitoError(
      signUp(pool, uniqueName('other'), PASSWORD, email),
      'UsernameExistsException',
      'An account with the given email already exists.',
    );
    // Users sign in by username or email: neither may name another user's.
    await expectCognitoError(
      signUp(pool, email, PASSWORD, `third-${name}@example.com`),
      'UsernameExistsException',
      'User already exists',
    );
    await expectCognitoError(
      signUp(pool, uniqueName('fourth'), PASSWORD, name),
      'InvalidParameterException',
    );
  });

  it('resends the confirmation code (newest first in the mailbox)', async () => {
    const pool = makePool(server.endpoint);
    const name = uniqueName('resend');
    const email = `${name}@example.com`;
    const { user } = await signUp(pool, name, PASSWORD, email);
    const first = await latestCode(server.origin, email);
    await new Promise((resolve, reject) =>
      user.resendConfirmationCode((error, result) => (error ? reject(error) : resolve(result))),
    );
    const mails = await mailbox(server.origin, email);
    expect(mails).toHaveLength(2);
    const second = mails[0].code;
    // The old code no longer works (unless the random new one happens to be equal).
    if (second !== first) {
      await expectCognitoError(confirm(user, first), 'CodeMismatchException');
    }
    await confirm(user, second);
  });
});

describe('confirm sign-up', () => {
  it('refuses a wrong code, accepts the right one, runs onUserConfirmed exactly once', async () => {
    const pool = makePool(server.endpoint);
    const name = uniqueName('conf');
    const email = `${name}@example.com`;
    const { userSub } = await signUp(pool, name, PASSWORD, email);
    const user = userOf(pool, name);
    const code = await latestCode(server.origin, email);
    const wrong = code === '000000' ? '000001' : '000000';
    await expectCognitoError(
      confirm(user, wrong),
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
    );
    expect(server.confirmed).not.toContain(userSub);

    await confirm(user, code);
    expect(server.confirmed.filter((sub) => sub === userSub)).toHaveLength(1);

    // A confirmed user answers as an unknown one: the code does not match (issue 16).
    await expectCognitoError(confirm(user, code), 'CodeMismatchException');
    expect(server.confirmed.filter((sub) => sub === userSub)).toHaveLength(1);
  });

  it('confirms once when two confirmations race', async () => {
    const pool = makePool(server.endpoint);
    const name = uniqueName('race');
    const email = `${name}@example.com`;
    const { userSub } = await signUp(pool, name, PASSWORD, email);
    const code = await latestCode(server.origin, email);
    const results = await Promise.allSettled([
      confirm(userOf(pool, name), code),
      confirm(userOf(pool, name), code),
      confirm(userOf(pool, name), code),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(server.confirmed.filter((sub) => sub === userSub)).toHaveLength(1);
  });

  it('rolls the confirmation back when onUserConfirmed fails', async () => {
    const pool = makePool(server.endpoint);
    const name = uniqueName('rollback');
    const email = `${name}@example.com`;
    const { userSub } = await signUp(pool, name, PASSWORD, email);
    const code = await latestCode(server.origin, email);
    server.beforeConfirmed = async () => {
      throw new Error('ledger unavailable');
    };
    try {
      await expectCognitoError(confirm(userOf(pool, name), code), 'InternalErrorException');
    } finally {
      server.beforeConfirmed = undefined;
    }
    await expectCognitoError(signIn(userOf(pool, name), PASSWORD), 'UserNotConfirmedException');
    await confirm(userOf(pool, name), code);
    expect(server.confirmed.filter((sub) => sub === userSub)).toHaveLength(1);
    await signIn(userOf(pool, name), PASSWORD);
    expect(server.logs.text).toContain('identity action failed');
    expect(server.logs.text).not.toContain(code);
  });

  it('answers an unknown user as a wrong code (no user existence errors)', async () => {
    const pool = makePool(server.endpoint);
    await expectCognitoError(
      confirm(userOf(pool, uniqueName('ghost')), '123456'),
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
    );
  });
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

describe('passwords', () => {
  it('changes the password, then signs in with the new one only', async () => {
    const pool = makePool(server.endpoint);
    const { username, user } = await createConfirmedUser(server, pool, 'chpw');
    await signIn(user, PASSWORD);
    const next = 'New-Passw0rd!';
    await expectCognitoError(
      changePassword(user, 'Wrong-Passw0rd', next),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    await expectCognitoError(changePassword(user, PASSWORD, 'weak'), 'InvalidPasswordException');
    await changePassword(user, PASSWORD, next);

    await expectCognitoError(signIn(userOf(pool, username), PASSWORD), 'NotAuthorizedException');
    const session = await signIn(userOf(pool, username), next);
    expect(session.isValid()).toBe(true);
  });

  it('resets a forgotten password with a mailed code', async () => {
    const pool = makePool(server.endpoint);
    const { username, email, user } = await createConfirmedUser(server, pool, 'forgot');
    const oldSession = await signIn(user, PASSWORD);

    await forgotPassword(userOf(pool, username));
    const [mail] = await mailbox(server.origin, email);
    expect(mail.subject).toContain('Reset');
    const next = 'Reset-Passw0rd!';
    const wrong = mail.code === '000000' ? '000001' : '000000';
    await expectCognitoError(
      confirmPassword(userOf(pool, username), wrong, next),
      'CodeMismatchException',
    );
    await expectCognitoError(
      confirmPassword(userOf(pool, username), mail.code, 'weak'),
      'InvalidPasswordException',
    );
    await confirmPassword(userOf(pool, username), mail.code, next);
    // The code is used up.
    await expectCognitoError(
      confirmPassword(userOf(pool, username), mail.code, 'Again-Passw0rd!'),
      'CodeMismatchException',
    );

    await expectCognitoError(signIn(userOf(pool, username), PASSWORD), 'NotAuthorizedException');
    await signIn(userOf(pool, username), next);
    // Sessions from before the reset are signed out.
    const r = await call(server.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: oldSession.getRefreshToken().getToken() },
    });
    expect(r.body.__type).toBe('NotAuthorizedException');
  });

  it('answers a reset for an unknown user as for a known one, and mails nothing', async () => {
    const pool = makePool(server.endpoint);
    const ghost = `${uniqueName('ghost')}@example.com`;
    await expect(forgotPassword(userOf(pool, ghost))).resolves.toEqual({
      CodeDeliveryDetails: {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: expect.stringMatching(/^g\*\*\*@e\*\*\*$/),
      },
    });
    expect(await mailbox(server.origin, ghost)).toEqual([]);
  });
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
