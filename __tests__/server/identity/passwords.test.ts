/**
 * Passwords, driven with amazon-cognito-identity-js in Node against a real server (only the
 * identity plugin, in-memory PGlite) on a random loopback port: changing the password, resetting
 * a forgotten one with a mailed code (which signs out older sessions), and a reset for an
 * unknown user answered as for a known one.
 */
import {
  call,
  changePassword,
  CLIENT_ID,
  confirmPassword,
  createConfirmedUser,
  expectCognitoError,
  forgotPassword,
  mailbox,
  makePool,
  PASSWORD,
  signIn,
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

describe('logs', () => {
  it('never contain the passwords or codes of a change or a reset', async () => {
    const pool = makePool(server.endpoint);
    const { username, email, user } = await createConfirmedUser(server, pool, 'pwlogs');
    await signIn(user, PASSWORD);
    const changed = 'Changed-Passw0rd!';
    await expectCognitoError(
      changePassword(user, 'Wrong-Passw0rd', changed),
      'NotAuthorizedException',
    );
    await changePassword(user, PASSWORD, changed);
    await forgotPassword(userOf(pool, username));
    const [mail] = await mailbox(server.origin, email);
    const reset = 'Reset-Again-Passw0rd!';
    await confirmPassword(userOf(pool, username), mail.code, reset);

    const text = server.logs.text;
    expect(text).toContain('identity action refused');
    for (const secret of [PASSWORD, 'Wrong-Passw0rd', changed, reset]) {
      expect(text).not.toContain(secret);
    }
    // The code as a number of its own (not six digits inside a timestamp).
    expect(text).not.toMatch(new RegExp(`(?<!\\d)${mail.code}(?!\\d)`));
  });
});
