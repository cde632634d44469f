/**
 * Host failure (issue 18; spec §4's Paused state): a pass every second (or a quarter of the grace
 * time) over the Running and Paused VPNs placed on hosts.
 *
 * - Running, not reported alive by its host for `graceMs` -> Paused (metering charges only
 *   Running VPNs, so the pause is not charged). The pause instant is the row's `updatedAt`.
 * - Paused, reported alive since it was paused -> Running again, its `runningAt` and
 *   `meteredAt` moved forward by the time it was paused: metering carries on where it stopped
 *   (same interval keys, so nothing is charged twice) and deleteAfter counts running time only.
 * - Paused, not reported alive for `lostMs` -> its deprovision is stored for the host and it is
 *   Deleted ('Host lost'), having been charged only what its host reported.
 *
 * "Reported alive" is in memory (heartbeats reach every service process); a service process
 * that starts counts silence from its own start. Every change is compare-and-set, so several
 * service processes may judge at once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db';
import { vpns } from '../db/schema';
import { safeMessage } from '../logger';
import type { DeprovisionTarget } from '../provisioners/types';
import { transition } from '../vpns/store';

/** The reason stored on a VPN terminated because its host was lost. */
export const HOST_LOST_REASON = 'Host lost';

/** Options of {@link HostMonitor}. */
export interface HostMonitorOptions {
  db: Database;
  clock: () => number;
  graceMs: number;
  lostMs: number;
  /** When `vpnId`'s own host last reported it alive, epoch ms. */
  lastAlive: (vpnId: string) => number | undefined;
  /** When this service process started watching, epoch ms. */
  startedAtMs: number;
  /** Stores the teardown of a lost VPN for its host. */
  deprovision: (target: DeprovisionTarget) => Promise<void>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Pauses, resumes and terminates the VPNs of silent hosts. */
export class HostMonitor {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: HostMonitorOptions) {}

  /** Starts the passes. */
  start(): void {
    if (this.timer || this.stopped) return;
    const every = Math.max(100, Math.min(1000, this.options.graceMs / 4));
    this.timer = setInterval(() => {
      this.pass = this.pass.then(() =>
        this.check().catch((error: unknown) =>
          this.options.log?.error({ err: safeMessage(error) }, 'host monitor pass failed'),
        ),
      );
    }, every);
    this.timer.unref();
  }

  /** Stops the passes (waits for the one in progress). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pass;
  }

  /** One pass over the Running and Paused VPNs on hosts. */
  async check(): Promise<void> {
    const { db, clock, graceMs, lostMs, log } = this.options;
    const rows = await db
      .select({
        vpnId: vpns.vpnId,
        region: vpns.region,
        state: vpns.state,
        endpoint: vpns.endpoint,
        updatedAt: vpns.updatedAt,
        runningAt: vpns.runningAt,
        meteredAt: vpns.meteredAt,
      })
      .from(vpns)
      .where(and(isNotNull(vpns.hostId), inArray(vpns.state, ['Running', 'Paused'])));
    for (const row of rows) {
      if (this.stopped) return;
      const nowMs = clock();
      const alive = this.options.lastAlive(row.vpnId);
      const silentMs = nowMs - Math.max(alive ?? 0, this.options.startedAtMs);
      if (row.state === 'Running') {
        if (silentMs > graceMs && (await transition(db, row.vpnId, ['Running'], 'Paused', nowMs))) {
          log?.warn({ vpnId: row.vpnId }, 'VPN paused: its host is silent');
        }
        continue;
      }
      const pausedAtMs = row.updatedAt.getTime();
      if (alive !== undefined && alive > pausedAtMs && row.runningAt && row.meteredAt) {
        const shift = nowMs - pausedAtMs;
        const resumed = await transition(db, row.vpnId, ['Paused'], 'Running', nowMs, {
          runningAt: new Date(row.runningAt.getTime() + shift),
          meteredAt: new Date(row.meteredAt.getTime() + shift),
        });
        if (resumed) log?.info({ vpnId: row.vpnId }, 'VPN running again: its host is back');
      } else if (silentMs > lostMs) {
        await this.options.deprovision({
          vpnId: row.vpnId,
          region: row.region,
          endpoint: row.endpoint,
        });
        const ended = await transition(db, row.vpnId, ['Paused'], 'Deleted', nowMs, {
          endedAt: new Date(pausedAtMs),
          reason: HOST_LOST_REASON,
        });
        if (ended) log?.warn({ vpnId: row.vpnId }, 'VPN terminated: its host was lost');
      }
    }
  }
}
