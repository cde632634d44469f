/**
 * Host failure (spec §4's Paused state), decided from the database (`vpn_hosts`,
 * hostLiveness.ts) so that every service process on it agrees: a pass every second (or a quarter
 * of the grace time) in every process, each change one guarded UPDATE, so that when several
 * processes judge at once each VPN changes once.
 *
 * A VPN on a host is "reported alive" at its host's last recorded heartbeat when that heartbeat
 * listed it.
 *
 * - Running, unchanged for `graceMs` and not reported alive within `graceMs` -> Paused (metering
 *   charges only Running VPNs, so the pause is not charged). The pause instant is `updatedAt`.
 *   Its unsettled charges are settled into the ledger in the same statement (only a Running VPN
 *   holds unsettled charges: vpns/metering.ts "Settling").
 * - Paused, reported alive since it was paused -> Running again, its `runningAt` and
 *   `meteredAt` moved forward by the time it was paused: metering carries on where it stopped
 *   (same interval numbers, so nothing is settled twice) and deleteAfter counts running time only.
 * - Paused for `lostMs - graceMs` (silent for about `lostMs`) -> Deleted ('Host lost'), having
 *   been charged only what its host reported; the process whose UPDATE ended it stores its
 *   deprovision for the host.
 *
 * A process judges (pauses, terminates) only once it has been watching for `graceMs`: after the
 * whole service was down, the hosts' rows are old until their next heartbeats are recorded.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db';
import { vpns } from '../db/schema';
import { safeMessage } from '../logger';
import type { DeprovisionTarget } from '../provisioners/types';
import { insertSettlements } from '../vpns/meterBatchSql';
import { WIPED_SECRETS } from '../vpns/store';
import { loadHosts, type HostInfo } from './hostLiveness';

/** The reason stored on a VPN terminated because its host was lost. */
export const HOST_LOST_REASON = 'Host lost';

/** Options of {@link HostMonitor}. */
export interface HostMonitorOptions {
  db: Database;
  clock: () => number;
  graceMs: number;
  lostMs: number;
  /** When this service process started watching, epoch ms. */
  startedAtMs: number;
  /** Given the hosts recorded in the database at every pass (before judging). */
  onHosts: (hosts: HostInfo[]) => void;
  /** Stores the teardown of a lost VPN for its host. */
  deprovision: (target: DeprovisionTarget) => Promise<void>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What one pass changed. */
export interface MonitorPass {
  paused: string[];
  resumed: string[];
  lost: string[];
}

/** A timestamp parameter (drizzle passes raw-SQL parameters untyped). */
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** True when the VPN of the row was listed by its host's heartbeat recorded after `since`. */
const reportedAliveSince = (since: ReturnType<typeof sql>) =>
  sql`EXISTS (SELECT 1 FROM vpn_hosts h WHERE h.host_id = "vpns"."host_id"
    AND h.last_seen_at > ${since} AND "vpns"."vpn_id" = ANY(h.alive))`;

/** Pauses, resumes and terminates the VPNs of silent hosts. */
export class HostMonitor {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: HostMonitorOptions) {}

  /** Starts the passes. */
  start(): void {
    if (this.timer || this.stopped) return;
    const every = Math.max(100, Math.min(1000, this.options.graceMs / 4));
    this.kick();
    this.timer = setInterval(() => this.kick(), every);
    this.timer.unref();
  }

  /** Runs a pass after the one in progress. */
  private kick(): void {
    this.pass = this.pass.then(() =>
      this.check().catch((error: unknown) =>
        this.options.log?.error({ err: safeMessage(error) }, 'host monitor pass failed'),
      ),
    );
  }

  /** Stops the passes (waits for the one in progress). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pass;
  }

  /** One pass: reads the hosts, then resumes, pauses and terminates (see the file's doc). */
  async check(): Promise<MonitorPass> {
    const { db, clock, graceMs, lostMs, log } = this.options;
    const done: MonitorPass = { paused: [], resumed: [], lost: [] };
    this.options.onHosts(await loadHosts(db));
    if (this.stopped) return done;
    const nowMs = clock();
    const now = at(nowMs);
    const resumed = await db
      .update(vpns)
      .set({
        state: 'Running',
        updatedAt: new Date(nowMs),
        version: sql`${vpns.version} + 1`,
        runningAt: sql`${vpns.runningAt} + (${now} - ${vpns.updatedAt})`,
        meteredAt: sql`${vpns.meteredAt} + (${now} - ${vpns.updatedAt})`,
      })
      .where(
        and(
          eq(vpns.state, 'Paused'),
          isNotNull(vpns.hostId),
          isNotNull(vpns.runningAt),
          isNotNull(vpns.meteredAt),
          reportedAliveSince(sql`"vpns"."updated_at"`),
        ),
      )
      .returning({ vpnId: vpns.vpnId });
    done.resumed = resumed.map((row) => row.vpnId);
    for (const vpnId of done.resumed) log?.info({ vpnId }, 'VPN running again: its host is back');
    if (nowMs - this.options.startedAtMs <= graceMs) return done;

    // Locked first, so the amount settled is the row's latest (a metering pass may hold it).
    const paused = rowsOf<{ vpn_id: string }>(
      await db.execute(sql`
        WITH due AS (
          SELECT vpn_id, consumed_nano - settled_nano AS settle_amount,
            settled_intervals AS settle_index
          FROM vpns
          WHERE state = 'Running' AND host_id IS NOT NULL AND updated_at < ${at(nowMs - graceMs)}
            AND NOT ${reportedAliveSince(at(nowMs - graceMs))}
          FOR UPDATE
        ), paused AS (
          UPDATE vpns SET state = 'Paused', updated_at = ${now}, version = vpns.version + 1,
            settled_nano = vpns.consumed_nano, settled_intervals = vpns.metered_intervals
          FROM due WHERE vpns.vpn_id = due.vpn_id AND vpns.state = 'Running'
          RETURNING vpns.vpn_id, vpns.user_sub, due.settle_amount, due.settle_index
        ), settled AS (${insertSettlements('paused')})
        SELECT vpn_id FROM paused`),
    );
    done.paused = paused.map((row) => row.vpn_id);
    for (const vpnId of done.paused) log?.warn({ vpnId }, 'VPN paused: its host is silent');

    const lost = await db
      .update(vpns)
      .set({
        ...WIPED_SECRETS,
        state: 'Deleted',
        updatedAt: new Date(nowMs),
        version: sql`${vpns.version} + 1`,
        endedAt: sql`${vpns.updatedAt}`,
        reason: HOST_LOST_REASON,
      })
      .where(
        and(
          eq(vpns.state, 'Paused'),
          isNotNull(vpns.hostId),
          lt(vpns.updatedAt, new Date(nowMs - (lostMs - graceMs))),
          sql`NOT ${reportedAliveSince(sql`"vpns"."updated_at"`)}`,
        ),
      )
      .returning({ vpnId: vpns.vpnId, region: vpns.region, endpoint: vpns.endpoint });
    for (const target of lost) {
      done.lost.push(target.vpnId);
      log?.warn({ vpnId: target.vpnId }, 'VPN terminated: its host was lost');
      try {
        await this.options.deprovision(target);
      } catch (error) {
        // The host removes it anyway when it starts again (it asks for its live set).
        log?.warn({ vpnId: target.vpnId, err: safeMessage(error) }, 'storing a teardown failed');
      }
    }
    return done;
  }
}
