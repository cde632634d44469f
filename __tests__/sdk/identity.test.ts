/**
 * The SDK's identity client against the real application (in-process, random port, in-memory
 * PGlite): every account flow of issue 3 through amazon-cognito-identity-js, codes read from the
 * local mailbox, the id token accepted by the API.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startLiveServer, type LiveServer } from '../support/liveServer';
import type { AppConfig } from '../../src/core/appConfig';
import { createHttpClient } from '../../src/sdk/http';
import {
  createIdentityClient,
  defaultIdentityStorage,
  IdentityError,
  MemoryStorage,
  NOT_AUTHENTICATED,
  NOT_AUTHENTICATED_MESSAGE,
  toIdentityError,
  unsupportedChallenge,
  type IdentityClient,
} from '../../src/sdk/identity';
import { getBalance } from '../../src/sdk/vpns';

const PASSWORD = 'Peanut-Passw0rd';
const NEW_PASSWORD = 'Changed-Passw0rd!';

let server: LiveServer;
let config: AppConfig;

beforeAll(async () => {
  server = await startLiveServer();
  config = (await (await fetch(`${server.origin}/app-config.json`)).json()) as AppConfig;
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;
/** A fresh email address (mixed case: usernames are case-insensitive). */
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}${counter}.${Math.random().toString(36).slice(2, 8)}@Example.com`;
}

/** The newest code mailed to `email`. */
async function latestCode(email: string): Promise<string> {
  const response = await fetch(
    `${server.origin}/dev/mailbox/${encodeURIComponent(email.toLowerCase())}`,
  );
  expect(response.status).toBe(200);
  const mails = (await response.json()) as { to: string; code: string; subject: string }[];
  expect(mails.length).toBeGreaterThan(0);
  return mails[0].code;
}

/** A client on a device of its own (a fresh storage). */
function device(storage = new MemoryStorage()): { client: IdentityClient; storage: MemoryStorage } {
  return { client: createIdentityClient(config, storage), storage };
}

/** Expects `promise` to reject with an IdentityError of `code` (and `message` when given). */
async function expectIdentityError(promise: Promise<unknown>, code: string, message?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdentityError);
  const { code: actual, message: actualMessage } = error as IdentityError;
  expect({ code: actual, ...(message ? { message: actualMessage } : {}) }).toEqual({
    code,
    ...(message ? { message } : {}),
  });
}

/** Signs up and confirms a new user; returns the email and sub. */
async function registered(client: IdentityClient, label: string) {
  const email = uniqueEmail(label);
  const { userSub } = await client.signUp(email, PASSWORD);
  await client.confirmSignUp(email, await latestCode(email));
  return { email, sub: userSub };
}

/** Makes the stored session look expired (as after a clock drift), so the next use refreshes. */
function expireStoredSession(storage: MemoryStorage) {
  for (const [key] of storage.entries()) {
    if (key.endsWith('.clockDrift')) storage.setItem(key, String(-7 * 24 * 3600));
  }
}

/** A copy of a storage (the same tokens on another device). */
function copyOf(storage: MemoryStorage): MemoryStorage {
  const copy = new MemoryStorage();
  for (const [key, value] of storage.entries()) copy.setItem(key, value);
  return copy;
}

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

describe('sign in and sessions', () => {
  it('signs in with SRP, keeps the session in the storage and finds it again on a new client', async () => {
    const { client, storage } = device();
    const { email, sub } = await registered(client, 'bob');
    const session = await client.signIn(email, PASSWORD);
    expect(session.idTokenPayload).toMatchObject({ sub, email: email.toLowerCase() });
    expect(session.expiresAt).toBeGreaterThan(Date.now() / 1000);

    // Another client on the same storage (a page reload) has the session.
    const reloaded = createIdentityClient(config, storage);
    expect((await reloaded.currentSession()).idToken).toBe(session.idToken);
    expect(await reloaded.getIdToken()).toBe(session.idToken);
  });

  it("fails with 'Incorrect username or password.' and for an unknown user", async () => {
    const { client } = device();
    const { email } = await registered(client, 'wrong');
    await expectIdentityError(
      client.signIn(email, 'Wrong-Passw0rd'),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    await expectIdentityError(
      client.signIn(uniqueEmail('nobody'), PASSWORD),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    await expectIdentityError(
      client.signIn(email, ''),
      'InvalidParameterException',
      'PASSWORD parameter is required',
    );
  });

  it("answers 'User is not authenticated' without a session", async () => {
    const { client } = device();
    await expectIdentityError(
      client.currentSession(),
      NOT_AUTHENTICATED,
      NOT_AUTHENTICATED_MESSAGE,
    );
    await expectIdentityError(client.currentUser(), NOT_AUTHENTICATED, NOT_AUTHENTICATED_MESSAGE);
    await expectIdentityError(
      client.changePassword(PASSWORD, NEW_PASSWORD),
      NOT_AUTHENTICATED,
      NOT_AUTHENTICATED_MESSAGE,
    );
    await expectIdentityError(client.deleteUser(), NOT_AUTHENTICATED, NOT_AUTHENTICATED_MESSAGE);
    expect(await client.getIdToken()).toBeUndefined();
    // Signing out without a session is a no-op.
    await expect(client.signOut()).resolves.toBeUndefined();

    // The API then answers 401.
    const http = createHttpClient({ baseUrl: config.apiBaseUrl, getIdToken: client.getIdToken });
    await expect(getBalance(http)).rejects.toMatchObject({
      status: 401,
      data: expect.objectContaining({
        message: 'User needs to be authenticated to call this API.',
      }),
    });
  });

  it('refreshes an expired session with the refresh token (one refresh for concurrent callers)', async () => {
    const { client, storage } = device();
    const { email } = await registered(client, 'refresh');
    const first = await client.signIn(email, PASSWORD);
    expireStoredSession(storage);

    const reloaded = createIdentityClient(config, storage);
    const [a, b] = await Promise.all([reloaded.currentSession(), reloaded.getIdToken()]);
    expect(a.idToken).toBe(b);
    expect(a.refreshToken).toBe(first.refreshToken);
    expect(a.accessToken).not.toBe(first.accessToken);
    expect(await reloaded.currentUser()).toMatchObject({ email: email.toLowerCase() });
  });

  it('clears the cached user when the refresh is refused with NotAuthorizedException', async () => {
    const laptop = device();
    const { email } = await registered(laptop.client, 'revoked');
    await laptop.client.signIn(email, PASSWORD);
    // The same user signs in on a phone and signs out there: only the phone's token is revoked.
    const phone = device();
    await phone.client.signIn(email, PASSWORD);
    const phoneStorage = copyOf(phone.storage);
    await phone.client.signOut();
    expect(await phone.client.getIdToken()).toBeUndefined();

    // A copy of the phone's old tokens, expired: its refresh token was revoked.
    expireStoredSession(phoneStorage);
    const stale = createIdentityClient(config, phoneStorage);
    const ended = jest.fn();
    stale.onSessionEnded(ended);
    // The refusal is final at once: one refresh request, not the library's retries (~6 s).
    const realFetch = globalThis.fetch;
    const targets: string[] = [];
    globalThis.fetch = (input, init) => {
      targets.push(String(new Headers(init?.headers).get('X-Amz-Target')));
      return realFetch(input, init);
    };
    try {
      await expectIdentityError(stale.currentSession(), 'NotAuthorizedException');
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(targets).toEqual(['AWSCognitoIdentityProviderService.InitiateAuth']);
    expect(ended).toHaveBeenCalledTimes(1);
    await expectIdentityError(stale.currentSession(), NOT_AUTHENTICATED, NOT_AUTHENTICATED_MESSAGE);
    expect(
      phoneStorage.getItem(
        `CognitoIdentityServiceProvider.${config.userPoolClientId}.LastAuthUser`,
      ),
    ).toBeNull();

    // The laptop's session is untouched.
    expect(await laptop.client.currentUser()).toMatchObject({ email: email.toLowerCase() });
  }, 120_000);
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

describe('errors', () => {
  it('names the challenge it cannot answer', () => {
    expect(unsupportedChallenge('SMS_MFA').message).toBe(
      'Sign-in requires the SMS_MFA challenge (SMS multi-factor authentication), which this application does not support.',
    );
    expect(unsupportedChallenge('SMS_MFA').code).toBe('UnsupportedChallenge');
  });

  it.each(['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'NEW_PASSWORD_REQUIRED', 'CUSTOM_CHALLENGE'])(
    'fails sign-in with an error naming the %s challenge',
    async (challenge) => {
      const { client } = device();
      const { email } = await registered(client, 'mfa');
      // A proxy that answers the password verifier with a challenge, as a pool with MFA would.
      const proxy = createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const target = String(req.headers['x-amz-target'] ?? '');
        const upstream = await fetch(`${server.origin}/idp/`, {
          method: 'POST',
          headers: {
            'content-type': String(req.headers['content-type']),
            'x-amz-target': target,
          },
          body: Buffer.concat(chunks),
        });
        let body = await upstream.text();
        if (upstream.ok && target.endsWith('.RespondToAuthChallenge')) {
          body = JSON.stringify({
            ChallengeName: challenge,
            Session: 's',
            // What Cognito sends with NEW_PASSWORD_REQUIRED (the others ignore it).
            ChallengeParameters: { userAttributes: '{}', requiredAttributes: '[]' },
          });
        }
        res.writeHead(upstream.status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(body);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = proxy.address() as AddressInfo;
        const viaProxy = createIdentityClient(
          { ...config, identityEndpoint: `http://127.0.0.1:${port}/idp/` },
          new MemoryStorage(),
        );
        await expectIdentityError(
          viaProxy.signIn(email, PASSWORD),
          'UnsupportedChallenge',
          unsupportedChallenge(challenge).message,
        );
        await expectIdentityError(viaProxy.currentSession(), NOT_AUTHENTICATED);
      } finally {
        await new Promise((resolve) => proxy.close(resolve));
      }
    },
  );

  it('keeps Cognito codes and recognises the library messages', () => {
    const cognito = Object.assign(new Error('User does not exist.'), {
      code: 'UserNotFoundException',
    });
    expect(toIdentityError(cognito)).toMatchObject({
      code: 'UserNotFoundException',
      message: 'User does not exist.',
    });
    expect(
      toIdentityError(new Error('Local storage is missing an ID Token, Please authenticate')).code,
    ).toBe(NOT_AUTHENTICATED);
    expect(toIdentityError(new Error('Network error')).code).toBe('NetworkError');
    expect(toIdentityError(undefined).message).toBe('An unknown error has occurred.');
  });

  it('reports a network error when the identity provider cannot be reached', async () => {
    const client = createIdentityClient(
      { ...config, identityEndpoint: 'http://127.0.0.1:9/idp/' },
      new MemoryStorage(),
    );
    await expectIdentityError(
      client.signUp(uniqueEmail('net'), PASSWORD),
      'NetworkError',
      'Network error',
    );
  });
});
