/**
 * Connecting to NATS (issue 18) for either role, with the official client (`nats`).
 *
 * Credentials: a user and password in `NATS_URL` (`nats://user:pass@host:4222`), or a creds file
 * (`NATS_CREDS`: a user JWT and nkey seed, as `nsc` writes them), or an nkey seed file
 * (`NATS_NKEY_SEED_FILE`). Credentials never reach a log: {@link redactedUrl} is what is logged.
 */
import { readFileSync } from 'node:fs';
import {
  connect,
  credsAuthenticator,
  nkeyAuthenticator,
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
    const seed = readFileSync(settings.nkeySeedFile, 'utf8').trim();
    options.authenticator = nkeyAuthenticator(new TextEncoder().encode(seed));
  } else if (user !== undefined) {
    options.user = user;
    options.pass = pass;
  }
  return options;
}

/** Connects to NATS (retrying forever until the first connection, then reconnecting). */
export function connectNats(settings: NatsSettings, name: string): Promise<NatsConnection> {
  return connect(connectionOptions(settings, name));
}
