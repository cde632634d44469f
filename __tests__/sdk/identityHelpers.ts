/**
 * Helpers of the SDK identity client tests (`identityAccount.test.ts`, `identitySignIn.test.ts`):
 * the real application as a live server (in-process, random port, in-memory PGlite) with its
 * app config, fresh email addresses, codes read from the local mailbox, clients on devices of
 * their own, and the IdentityError expectation.
 *
 * `server` and `config` are set by the beforeAll that {@link setUpLiveServer} adds: import them and
 * call it at the top of a test file (an imported binding follows the assignment).
 */
import { startLiveServer, type LiveServer } from '../support/liveServer';
import type { AppConfig } from '../../src/core/appConfig';
import {
  createIdentityClient,
  IdentityError,
  MemoryStorage,
  type IdentityClient,
} from '../../src/sdk/identity';

export const PASSWORD = 'Peanut-Passw0rd';
export const NEW_PASSWORD = 'Changed-Passw0rd!';

/** The file's live server (set by {@link setUpLiveServer}). */
export let server: LiveServer;
/** The app config `server` serves (set by {@link setUpLiveServer}). */
export let config: AppConfig;

/** Starts the live server and reads its app config before the file's tests; closes it after. */
export function setUpLiveServer(): void {
  beforeAll(async () => {
    server = await startLiveServer();
    config = (await (await fetch(`${server.origin}/app-config.json`)).json()) as AppConfig;
  });
  afterAll(async () => {
    await server?.close();
  });
}

let counter = 0;
/** A fresh email address (mixed case: usernames are case-insensitive). */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}${counter}.${Math.random().toString(36).slice(2, 8)}@Example.com`;
}

/** The newest code mailed to `email`. */
export async function latestCode(email: string): Promise<string> {
  const response = await fetch(
    `${server.origin}/dev/mailbox/${encodeURIComponent(email.toLowerCase())}`,
  );
  expect(response.status).toBe(200);
  const mails = (await response.json()) as { to: string; code: string; subject: string }[];
  expect(mails.length).toBeGreaterThan(0);
  return mails[0].code;
}

/** A client on a device of its own (a fresh storage). */
export function device(storage = new MemoryStorage()): {
  client: IdentityClient;
  storage: MemoryStorage;
} {
  return { client: createIdentityClient(config, storage), storage };
}

/** Expects `promise` to reject with an IdentityError of `code` (and `message` when given). */
export async function expectIdentityError(
  promise: Promise<unknown>,
  code: string,
  message?: string,
) {
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
export async function registered(client: IdentityClient, label: string) {
  const email = uniqueEmail(label);
  const { userSub } = await client.signUp(email, PASSWORD);
  await client.confirmSignUp(email, await latestCode(email));
  return { email, sub: userSub };
}

/** Makes the stored session look expired (as after a clock drift), so the next use refreshes. */
export function expireStoredSession(storage: MemoryStorage) {
  for (const [key] of storage.entries()) {
    if (key.endsWith('.clockDrift')) storage.setItem(key, String(-7 * 24 * 3600));
  }
}

/** A copy of a storage (the same tokens on another device). */
export function copyOf(storage: MemoryStorage): MemoryStorage {
  const copy = new MemoryStorage();
  for (const [key, value] of storage.entries()) copy.setItem(key, value);
  return copy;
}
