/**
 * The SDK's identity client against the real application (in-process, random port, in-memory
 * PGlite), an account's life through amazon-cognito-identity-js: the client's config
 * checks, sign-up and confirmation with the mailed code (the id token accepted by the API),
 * password change and reset, sign-out and account deletion. (Sign-in, sessions and errors:
 * `identitySignIn.test.ts`; shared helpers: `identityHelpers.ts`.)
 */
import { createHttpClient } from '../../src/sdk/http';
import {
  createIdentityClient,
  defaultIdentityStorage,
  MemoryStorage,
  NOT_AUTHENTICATED,
} from '../../src/sdk/identity';
import { getBalance } from '../../src/sdk/vpns';
import {
  config,
  copyOf,
  device,
  expectIdentityError,
  expireStoredSession,
  latestCode,
  NEW_PASSWORD,
  PASSWORD,
  registered,
  server,
  setUpLiveServer,
  uniqueEmail,
} from './identityHelpers';

setUpLiveServer();

describe('createIdentityClient', () => {
  it('refuses a malformed pool id or a missing client id (spec §5)', () => {
    const base = { identityEndpoint: `${server.origin}/idp/`, userPoolClientId: 'c' };
    expect(() => createIdentityClient({ ...base, userPoolId: '' })).toThrow('userPoolId');
    expect(() => createIdentityClient({ ...base, userPoolId: 'nounderscore' })).toThrow(
      /Invalid userPoolId/,
    );
    expect(() => createIdentityClient({ ...base, userPoolId: `a_${'b'.repeat(54)}` })).toThrow(
      /at most 55/,
    );
    expect(() =>
      createIdentityClient({ ...base, userPoolId: 'local_x', userPoolClientId: '' }),
    ).toThrow('userPoolClientId is required');
  });

  it('keeps tokens in memory when there is no usable localStorage (Node)', () => {
    expect(defaultIdentityStorage()).toBeInstanceOf(MemoryStorage);
  });
});

describe('sign up and confirm', () => {
  it('signs up with the email as username and attribute, confirms with the mailed code, credits 10 peanuts', async () => {
    const { client } = device();
    const email = uniqueEmail('ann');
    const result = await client.signUp(email, PASSWORD);
    expect(result.userConfirmed).toBe(false);
    expect(result.userSub).toMatch(/^[0-9a-f-]{36}$/);

    // Not confirmed yet: sign-in is refused.
    await expectIdentityError(client.signIn(email, PASSWORD), 'UserNotConfirmedException');
    await expectIdentityError(
      client.confirmSignUp(email, '000000'),
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
    );

    // A resent code replaces the first one.
    await client.resendConfirmationCode(email);
    await client.confirmSignUp(email, await latestCode(email));

    await client.signIn(email, PASSWORD);
    const user = await client.currentUser();
    expect(user).toEqual({
      username: email.toLowerCase(),
      email: email.toLowerCase(),
      sub: result.userSub,
    });

    const http = createHttpClient({
      baseUrl: config.apiBaseUrl,
      getIdToken: () => client.getIdToken(),
    });
    expect(await getBalance(http)).toEqual({ balance: 10 });
  });

  it('refuses a weak password and an existing user with Cognito messages', async () => {
    const { client } = device();
    const email = uniqueEmail('weak');
    await expectIdentityError(
      client.signUp(email, 'short1!A'.slice(0, 6)),
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough',
    );
    // An unconfirmed sign-up is replaced by a new one; a confirmed account is taken.
    await client.signUp(email, PASSWORD);
    await client.signUp(email, PASSWORD);
    await client.confirmSignUp(email, await latestCode(email));
    await expectIdentityError(client.signUp(email, PASSWORD), 'UsernameExistsException');
  });
});

describe('passwords', () => {
  it('changes the password: the old one stops working, the new one works', async () => {
    const { client } = device();
    const { email } = await registered(client, 'change');
    await client.signIn(email, PASSWORD);
    await expectIdentityError(
      client.changePassword('Wrong-Passw0rd', NEW_PASSWORD),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    // A wrong current password does not end the session.
    expect(await client.getIdToken()).toBeDefined();
    await client.changePassword(PASSWORD, NEW_PASSWORD);
    await client.signOut();

    await expectIdentityError(client.signIn(email, PASSWORD), 'NotAuthorizedException');
    await client.signIn(email, NEW_PASSWORD);
  });

  it('resets a forgotten password with the mailed code', async () => {
    const { client } = device();
    const { email } = await registered(client, 'forgot');
    await client.forgotPassword(email);
    await expectIdentityError(
      client.confirmForgotPassword(email, '000000', NEW_PASSWORD),
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
    );
    await client.confirmForgotPassword(email, await latestCode(email), NEW_PASSWORD);
    await client.signIn(email, NEW_PASSWORD);
    // An unknown address is answered as a known one (no user existence errors): no mail.
    await client.forgotPassword(uniqueEmail('ghost'));
  });
});

describe('sign out and delete', () => {
  it('signs out by revoking the refresh token', async () => {
    const { client, storage } = device();
    const { email } = await registered(client, 'out');
    await client.signIn(email, PASSWORD);
    const copy = copyOf(storage);
    await client.signOut();
    await expectIdentityError(client.currentSession(), NOT_AUTHENTICATED);

    // The old refresh token no longer refreshes.
    expireStoredSession(copy);
    await expectIdentityError(
      createIdentityClient(config, copy).currentSession(),
      'NotAuthorizedException',
    );
  }, 120_000);

  it('deletes the account: the session ends and signing in fails', async () => {
    const { client } = device();
    const { email } = await registered(client, 'gone');
    await client.signIn(email, PASSWORD);
    await client.deleteUser();
    await expectIdentityError(client.currentSession(), NOT_AUTHENTICATED);
    await expectIdentityError(client.signIn(email, PASSWORD), 'NotAuthorizedException');
  });
});
