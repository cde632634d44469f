/**
 * An exclusive lock on a PGlite data directory. PGlite is one connection in one process and,
 * unlike PostgreSQL, does not stop a second process from opening the same files (which corrupts
 * them); this lock file does. A lock left by a process that no longer runs is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Directories locked by this process (a second open in the same process is refused too). */
const heldHere = new Set<string>();

/** True when a process with `pid` exists (EPERM means it exists but belongs to someone else). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads the pid written in `lockPath`, or undefined when the file is unreadable or garbled. */
function readPid(lockPath: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock `<dir>.lock` for the directory `dir` and returns its release function (which
 * is idempotent). Throws when another live process, or this process, already holds it.
 */
export function lockDirectory(dir: string): () => void {
  const absolute = path.resolve(dir);
  const lockPath = `${absolute}.lock`;
  if (heldHere.has(absolute)) {
    throw new Error(`The database in ${absolute} is already open in this process`);
  }
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const pid = readPid(lockPath);
      if (pid !== undefined && pid !== process.pid && processExists(pid)) {
        throw new Error(
          `The database in ${absolute} is in use by process ${pid} (lock file ${lockPath}); ` +
            'stop that process, or delete the lock file if it is not a Peanut VPN server',
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  heldHere.add(absolute);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(absolute);
    if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
  };
}

/**
 * The pid of the live process, other than this one, holding the lock of directory `dir`, or
 * undefined when none does (no lock file, or a stale one).
 */
export function lockHolder(dir: string): number | undefined {
  const pid = readPid(`${path.resolve(dir)}.lock`);
  return pid !== undefined && pid !== process.pid && processExists(pid) ? pid : undefined;
}
