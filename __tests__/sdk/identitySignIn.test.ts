/**
 * The SDK's identity client against the real application (in-process, random port, in-memory
 * PGlite), signing in through amazon-cognito-identity-js: SRP sign-in and the session
 * kept in the storage, wrong passwords, no session, refresh (and a refused one), and the errors:
 * challenges it cannot answer, Cognito codes, an unreachable provider. (Sign-up, passwords,
 * sign-out and deletion: `identityAccount.test.ts`; shared helpers: `identityHelpers.ts`.)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '../../src/sdk/http';
import {
  createIdentityClient,
  MemoryStorage,
  NOT_AUTHENTICATED,
  NOT_AUTHENTICATED_MESSAGE,
  toIdentityError,
  unsupportedChallenge,
} from '../../src/sdk/identity';
import { getBalance } from '../../src/sdk/vpns';
import {
  config,
  copyOf,
  device,
  expectIdentityError,
  expireStoredSession,
  NEW_PASSWORD,
  PASSWORD,
  registered,
  server,
  setUpLiveServer,
  uniqueEmail,
} from './identityHelpers';

setUpLiveServer();

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
