/**
 * Shared helpers of the server tests: every available database (PGlite always; PostgreSQL too
 * when TEST_DATABASE_URL is set, in a fresh database per call that is dropped afterwards),
 * test configurations, temporary directories and log capture.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { loadConfig, type Env, type ServerConfig } from '../../src/server/config';
import type { App } from '../../src/server/app';
import { MEMORY_DATA_DIR, openDatabase, type DatabaseHandle } from '../../src/server/db';

/** A database engine the tests run on. */
export type DatabaseKind = 'pglite' | 'postgres';

/** The engines available here: PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: readonly DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** An open, migrated test database. */
export interface TestDatabase {
  /** Which engine. */
  kind: DatabaseKind;
  /** The handle to give `buildApp`. */
  handle: DatabaseHandle;
  /** The DATABASE_URL of a PostgreSQL test database (undefined for PGlite). */
  url: string | undefined;
  /** Closes the handle and drops the PostgreSQL database. */
  cleanup(): Promise<void>;
}

/** Runs one statement on the server of TEST_DATABASE_URL (outside any test database). */
async function admin(statement: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Opens and migrates a fresh database of `kind`: an in-memory PGlite, or a new PostgreSQL
 * database `peanut_test_<pid>_<random>` beside TEST_DATABASE_URL's.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ databaseUrl: undefined, dataDir: MEMORY_DATA_DIR });
    await handle.migrate();
    return { kind, handle, url: undefined, cleanup: () => handle.close() };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `peanut_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: MEMORY_DATA_DIR });
  const cleanup = async (): Promise<void> => {
    await handle.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  try {
    await handle.migrate();
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { kind, handle, url: url.toString(), cleanup };
}

/** A describe block's database and the apps to close, registered by {@link setUpDatabase}. */
export interface DatabaseSuite {
  /** The block's database, open from its first `beforeAll` on. */
  database: TestDatabase;
  /** Apps the running test built: closed after it. */
  extraApps: App[];
  /** Apps of the whole block: closed at its end, before the database is dropped. */
  blockApps: App[];
}

/**
 * Registers the hooks of the enclosing describe block: opens a database of `kind` before its
 * tests (hooks registered after this call see it), closes `extraApps` after each test, and
 * closes `blockApps` and drops the database at the end.
 */
export function setUpDatabase(kind: DatabaseKind): DatabaseSuite {
  const suite = { extraApps: [], blockApps: [] } as unknown as DatabaseSuite;
  beforeAll(async () => {
    suite.database = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(suite.extraApps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await Promise.all(suite.blockApps.splice(0).map((app) => app.close()));
    await suite.database?.cleanup();
  });
  return suite;
}

/** A new empty temporary directory (remove it with `removeDir`). */
export function makeTempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `peanut-${label}-`));
}

/** Removes a directory made by `makeTempDir`. */
export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A temporary WEB_DIR holding a fake built SPA: index.html and one hashed asset. */
export function makeWebDir(): string {
  const dir = makeTempDir('web');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Peanut VPN test</title></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'main.0123abcd.js'), 'console.log("peanut");\n');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/**
 * A configuration for tests: silent logs, in-memory PGlite, no SPA unless given, USER_PASSWORD_AUTH
 * allowed (the test helpers sign in with it: {@link TEST_SERVER_ENV}), and `env`.
 */
export function testConfig(env: Env = {}): ServerConfig {
  return loadConfig({
    ...TEST_SERVER_ENV,
    LOG_LEVEL: 'silent',
    DATA_DIR: MEMORY_DATA_DIR,
    WEB_DIR: path.join(os.tmpdir(), 'peanut-no-web-dir'),
    ...env,
  });
}

/**
 * Settings every test server gets (testConfig, liveServer.ts, serverProcess.ts, the benches):
 * the test helpers (vpnHelpers.ts, httpUsers.ts) sign in with USER_PASSWORD_AUTH, which the
 * app client allows only with IDP_ALLOW_PASSWORD_AUTH.
 */
export const TEST_SERVER_ENV: Readonly<Record<string, string>> = Object.freeze({
  IDP_ALLOW_PASSWORD_AUTH: 'true',
});

/** A log destination that keeps every line written to it. */
export class LogCapture {
  /** The lines written so far. */
  readonly lines: string[] = [];

  /** Keeps `line`. */
  write(line: string): void {
    this.lines.push(line);
  }

  /** Everything written, as one string. */
  get text(): string {
    return this.lines.join('');
  }
}
