/**
 * The local state directory (`DATA_DIR`) holds the embedded database, whose files (the WAL
 * included) carry the token signing key, every WireGuard private key and the ledger.
 * Nobody but the server's own user may read it: the directory is created 0700 (and an existing
 * one tightened), and the process writes with a umask of 077. PGlite's wasm filesystem sets
 * its files' modes itself (0666, whatever the umask), so `restrictTree` takes them back to
 * 0600 when the database opens and closes; in between, the 0700 directory keeps them private.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The mode of the data directory and of every directory of ours inside it. */
export const DATA_DIR_MODE = 0o700;
/** The umask every file of the server is written under. */
export const SECRET_UMASK = 0o077;

/**
 * Creates `dir` with mode 0700 (parents as needed), tightens it to 0700 when it exists with
 * access for group or others, and sets the process umask to 077. Returns a line for the log
 * when an existing directory was tightened, else undefined.
 */
export function secureDataDir(dir: string): string | undefined {
  process.umask(SECRET_UMASK);
  const absolute = path.resolve(dir);
  fs.mkdirSync(absolute, { recursive: true, mode: DATA_DIR_MODE });
  const mode = fs.statSync(absolute).mode & 0o777;
  if ((mode & ~DATA_DIR_MODE) === 0) return undefined;
  fs.chmodSync(absolute, DATA_DIR_MODE);
  return `DATA_DIR ${absolute} was readable by others (mode ${mode.toString(8)}): tightened to 700`;
}

/**
 * Sets every file below `dir` to 0600 and every directory to 0700 (links are left alone).
 * Returns how many entries it changed.
 */
export function restrictTree(dir: string): number {
  let changed = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const wanted = entry.isDirectory() ? DATA_DIR_MODE : 0o600;
    if ((fs.lstatSync(file).mode & 0o777) !== wanted) {
      fs.chmodSync(file, wanted);
      changed++;
    }
  }
  return changed;
}
