/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file> [--force]` for the embedded
 * database in `DATA_DIR` (how the copy stays consistent: db/backup.ts).
 *
 * - backup: writes `<file>` (default `peanut-backup-<UTC time>.tar.gz` in the current
 *   directory). A running server (the pid in `<DATA_DIR>/pglite.lock`) writes it on SIGUSR2;
 *   otherwise this script opens the database itself.
 * - restore: refuses while a server runs on `DATA_DIR`, and when `<DATA_DIR>/pglite` already
 *   holds a database unless `--force` (which moves it aside to `pglite.before-restore-<time>`).
 *
 * With `DATABASE_URL` (or `DATABASE_URL_FILE`) set the data is in PostgreSQL: both print a
 * pointer to pg_dump and exit 1.
 * Exit codes: 0 done, 1 error, 2 usage.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { restrictTree, secureDataDir } from './db/dataDir';
import { BACKUP_REQUESTS_DIR } from './db/backup';
import { lockDirectory, lockHolder } from './db/lock';
import { loadPglite } from './db/pglite';
import { openDatabase } from './db';

/** Longest wait for a running server to write the copy, in ms. */
const SERVER_BACKUP_TIMEOUT_MS = 120_000;

/** What PostgreSQL users are told. */
const PG_DUMP_HINT =
  'DATABASE_URL is set: the data is in PostgreSQL. Back it up with ' +
  '`pg_dump --format=custom "$DATABASE_URL" > peanut.dump` and restore it with ' +
  '`pg_restore --clean --if-exists -d "$DATABASE_URL" peanut.dump`.';

/** An error the user made (exit 2). */
class UsageError extends Error {}

/** `peanut-backup-2026-11-23T15-20-00Z.tar.gz` for now. */
function defaultBackupName(): string {
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return `peanut-backup-${stamp}.tar.gz`;
}

/**
 * Resolves once the server `pid` holding `directory` has written `file`; throws the text of
 * `<file>.error`, or when the server stops or takes too long.
 */
async function waitForServerCopy(file: string, pid: number, directory: string): Promise<void> {
  const deadline = Date.now() + SERVER_BACKUP_TIMEOUT_MS;
  for (;;) {
    if (fs.existsSync(file)) return;
    if (fs.existsSync(`${file}.error`)) {
      const reason = fs.readFileSync(`${file}.error`, 'utf8').trim();
      fs.rmSync(`${file}.error`, { force: true });
      throw new Error(`The server could not write the backup: ${reason}`);
    }
    if (lockHolder(directory) !== pid && !fs.existsSync(file)) {
      throw new Error(`The server (process ${pid}) stopped before writing the backup`);
    }
    if (Date.now() > deadline) {
      throw new Error(`The server (process ${pid}) did not write ${file} in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Writes a backup of the database in `dataDir` to `file`; answers how it was taken. */
export async function backup(dataDir: string, file: string): Promise<'server' | 'offline'> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new UsageError(`${target} exists already: choose a new name`);
  const directory = path.resolve(dataDir, 'pglite');
  const pid = lockHolder(directory);
  if (pid !== undefined) {
    const requests = path.join(dataDir, BACKUP_REQUESTS_DIR);
    fs.mkdirSync(requests, { recursive: true, mode: 0o700 });
    const request = path.join(requests, `${crypto.randomUUID()}.json`);
    fs.writeFileSync(`${request}.tmp`, JSON.stringify({ file: target }), { mode: 0o600 });
    fs.renameSync(`${request}.tmp`, request);
    process.kill(pid, 'SIGUSR2');
    try {
      await waitForServerCopy(target, pid, directory);
    } finally {
      fs.rmSync(request, { force: true });
    }
    return 'server';
  }
  if (!fs.existsSync(directory)) throw new Error(`No database in ${directory}`);
  const handle = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await handle.dumpTo?.(target);
  } finally {
    await handle.close();
  }
  return 'offline';
}

/**
 * Restores the backup `file` into `<dataDir>/pglite`; with `force`, an existing database there
 * is moved aside first (answers where to, else undefined).
 */
export async function restore(
  dataDir: string,
  file: string,
  force: boolean,
): Promise<string | undefined> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new UsageError(`No backup at ${source}`);
  secureDataDir(dataDir);
  const directory = path.resolve(dataDir, 'pglite');
  const pid = lockHolder(directory);
  if (pid !== undefined) {
    throw new Error(`A server (process ${pid}) runs on ${directory}: stop it first`);
  }
  const release = lockDirectory(directory);
  let movedTo: string | undefined;
  try {
    if (fs.existsSync(directory) && fs.readdirSync(directory).length > 0) {
      if (!force) {
        throw new UsageError(
          `${directory} already holds a database: add --force to move it aside and restore`,
        );
      }
      movedTo = `${directory}.before-restore-${Date.now()}`;
      fs.renameSync(directory, movedTo);
    }
    fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
    const { PGlite, NodeFS } = loadPglite();
    const loadDataDir = new Blob([fs.readFileSync(source)]);
    const client = await PGlite.create({ fs: new NodeFS(directory), loadDataDir });
    // Opening replays the WAL of the copy; prove it answers before saying it is done.
    await client.query('SELECT 1');
    await client.close();
    restrictTree(directory);
  } finally {
    release();
  }
  return movedTo;
}

/** Entry point: `backup [file]` or `restore <file> [--force]`. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  const dataDir = process.env.DATA_DIR || './data';
  try {
    if (process.env.DATABASE_URL || process.env.DATABASE_URL_FILE) {
      process.stderr.write(`${PG_DUMP_HINT}\n`);
      return 1;
    }
    if (command === 'backup' && files.length <= 1) {
      const file = path.resolve(files[0] ?? defaultBackupName());
      const how = await backup(dataDir, file);
      const size = fs.statSync(file).size;
      process.stdout.write(
        `Backup of ${path.resolve(dataDir, 'pglite')} written to ${file} (${size} bytes, ` +
          `${how === 'server' ? 'taken by the running server' : 'no server running'})\n`,
      );
      return 0;
    }
    if (command === 'restore' && files.length === 1 && files[0]) {
      const movedTo = await restore(dataDir, files[0], force);
      if (movedTo) process.stdout.write(`The previous database was moved to ${movedTo}\n`);
      process.stdout.write(
        `Restored ${path.resolve(files[0])} into ${path.resolve(dataDir, 'pglite')}\n`,
      );
      return 0;
    }
    process.stderr.write(
      'Usage: npm run backup [-- <file.tar.gz>]\n       npm run restore -- <file.tar.gz> [--force]\n',
    );
    return 2;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
