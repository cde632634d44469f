/**
 * @jest-environment node
 *
 * The SPA's lazily loaded identity client against the real application (in-process,
 * random port, in-memory PGlite): with nothing stored it answers "nobody is signed in" without
 * loading amazon-cognito-identity-js; signing up, in and out, a stored session and a refused
 * refresh go through the real client, loaded once.
 */
import { startLiveServer, type LiveServer } from '../../support/liveServer';
import type { AppConfig } from '../../../src/core/appConfig';
import { createHttpClient } from '../../../src/sdk/http';
import {
  IdentityError,
  MemoryStorage,
  NOT_AUTHENTICATED,
  NOT_AUTHENTICATED_MESSAGE,
} from '../../../src/sdk/identity';
import { getBalance } from '../../../src/sdk/vpns';
import {
  createLazyIdentityClient,
  loadIdentityModule,
  mayHoldSession,
  type IdentityModule,
} from '../../../src/web/app/lazyIdentity';

const PASSWORD = 'Peanut-Passw0rd';

let server: LiveServer;
let config: AppConfig;

beforeAll(async () => {
  server = await startLiveServer();
  config = (await (await fetch(`${server.origin}/app-config.json`)).json()) as AppConfig;
});
afterAll(async () => {
  await server?.close();
});

/** A loader of the real identity module that counts its calls. */
function countingLoader() {
  return jest.fn(loadIdentityModule);
}

/** A lazy client on a fresh device (storage) and the count of its module loads. */
function device(storage = new MemoryStorage()) {
  const load = countingLoader();
  return { client: createLazyIdentityClient(config, storage, load), storage, load };
}

/** The error `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs up and confirms `email` with the code from the local mailbox. */
async function register(client: ReturnType<typeof device>['client'], email: string) {
  await client.signUp(email, PASSWORD);
  const mails = (await (
    await fetch(`${server.origin}/dev/mailbox/${encodeURIComponent(email)}`)
  ).json()) as { code: string }[];
  await client.confirmSignUp(email, mails[0].code);
}

describe('createLazyIdentityClient', () => {
  it('answers that nobody is signed in without loading the library when nothing is stored', async () => {
    const { client, load } = device();
    const error = await rejection(client.currentUser());
    expect(error).toBeInstanceOf(IdentityError);
    expect(error).toMatchObject({ code: NOT_AUTHENTICATED, message: NOT_AUTHENTICATED_MESSAGE });
    await expect(client.currentSession()).rejects.toMatchObject({ code: NOT_AUTHENTICATED });
    await expect(client.getIdToken()).resolves.toBeUndefined();
    await expect(client.signOut()).resolves.toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('refuses a malformed configuration at once, as the real client does', () => {
    const load = countingLoader();
    const base = { identityEndpoint: `${server.origin}/idp/`, userPoolClientId: 'c' };
    expect(() =>
      createLazyIdentityClient({ ...base, userPoolId: 'nounderscore' }, new MemoryStorage(), load),
    ).toThrow(/Invalid userPoolId/);
    expect(() =>
      createLazyIdentityClient(
        { ...base, userPoolId: 'local_x', userPoolClientId: '' },
        new MemoryStorage(),
        load,
      ),
    ).toThrow('userPoolClientId is required');
    expect(load).not.toHaveBeenCalled();
  });

  it('signs up, in and out through the real client, loaded once; a stored session is found on the next visit', async () => {
    const laptop = device();
    const email = uniqueEmail('lazy');
    await register(laptop.client, email);
    const session = await laptop.client.signIn(email, PASSWORD);
    expect(laptop.load).toHaveBeenCalledTimes(1);
    // The API accepts its id token.
    const { balance } = await getBalance(
      createHttpClient({
        baseUrl: config.apiBaseUrl,
        getIdToken: () => laptop.client.getIdToken(),
      }),
    );
    expect(balance).toBeGreaterThan(0);

    // The next visit (a new client on the same storage) finds the session: it loads the library.
    const visit = device(laptop.storage);
    const [user, idToken] = await Promise.all([
      visit.client.currentUser(),
      visit.client.getIdToken(),
    ]);
    expect(user).toMatchObject({ email });
    expect(idToken).toBe(session.idToken);
    expect(visit.load).toHaveBeenCalledTimes(1);

    await visit.client.signOut();
    expect(await visit.client.getIdToken()).toBeUndefined();
    await expect(visit.client.currentUser()).rejects.toMatchObject({ code: NOT_AUTHENTICATED });
    expect(visit.load).toHaveBeenCalledTimes(1);
  });

  it('tells its listeners when a refresh is refused (the real client cleared the session)', async () => {
    const phone = device();
    const email = uniqueEmail('ended');
    await register(phone.client, email);
    await phone.client.signIn(email, PASSWORD);
    const stale = new MemoryStorage();
    for (const [key, value] of phone.storage.entries()) stale.setItem(key, value);
    await phone.client.signOut(); // revokes the refresh token the copy holds
    for (const [key] of stale.entries()) {
      if (key.endsWith('.clockDrift')) stale.setItem(key, String(-7 * 24 * 3600)); // expired
    }

    const later = device(stale);
    const ended = jest.fn();
    later.client.onSessionEnded(ended);
    await expect(later.client.currentSession()).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('rejects the call whose chunk failed to load and loads again on the next', async () => {
    const storage = new MemoryStorage();
    const failure = Object.assign(new Error('Loading chunk identity failed.'), {
      name: 'ChunkLoadError',
    });
    const load = jest
      .fn<Promise<IdentityModule>, []>()
      .mockRejectedValueOnce(failure)
      .mockImplementation(loadIdentityModule);
    const client = createLazyIdentityClient(config, storage, load);
    await expect(client.forgotPassword('nobody@example.com')).rejects.toBe(failure);
    await expect(client.signIn(uniqueEmail('nobody'), PASSWORD)).rejects.toBeInstanceOf(
      IdentityError,
    );
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('mayHoldSession', () => {
  it("is true only when some pool client's signed-in username is stored", () => {
    const storage = new MemoryStorage();
    const asStorage = () => {
      const entries = storage.entries();
      return { length: entries.length, key: (i: number) => entries[i]?.[0] ?? null };
    };
    expect(mayHoldSession(undefined)).toBe(false);
    expect(mayHoldSession(asStorage())).toBe(false);
    storage.setItem('peanut.referral.pending', 'ABCDEF12');
    expect(mayHoldSession(asStorage())).toBe(false);
    storage.setItem('CognitoIdentityServiceProvider.some-client.LastAuthUser', 'ann');
    expect(mayHoldSession(asStorage())).toBe(true);
    const throwing = {
      get length(): number {
        throw new Error('denied');
      },
      key: () => null,
    };
    expect(mayHoldSession(throwing)).toBe(false);
  });
});
