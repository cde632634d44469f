/**
 * One owner per `NETNS_PREFIX` (docs/architecture.md "one owner per prefix"): a process that runs
 * `netns` VPN servers (`npm start`, `npm run host`) holds the lock file
 * `/run/peanut-vpn/<prefix>.lock`, taken exclusively as db/lock.ts takes a data directory's (a
 * dead owner's lock is taken over). The file holds the owner's PID and the ranges it uses
 * (`WG_ADDRESSES`, `WG_ADDRESSES6` when set, `WG_PORTS`) with its network namespace, and appears
 * whole (linked from a temporary file; a stale one is renamed away first): a second
 * process whose prefix is held, or whose ranges overlap those of another live owner in the same
 * network namespace, refuses to start with a message naming the other's PID and what to change.
 * So the orphan clean-up of one (netns.ts's reconcile) never removes another's servers.
 *
 * Within one process the lock is shared (tests run several provisioners of one prefix in turn);
 * it is released when the last of them closes. The VPN servers outlive their owner.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cidrsOverlap, parseCidr } from './netnsEgress';
import { formatIpv4, linkGroup, type NetnsSettings } from './netnsSettings';
import { processExists } from './netnsSystem';

/** Where the lock files live (tmpfs: gone at reboot, with the servers). */
export const LOCK_DIR = '/run/peanut-vpn';

/** What a lock file records. */
export interface PrefixClaim {
  pid: number;
  prefix: string;
  /** `WG_ADDRESSES`, e.g. `10.200.0.0/16`. */
  addresses: string;
  /** `WG_ADDRESSES6` when the settings have one. */
  addresses6?: string;
  /** `WG_PORTS`, `first-last`. */
  ports: string;
  /** The owner's network namespace (`net:[inode]`): ranges only clash within one. */
  netns: string;
  /**
   * The link group its rules match its interfaces by (netnsSettings.ts `linkGroup`); absent in
   * the lock of an earlier version, whose rules matched `<prefix>*` by name.
   */
  linkGroup?: number;
}

/** This process's network namespace, as `/proc/self/ns/net` names it. */
function networkNamespace(): string {
  try {
    return fs.readlinkSync('/proc/self/ns/net');
  } catch {
    return 'unknown';
  }
}

/** The claim of this process for `settings`. */
export function claimOf(settings: NetnsSettings): PrefixClaim {
  const six = settings.addresses6;
  return {
    pid: process.pid,
    prefix: settings.namePrefix,
    addresses: `${formatIpv4(settings.addressBase)}/${settings.addressPrefix}`,
    ...(six ? { addresses6: six } : {}),
    ports: `${settings.firstPort}-${settings.lastPort}`,
    netns: networkNamespace(),
    linkGroup: linkGroup(settings.namePrefix),
  };
}

/** The claim in `file`, or undefined when unreadable or garbled. */
function readClaim(file: string): PrefixClaim | undefined {
  try {
    const claim = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PrefixClaim>;
    return Number.isSafeInteger(claim.pid) && (claim.pid ?? 0) > 0
      ? (claim as PrefixClaim)
      : undefined;
  } catch {
    return undefined;
  }
}

/** What of `a` and `b` clash (same network namespace): e.g. `WG_PORTS 51820-52819`. */
function clashes(a: PrefixClaim, b: PrefixClaim): string[] {
  if (a.netns !== b.netns) return [];
  const found: string[] = [];
  // Rules of an earlier version name their interfaces `<prefix>*`: a prefix that begins the
  // other's would take in the other's interfaces too (isolation, egress). Rules that match a
  // link group (both claims name theirs) take in their own interfaces only.
  const byName = a.linkGroup === undefined || b.linkGroup === undefined;
  if (byName && (a.prefix.startsWith(b.prefix) || b.prefix.startsWith(a.prefix))) {
    found.push(`NETNS_PREFIX '${b.prefix}' (one name begins the other)`);
  }
  const range = (ports: string) => ports.split('-').map(Number);
  const [aFirst, aLast] = range(a.ports);
  const [bFirst, bLast] = range(b.ports);
  if (aFirst <= bLast && bFirst <= aLast) found.push(`WG_PORTS ${b.ports}`);
  const overlap = (x: string | undefined, y: string | undefined, name: string) => {
    try {
      if (x && y && cidrsOverlap(parseCidr(x, name), parseCidr(y, name))) {
        found.push(`${name} ${y}`);
      }
    } catch {
      // a garbled record clashes with nothing
    }
  };
  overlap(a.addresses, b.addresses, 'WG_ADDRESSES');
  overlap(a.addresses6, b.addresses6, 'WG_ADDRESSES6');
  return found;
}

