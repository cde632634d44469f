/**
 * Helpers of the identity tests: a database with the identity tables, a real Fastify server
 * with only the identity plugin on a random loopback port, and promise wrappers around
 * amazon-cognito-identity-js.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';
import type { IdentityDb } from '../../../src/server/identity/db';
import {
  createDbMailbox,
  type Mailer,
  type MailboxEntry,
} from '../../../src/server/identity/mailer';
import identityPlugin, { type IdentityPluginOptions } from '../../../src/server/identity/plugin';
import { AUTH_FLOWS } from '../../../src/server/identity';
import { createDbSmsOutbox, type SmsSender } from '../../../src/server/identity/sms';
import devRoutes from '../../../src/server/routes/dev';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from '../../support/helpers';

/** The pool and client of the embedded default (docs/architecture.md "Fixed points"). */
export const POOL_ID = 'local_peanutvpn';
export const CLIENT_ID = 'peanutvpn-local';

/** A password that satisfies the policy. */
export const PASSWORD = 'Peanut-Passw0rd';

/** An open test database with the identity tables. */
export interface IdentityTestDb {
  db: IdentityDb;
  close(): Promise<void>;
}

/**
 * A migrated test database (the migrations create the identity tables): an in-memory PGlite,
 * or a fresh PostgreSQL database with `kind` 'postgres'.
 */
export async function openIdentityDb(kind: DatabaseKind = 'pglite'): Promise<IdentityTestDb> {
  const database: TestDatabase = await openTestDatabase(kind);
  return { db: database.handle.db as unknown as IdentityDb, close: () => database.cleanup() };
}

/** Log lines captured from the server. */
export class LogLines {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  get text(): string {
    return this.lines.join('');
  }
}

/** A running identity server. */
export interface IdentityServer {
  app: FastifyInstance;
  db: IdentityDb;
  mailer: Mailer;
  /** The SMS sender (the local outbox unless the test passed another). */
  sms?: SmsSender;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** `<origin>/idp/`. */
  endpoint: string;
  /** Subs passed to onUserConfirmed, in order. */
  confirmed: string[];
  /** Subs passed to onUserDeleted, in order. */
  deleted: string[];
  /** Runs in onUserConfirmed before the sub is recorded (a test may make it throw). */
  beforeConfirmed?: (sub: string) => Promise<void>;
  logs: LogLines;
  close(): Promise<void>;
}

/**
 * Starts Fastify with only the identity plugin (local mailbox in the database, hooks recording
 * their calls, an app client allowing every auth flow unless `options.authFlows` says) on a
 * random loopback port.
 */
export async function startIdentityServer(
  options: Partial<IdentityPluginOptions> = {},
  kind: DatabaseKind = 'pglite',
): Promise<IdentityServer> {
  const { db, close } = await openIdentityDb(kind);
  const logs = new LogLines();
  const app = Fastify({ logger: { level: 'info', stream: logs } });
  const confirmed: string[] = [];
  const deleted: string[] = [];
  const mailer = options.mailer ?? createDbMailbox(db);
  const sms = 'sms' in options ? options.sms : createDbSmsOutbox(db);
  // The server object, created first so the hooks can reach `beforeConfirmed`.
  const hooks: Pick<IdentityServer, 'beforeConfirmed'> = {};
  await app.register(identityPlugin, {
    db,
    poolId: POOL_ID,
    clientId: CLIENT_ID,
    issuerOrigin: 'http://placeholder.invalid',
    authFlows: AUTH_FLOWS,
    mailer,
    sms,
    onUserConfirmed: async ({ sub }) => {
      await hooks.beforeConfirmed?.(sub);
      confirmed.push(sub);
    },
    onUserDeleted: async (sub) => {
      deleted.push(sub);
    },
    ...options,
  });
  // The local mailbox, loopback only, as app.ts serves it in the embedded default.
  await app.register(devRoutes, { mailbox: mailer.mailbox, sms: sms?.outbox, public: false });
  const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(
    'localhost',
    '127.0.0.1',
  );
  const server: IdentityServer = Object.assign(hooks, {
    app,
    db,
    mailer,
    sms,
    origin,
    endpoint: `${origin}/idp/`,
    confirmed,
    deleted,
    logs,
    close: async () => {
      await app.close();
      await close();
    },
  });
  return server;
}

