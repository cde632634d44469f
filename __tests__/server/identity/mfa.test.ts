/**
 * Software-token MFA driven by amazon-cognito-identity-js against our
 * identity endpoint: associate an authenticator app, verify it, turn it on, then sign in
 * through the SOFTWARE_TOKEN_MFA challenge. Codes are made with otplib as an authenticator app
 * makes them, at the server's clock (real time plus `offset`).
 */
import { AuthenticationDetails, type CognitoUser } from 'amazon-cognito-identity-js';
import { authenticator } from 'otplib';
import {
  call,
  CLIENT_ID,
  createConfirmedUser,
  expectCognitoError,
  makePool,
  PASSWORD,
  signIn,
  startIdentityServer,
  userOf,
  type IdentityServer,
} from './helpers';

let server: IdentityServer;
/** Added to the real time by the server's clock. */
let offset = 0;

beforeAll(async () => {
  server = await startIdentityServer({ clock: () => Date.now() + offset });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  offset = 0;
});

/** The code an authenticator app shows for `secret` at the server's time. */
function codeFor(secret: string): string {
  return authenticator.clone({ epoch: Date.now() + offset }).generate(secret);
}

/** Moves the server's clock to the next 30 s TOTP step. */
function nextStep(): void {
  offset += 30_000;
}

function associate(user: CognitoUser): Promise<string> {
  return new Promise((resolve, reject) =>
    user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
  );
}

function verify(user: CognitoUser, code: string): Promise<unknown> {
  return new Promise((resolve, reject) =>
    user.verifySoftwareToken(code, 'My phone', { onSuccess: resolve, onFailure: reject }),
  );
}

function setTotp(user: CognitoUser, enabled: boolean): Promise<unknown> {
  return new Promise((resolve, reject) =>
    user.setUserMfaPreference(null, { PreferredMfa: enabled, Enabled: enabled }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

/**
 * Signs in expecting the SOFTWARE_TOKEN_MFA challenge, answering it with `code()`; resolves
 * with the session, or rejects with the error of either step.
 */
function signInWithTotp(user: CognitoUser, password: string, code: () => string) {
  const details = new AuthenticationDetails({ Username: user.getUsername(), Password: password });
  return new Promise<string>((resolve, reject) => {
    const callbacks = {
      onSuccess: () => resolve('signed in'),
      onFailure: reject,
      totpRequired: () => user.sendMFACode(code(), callbacks, 'SOFTWARE_TOKEN_MFA'),
      mfaRequired: () => reject(new Error('unexpected mfaRequired')),
      newPasswordRequired: () => reject(new Error('unexpected newPasswordRequired')),
      customChallenge: () => reject(new Error('unexpected customChallenge')),
    };
    user.authenticateUser(details, callbacks);
  });
}

/** A confirmed, signed-in user with TOTP turned on; its secret. */
async function userWithTotp(label: string) {
  const pool = makePool(server.endpoint);
  const created = await createConfirmedUser(server, pool, label);
  await signIn(created.user, PASSWORD);
  const secret = await associate(created.user);
  await verify(created.user, codeFor(secret));
  await setTotp(created.user, true);
  nextStep();
  return { ...created, secret, pool };
}

describe('software-token MFA', () => {
  it('asks for the app code at sign-in once turned on, and GetUser says so', async () => {
    const { username, user, secret, pool } = await userWithTotp('totp');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const session = user.getSignInUserSession();
    const me = await call(server.endpoint, 'GetUser', {
      AccessToken: session?.getAccessToken().getJwtToken(),
    });
    expect(me.body).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });

    const again = userOf(pool, username);
    await expect(signInWithTotp(again, PASSWORD, () => codeFor(secret))).resolves.toBe('signed in');
    // A plain sign-in no longer gets tokens without the code.
    await expect(signIn(userOf(pool, username), PASSWORD)).rejects.toThrow(
      'unexpected totpRequired',
    );
  });

  it('refuses a wrong code, a replayed code, and a used or expired Session', async () => {
    const { username, secret, pool } = await userWithTotp('totpbad');
    const wrong = () => String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, '0');
    await expectCognitoError(
      signInWithTotp(userOf(pool, username), PASSWORD, wrong),
      'CodeMismatchException',
    );

    const code = codeFor(secret);
    await signInWithTotp(userOf(pool, username), PASSWORD, () => code);
    // The same code (same step) is never accepted twice.
    await expectCognitoError(
      signInWithTotp(userOf(pool, username), PASSWORD, () => code),
      'CodeMismatchException',
    );

    // A Session is used once, and lives 3 minutes.
    const start = await call(server.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD },
    });
    expect(start.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const answer = (session: unknown) =>
      call(server.endpoint, 'RespondToAuthChallenge', {
        ClientId: CLIENT_ID,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: wrong() },
      });
    expect((await answer(start.body.Session)).body.__type).toBe('CodeMismatchException');
    expect((await answer(start.body.Session)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
    const late = await call(server.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD },
    });
    offset += 3 * 60_000 + 1000;
    expect((await answer(late.body.Session)).body.message).toBe('Invalid session for the user.');
  });

  it('turns on only with a verified app, and turns off again', async () => {
    const pool = makePool(server.endpoint);
    const { username, user } = await createConfirmedUser(server, pool, 'totpoff');
    await signIn(user, PASSWORD);
    await expectCognitoError(setTotp(user, true), 'InvalidParameterException');
    const secret = await associate(user);
    await expectCognitoError(verify(user, '000000'), 'EnableSoftwareTokenMFAException');
    await verify(user, codeFor(secret));
    await setTotp(user, true);
    await setTotp(user, false);
    await signIn(userOf(pool, username), PASSWORD);
  });
});
