/**
 * Sign-up and its confirmation, driven with amazon-cognito-identity-js in Node against a real
 * server (only the identity plugin, in-memory PGlite) on a random loopback port: the password
 * policy, the email, duplicate names and emails, resent codes, wrong, unknown and racing
 * confirmations, and a confirmation rolled back when onUserConfirmed fails.
 */
import {
  confirm,
  expectCognitoError,
  latestCode,
  mailbox,
  makePool,
  PASSWORD,
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
    // Users sign in by username or email: neither may name another user's (a
    // username shaped like an email must be the email attribute, so this is refused first).
    await expectCognitoError(
      signUp(pool, email, PASSWORD, `third-${name}@example.com`),
      'InvalidParameterException',
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

    // A confirmed user answers as an unknown one: the code does not match.
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