/** An in-memory storage for the library (one per simulated device). */
export class MemoryStorage implements ICognitoStorage {
  private readonly items = new Map<string, string>();
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

/** The storage of each pool made by `makePool`. */
const storages = new WeakMap<CognitoUserPool, ICognitoStorage>();

/** A user pool client against `endpoint` with its own storage (a device). */
export function makePool(
  endpoint: string,
  storage: ICognitoStorage = new MemoryStorage(),
): CognitoUserPool {
  const pool = new CognitoUserPool({
    UserPoolId: POOL_ID,
    ClientId: CLIENT_ID,
    endpoint,
    Storage: storage,
  });
  storages.set(pool, storage);
  return pool;
}

/** The library's errors: an Error with Cognito's `code`. */
export type CognitoError = Error & { code?: string };

/** A unique username for a test. */
let counter = 0;
export function uniqueName(label: string): string {
  counter += 1;
  return `${label}${counter}x${Math.random().toString(36).slice(2, 8)}`;
}

/** Signs up `username` with `email`. */
export function signUp(
  pool: CognitoUserPool,
  username: string,
  password: string,
  email?: string,
): Promise<{ userSub: string; userConfirmed: boolean; user: CognitoUser; destination: string }> {
  const attributes = email ? [new CognitoUserAttribute({ Name: 'email', Value: email })] : [];
  return new Promise((resolve, reject) => {
    pool.signUp(username, password, attributes, [], (error, result) => {
      if (error || !result) return reject(error);
      resolve({
        userSub: result.userSub,
        userConfirmed: result.userConfirmed,
        user: result.user,
        destination: result.codeDeliveryDetails.Destination,
      });
    });
  });
}

/** A CognitoUser of `pool`. */
export function userOf(pool: CognitoUserPool, username: string): CognitoUser {
  return new CognitoUser({ Username: username, Pool: pool, Storage: storages.get(pool) });
}

/** Confirms a sign-up. */
export function confirm(user: CognitoUser, code: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    user.confirmRegistration(code, true, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Mails the confirmation code again. */
export function resendCode(user: CognitoUser): Promise<unknown> {
  return new Promise((resolve, reject) => {
    user.resendConfirmationCode((error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Signs in (SRP unless the user's flow type was changed). */
export function signIn(user: CognitoUser, password: string): Promise<CognitoUserSession> {
  const details = new AuthenticationDetails({ Username: user.getUsername(), Password: password });
  return new Promise((resolve, reject) => {
    user.authenticateUser(details, {
      onSuccess: resolve,
      onFailure: reject,
      newPasswordRequired: () => reject(new Error('unexpected newPasswordRequired')),
      mfaRequired: () => reject(new Error('unexpected mfaRequired')),
      totpRequired: () => reject(new Error('unexpected totpRequired')),
      customChallenge: () => reject(new Error('unexpected customChallenge')),
    });
  });
}

/** The session (cached, from storage, or refreshed). */
export function getSession(user: CognitoUser): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.getSession((error: Error | null, session: CognitoUserSession | null) =>
      error || !session ? reject(error) : resolve(session),
    );
  });
}

/** Refreshes the session with its refresh token. */
export function refresh(
  user: CognitoUser,
  session: CognitoUserSession,
): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.refreshSession(session.getRefreshToken(), (error, result: CognitoUserSession) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** The user's attributes as a name -> value map. */
export function attributes(user: CognitoUser): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    user.getUserAttributes((error, result) => {
      if (error || !result) return reject(error);
      resolve(Object.fromEntries(result.map((a) => [a.getName(), a.getValue()])));
    });
  });
}

/** Changes the password. */
export function changePassword(user: CognitoUser, previous: string, proposed: string) {
  return new Promise((resolve, reject) => {
    user.changePassword(previous, proposed, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Asks for a password reset code. */
export function forgotPassword(user: CognitoUser): Promise<unknown> {
  return new Promise((resolve, reject) => {
    user.forgotPassword({ onSuccess: resolve, onFailure: reject });
  });
}

/** Sets a new password with a reset code. */
export function confirmPassword(user: CognitoUser, code: string, password: string) {
  return new Promise((resolve, reject) => {
    user.confirmPassword(code, password, { onSuccess: resolve, onFailure: reject });
  });
}

/** Signs out everywhere. */
export function globalSignOut(user: CognitoUser): Promise<unknown> {
  return new Promise((resolve, reject) => {
    user.globalSignOut({ onSuccess: resolve, onFailure: reject });
  });
}

/** Signs out, revoking the refresh token. */
export function signOut(user: CognitoUser): Promise<void> {
  return new Promise((resolve, reject) => {
    user.signOut((error?: Error) => (error ? reject(error) : resolve()));
  });
}

/** Deletes the account. */
export function deleteUser(user: CognitoUser): Promise<unknown> {
  return new Promise((resolve, reject) => {
    user.deleteUser((error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The local mailbox of `email`, newest first. */
export async function mailbox(origin: string, email: string): Promise<MailboxEntry[]> {
  const response = await fetch(`${origin}/dev/mailbox/${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as MailboxEntry[];
}

/** The newest code mailed to `email`. */
export async function latestCode(origin: string, email: string): Promise<string> {
  const [mail] = await mailbox(origin, email);
  if (!mail) throw new Error(`no mail for ${email}`);
  return mail.code;
}

/** A raw call of the user-pool API: status and JSON body. */
export async function call(
  endpoint: string,
  action: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

/** Signs up and confirms `username` through the library; returns the user and the sub. */
export async function createConfirmedUser(
  server: IdentityServer,
  pool: CognitoUserPool,
  label: string,
  password = PASSWORD,
): Promise<{ username: string; email: string; sub: string; user: CognitoUser }> {
  const username = uniqueName(label);
  const email = `${username}@example.com`;
  const { userSub } = await signUp(pool, username, password, email);
  const user = userOf(pool, username);
  await confirm(user, await latestCode(server.origin, email));
  return { username, email, sub: userSub, user };
}

/** Expects `promise` to fail with Cognito error `code` (and `message` when given). */
export async function expectCognitoError(
  promise: Promise<unknown>,
  code: string,
  message?: string,
): Promise<void> {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as CognitoError | undefined;
  expect(error).toBeDefined();
  expect({ code: error?.code, ...(message ? { message: error?.message } : {}) }).toEqual({
    code,
    ...(message ? { message } : {}),
  });
}
