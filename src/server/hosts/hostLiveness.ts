/**
 * Host liveness in the database: the `vpn_hosts` table records each host's last
 * heartbeat (its run, regions, capacity and the VPNs it reported alive), so that every service
 * process on one database judges a host alike, including a process that never heard it.
 *
 * Every service process hears every heartbeat; the write is guarded so that a host's row is
 * written at most once per `minIntervalMs` whoever hears it (a conditional UPDATE: the first
 * process wins, the others change nothing), and a new run of a host (new `bootId`) is noticed by
 * exactly one process, which then asks the host for its live set.
 */
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '../db';
import { vpnHosts, type VpnHostRow } from '../db/schema';
import type { Heartbeat } from './protocol';

/** What the service knows of a host from its last recorded heartbeat. */
export interface HostInfo {
  hostId: string;
  /** Id of the host process's current run. */
  bootId: string;
  regions: string[];
  /** Announced capacity, when the host says. */
  capacity?: number;
  /** True while an operator has drained it (it takes no new VPN); absent when not read. */
  drained?: boolean;
  /** Last heartbeat, epoch ms. */
  lastSeenMs: number;
  /** The protocol version of its last heartbeat heard by this process (protocol.ts); absent: 1. */
  protocol?: number;
  /** VPNs alive at the last heartbeat. */
  alive: number;
  /**
   * Its usage reports refused as faults (hostUsage.ts): how many, and the last one
   * (when, epoch ms, and in words); absent when not read from the database.
   */
  faults?: { count: number; lastAtMs?: number; last?: string };
}

/**
 * What recording a heartbeat did: `new` (first heartbeat of this host ever), `restarted` (a new
 * run: this process noticed it first), `written` (the row was due for an update), `skipped`
 * (another process recorded it recently).
 */
export type HeartbeatRecord = 'new' | 'restarted' | 'written' | 'skipped';

/** The host of a row. */
export function hostInfoOf(row: VpnHostRow): HostInfo {
  return {
    hostId: row.hostId,
    bootId: row.bootId,
    regions: row.regions,
    capacity: row.capacity ?? undefined,
    drained: row.drained,
    lastSeenMs: row.lastSeenAt.getTime(),
    alive: row.alive.length,
    faults: {
      count: row.faultCount,
      lastAtMs: row.lastFaultAt?.getTime(),
      last: row.lastFault ?? undefined,
    },
  };
}

/**
 * Records host `hostId`'s heartbeat `heartbeat` heard at `nowMs` unless the row was written less
 * than `minIntervalMs` before; `alive` is the heartbeat's VPNs that the database places on this
 * host. Safe from several processes at once (each statement is one guarded row change).
 */
export async function recordHeartbeat(
  db: Database,
  hostId: string,
  heartbeat: Heartbeat,
  alive: readonly string[],
  nowMs: number,
  minIntervalMs: number,
): Promise<HeartbeatRecord> {
  const values = {
    bootId: heartbeat.bootId,
    regions: heartbeat.regions,
    capacity: heartbeat.capacity ?? null,
    alive: [...alive],
    lastSeenAt: new Date(nowMs),
  };
  const restarted = await db
    .update(vpnHosts)
    .set(values)
    .where(and(eq(vpnHosts.hostId, hostId), ne(vpnHosts.bootId, heartbeat.bootId)))
    .returning({ hostId: vpnHosts.hostId });
  if (restarted.length > 0) return 'restarted';
  const inserted = await db
    .insert(vpnHosts)
    .values({ hostId, ...values })
    .onConflictDoNothing()
    .returning({ hostId: vpnHosts.hostId });
  if (inserted.length > 0) return 'new';
  const written = await db
    .update(vpnHosts)
    .set(values)
    .where(
      and(
        eq(vpnHosts.hostId, hostId),
        eq(vpnHosts.bootId, heartbeat.bootId),
        lt(vpnHosts.lastSeenAt, new Date(nowMs - minIntervalMs)),
      ),
    )
    .returning({ hostId: vpnHosts.hostId });
  return written.length > 0 ? 'written' : 'skipped';
}

/** Every host recorded. */
export async function loadHosts(db: Database): Promise<HostInfo[]> {
  return (await db.select().from(vpnHosts)).map(hostInfoOf);
}
