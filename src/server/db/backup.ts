/**
 * Backups of the embedded database: a consistent copy of `<DATA_DIR>/pglite` taken
 * with PGlite's `dumpDataDir` (a gzipped tar of the data directory), and its restore into an
 * empty `DATA_DIR`. PostgreSQL deployments use `pg_dump` instead.
 *
 * PGlite is one process (a lock file keeps others out, see lock.ts), so a backup of a running
 * server is taken by that server: `npm run backup` drops a request file in
 * `<DATA_DIR>/backup-requests/` and sends the server SIGUSR2; the server writes the copy to the
 * requested path (through a `.partial` file renamed when complete, or a `.error` file saying
 * why not). No network endpoint is involved: only the server's own user (or root) can signal it
 * and write in the 0700 `DATA_DIR`. When no server runs, the script opens the database itself.
 *
 * The copy is consistent: PGlite runs one query at a time, and the dump holds its query lock
 * after a CHECKPOINT, so the files are a crash-consistent snapshot (a transaction left open by
 * the application at that instant is rolled back when the copy is opened, as after a crash).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** The folder, inside DATA_DIR, where backup requests wait for the running server. */
export const BACKUP_REQUESTS_DIR = 'backup-requests';

/** A backup request: where the copy goes. */
export interface BackupRequest {
  /** Absolute path of the `.tar.gz` to write. */
  file: string;
}

/**
 * Writes a consistent gzipped tar of `client`'s data directory to `file` (through
 * `<file>.partial`, renamed when complete); answers its size in bytes.
 */
export async function dumpPglite(client: PGlite, file: string): Promise<number> {
  // Flush the shared buffers, so that opening the copy replays little WAL.
  await client.exec('CHECKPOINT');
  const blob = await client.dumpDataDir('gzip');
  const bytes = Buffer.from(await blob.arrayBuffer());
  const partial = `${file}.partial`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(partial, bytes, { mode: 0o600 });
  fs.renameSync(partial, file);
  return bytes.length;
}

/**
 * Serves the backup requests waiting in `<dataDir>/backup-requests/` (called on SIGUSR2): each
 * is answered with the copy at its `file`, or `<file>.error` holding the reason, then removed.
 * Answers the files written.
 */
export async function serveBackupRequests(
  dataDir: string,
  dump: (file: string) => Promise<number>,
): Promise<string[]> {
  const folder = path.join(dataDir, BACKUP_REQUESTS_DIR);
  let names: string[];
  try {
    names = fs.readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const written: string[] = [];
  for (const name of names) {
    const requestPath = path.join(folder, name);
    let request: BackupRequest;
    try {
      request = JSON.parse(fs.readFileSync(requestPath, 'utf8')) as BackupRequest;
      fs.rmSync(requestPath, { force: true });
    } catch {
      continue; // taken by a concurrent pass, or garbled
    }
    if (typeof request.file !== 'string' || !path.isAbsolute(request.file)) continue;
    try {
      await dump(request.file);
      written.push(request.file);
    } catch (error) {
      fs.writeFileSync(`${request.file}.error`, `${(error as Error).message}\n`, { mode: 0o600 });
    }
  }
  return written;
}