/** Holders in this process: prefix -> count. */
const heldHere = new Map<string, number>();

/**
 * Takes the lock of `settings.namePrefix` in `dir` and returns its release function
 * (idempotent). Shared within this process.
 * @throws Error naming the other owner's PID and what to change when another live process holds
 *   the prefix, or runs VPN servers on overlapping ports or addresses in this network namespace.
 */
export function lockPrefix(settings: NetnsSettings, dir = LOCK_DIR): () => void {
  const claim = claimOf(settings);
  const { prefix } = claim;
  const file = path.join(dir, `${prefix}.lock`);
  const count = heldHere.get(prefix) ?? 0;
  if (count === 0) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    checkOverlaps(claim, dir);
    const temporary = path.join(dir, `.${prefix}.${process.pid}.tmp`);
    fs.writeFileSync(temporary, `${JSON.stringify(claim)}\n`, { mode: 0o644 });
    try {
      takeFile(temporary, file, prefix);
    } finally {
      fs.rmSync(temporary, { force: true });
    }
    try {
      checkOverlaps(claim, dir); // again: a process starting at the same moment is seen now
    } catch (error) {
      fs.rmSync(file, { force: true });
      throw error;
    }
  }
  heldHere.set(prefix, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (heldHere.get(prefix) ?? 1) - 1;
    if (left > 0) {
      heldHere.set(prefix, left);
      return;
    }
    heldHere.delete(prefix);
    if (readClaim(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}

/** The refusal of a prefix held by process `pid`. */
function inUse(prefix: string, pid: number, file: string): Error {
  return new Error(
    `NETNS_PREFIX '${prefix}' is in use by process ${pid} (lock file ${file}), which runs its ` +
      'VPN servers: stop that process, or give this one another NETNS_PREFIX with WG_PORTS and ' +
      'WG_ADDRESSES of its own',
  );
}

/**
 * Links the whole claim `temporary` as `file` (atomic: it never appears half written). A stale
 * lock is first renamed away, which only one of several processes taking it over at once
 * achieves; one that finds it moved a live owner's fresh lock puts it back and gives up.
 * @throws Error ({@link inUse}) when a live process holds the lock.
 */
function takeFile(temporary: string, file: string, prefix: string): void {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.linkSync(temporary, file);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readClaim(file);
    if (held && held.pid !== process.pid && processExists(held.pid)) {
      throw inUse(prefix, held.pid, file);
    }
    const aside = `${temporary}.stale`;
    try {
      fs.renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // another took it away
      throw error;
    }
    const moved = readClaim(aside);
    if (moved && moved.pid !== process.pid && processExists(moved.pid)) {
      // A fresh lock, taken meanwhile by a live process: its own again.
      try {
        fs.linkSync(aside, file);
      } finally {
        fs.rmSync(aside, { force: true });
      }
      throw inUse(prefix, moved.pid, file);
    }
    fs.rmSync(aside, { force: true }); // stale: its owner is gone
  }
  throw new Error(`Could not take the lock file ${file}: it keeps changing`);
}

/** @throws Error when a live owner of another prefix in `dir` uses ranges `claim` overlaps. */
function checkOverlaps(claim: PrefixClaim, dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.lock') || name === `${claim.prefix}.lock`) continue;
    const other = readClaim(path.join(dir, name));
    if (!other || other.pid === process.pid || !processExists(other.pid)) continue;
    const found = clashes(claim, other);
    if (found.length > 0) {
      throw new Error(
        `NETNS_PREFIX '${claim.prefix}': process ${other.pid} runs the VPN servers of prefix ` +
          `'${other.prefix}' on ${found.join(' and ')} in this network namespace: give this ` +
          'one a NETNS_PREFIX that neither begins nor extends the other, and WG_PORTS and ' +
          'WG_ADDRESSES (and WG_ADDRESSES6) that do not overlap',
      );
    }
  }
}

/** The live owner of `prefix` other than this process, or undefined (none, or a stale lock). */
export function prefixOwner(prefix: string, dir = LOCK_DIR): PrefixClaim | undefined {
  const claim = readClaim(path.join(dir, `${prefix}.lock`));
  return claim && claim.pid !== process.pid && processExists(claim.pid) ? claim : undefined;
}
