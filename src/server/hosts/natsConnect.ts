/**
 * Connecting to NATS for either role, with the official client (`nats`).
 *
 * Credentials: a user and password in `NATS_URL` (`nats://user:pass@host:4222`), or a creds file
 * (`NATS_CREDS`: a user JWT and nkey seed, as `nsc` writes them), or an nkey seed file
 * (`NATS_NKEY_SEED_FILE`: one line, the user's seed `SU...`; the NATS server knows its public
 * key `U...`). Credentials never reach a log: {@link redactedUrl} is what is logged, and the
 * files are checked at start ({@link checkNatsCredentials}) so that a wrong one stops the
 * process with a message naming the setting.
 */
import { readFileSync } from 'node:fs';
import {
  connect,
  credsAuthenticator,
  ErrorCode,
  Events,
  nkeyAuthenticator,
  nkeys,
  type ConnectionOptions,
  type NatsConnection,
} from 'nats';

/** How to reach and authenticate to NATS. */
export interface NatsSettings {
  /** `nats://[user:pass@]host:port`, comma-separated for several servers (secret: may hold a password). */
  url: string;
  /** Path of a creds file (`NATS_CREDS`), when used. */
  credsFile?: string;
  /** Path of a file holding an nkey seed (`NATS_NKEY_SEED_FILE`), when used. */
  nkeySeedFile?: string;
}

/** `url` with any password replaced by `***` (for logs). */
export function redactedUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/g, '//$1:***@');
}

/**
 * Validates `NATS_URL`-style text: comma-separated `nats://` or `tls://` URLs.
 * @throws Error naming `setting` when malformed (without the password).
 */
export function checkNatsUrl(setting: string, url: string): void {
  for (const part of url.split(',')) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(part.trim());
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['nats:', 'tls:'].includes(parsed.protocol) || !parsed.hostname) {
      throw new Error(
        `${setting} must be nats://[user:pass@]host:port (comma-separated for several), got: '${redactedUrl(part)}'`,
      );
    }
  }
}

/** The first line of an nkey seed file's text (a seed is one line: `S` + role + base32). */
function seedOf(text: string): string {
  return text.trim().split(/\s+/)[0] ?? '';
}

/** The user JWT and seed blocks of a creds file (as `nsc` writes it). */
const CREDS_JWT = /-{3,}BEGIN NATS USER JWT-{3,}\s+(\S+)\s+-{3,}END NATS USER JWT-{3,}/;
const CREDS_SEED = /-{3,}BEGIN USER NKEY SEED-{3,}\s+(\S+)\s+-{3,}END USER NKEY SEED-{3,}/;

/**
 * Reads and checks the credentials files of `settings` (without printing any secret).
 * @throws Error naming the setting when a file cannot be read or holds no usable credentials.
 */
export function checkNatsCredentials(settings: NatsSettings): void {
  const read = (setting: string, file: string): string => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`${setting}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code}`);
    }
  };
  if (settings.credsFile) {
    const text = read('NATS_CREDS', settings.credsFile);
    const seed = CREDS_SEED.exec(text)?.[1];
    if (!CREDS_JWT.test(text) || !seed || !isUserSeed(seed)) {
      throw new Error(
        `NATS_CREDS: ${settings.credsFile} is not a NATS creds file (a user JWT and a user nkey seed, as nsc writes them)`,
      );
    }
  }
  if (settings.nkeySeedFile) {
    const seed = seedOf(read('NATS_NKEY_SEED_FILE', settings.nkeySeedFile));
    if (!isUserSeed(seed)) {
      throw new Error(
        `NATS_NKEY_SEED_FILE: ${settings.nkeySeedFile} does not hold a user nkey seed (one line starting SU)`,
      );
    }
  }
}

/** True when `seed` is a valid user nkey seed. */
function isUserSeed(seed: string): boolean {
  if (!seed.startsWith('SU')) return false;
  try {
    nkeys.fromSeed(new TextEncoder().encode(seed));
    return true;
  } catch {
    return false;
  }
}

/** The client options of `settings` (the credentials moved out of the URLs). */
export function connectionOptions(settings: NatsSettings, name: string): ConnectionOptions {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = settings.url.split(',').map((part) => {
    const url = new URL(part.trim());
    if (url.username) user = decodeURIComponent(url.username);
    if (url.password) pass = decodeURIComponent(url.password);
    return `${url.protocol === 'tls:' ? 'tls' : 'nats'}://${url.host}`;
  });
  const options: ConnectionOptions = {
    servers,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    waitOnFirstConnect: true,
    pingInterval: 10_000,
  };
  if (settings.credsFile) {
    options.authenticator = credsAuthenticator(readFileSync(settings.credsFile));
  } else if (settings.nkeySeedFile) {
    const seed = seedOf(readFileSync(settings.nkeySeedFile, 'utf8'));
    options.authenticator = nkeyAuthenticator(new TextEncoder().encode(seed));
  } else if (user !== undefined) {
    options.user = user;
    options.pass = pass;
  }
  return options;
}

/** Which credentials `settings` log in with (for messages; never the secret itself). */
function credentialsOf(settings: NatsSettings): string {
  if (settings.credsFile) return `the creds file NATS_CREDS=${settings.credsFile}`;
  if (settings.nkeySeedFile) return `the nkey seed NATS_NKEY_SEED_FILE=${settings.nkeySeedFile}`;
  return /\/\/[^/@]+@/.test(settings.url) ? 'the user and password of NATS_URL' : 'no credentials';
}

/**
 * Connects to NATS (retrying while the server is unreachable, then reconnecting forever).
 * @throws Error saying which credentials NATS refused (never the secret) on an authorization
 *   violation or an expired or unknown user.
 */
export async function connectNats(settings: NatsSettings, name: string): Promise<NatsConnection> {
  try {
    return await connect(connectionOptions(settings, name));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === ErrorCode.AuthorizationViolation || code === ErrorCode.AuthenticationExpired) {
      throw new Error(
        `NATS refused ${credentialsOf(settings)} at ${redactedUrl(settings.url)}: ${(error as Error).message}`,
      );
    }
    throw error;
  }
}

/**
 * Ends a connection on shutdown: drained (subscriptions ended, what was published flushed) when
 * the server is reachable, else closed at once. A drain flushes to the server, so while the
 * server is unreachable (the client reconnecting) it would wait for it to come back, holding up
 * the stop of the service or host until its shutdown time-out. Never throws.
 */
export async function drainOrClose(nc: NatsConnection | undefined): Promise<void> {
  if (!nc || nc.isClosed()) return;
  // Resolves when the connection drops (or closes) from now on.
  const lost = (async () => {
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect) return;
    }
  })().catch(() => undefined);
  // rtt() refuses at once while disconnected; it is a round trip otherwise.
  const reachable = nc.rtt().then(
    () => true,
    () => false,
  );
  if (await Promise.race([reachable, lost.then(() => false)])) {
    await Promise.race([nc.drain().catch(() => undefined), lost]);
  }
  if (!nc.isClosed()) await nc.close().catch(() => undefined);
}
