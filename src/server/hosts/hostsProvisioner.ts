/**
 * The service's side of VPN hosts (issue 18; DESIGN.md "VPN hosts"): the provisioner chosen when
 * `NATS_URL` is set. It runs no WireGuard: it places every VPN on a host of its region and drives
 * that host over NATS JetStream (protocol.ts, hostBus.ts).
 *
 * - Placement (`prepare`): an online host (heard within HOST_GRACE_S) serving the region, with
 *   the fewest live VPNs and room (HOST_CAPACITY, or the capacity the host announces); recorded
 *   in `vpns.host_id` once (compare-and-set, so two service processes agree).
 * - Commands are published to the host's durable JetStream subject; provision waits for the
 *   host's answer (the server's public key, endpoint, addresses: the private key stays on the
 *   host). A deprovision is done once stored: the host does it when it is back.
 * - Reports are believed only from the VPN's own host (the subject names the sender, and NATS
 *   permissions make a host's user publish only on its own subjects). Usage is the highest
 *   cumulative counter reported, so a repeated or late report never charges twice.
 * - Host failure (hostMonitor.ts): Running VPNs whose host has not reported them alive for
 *   HOST_GRACE_S go Paused, back to Running when reported alive, terminated after HOST_LOST_S.
 * - A host that (re)starts is asked for its live set; what the service no longer has is removed.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, count, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Database } from '../db';
import { vpns } from '../db/schema';
import { safeMessage } from '../logger';
import {
  PermanentProvisionError,
  type DeprovisionTarget,
  type OperationOptions,
  type PrepareTarget,
  type ProvisionResult,
  type ProvisionTarget,
  type Provisioner,
  type UsageResult,
  type UsageTarget,
} from '../provisioners/types';
import { TERMINAL_STATES } from '../vpns/store';
import { HostMonitor } from './hostMonitor';
import { HostBus } from './hostBus';
import {
  decodeHeartbeat,
  decodeUsage,
  type HostCommand,
  type HostResult,
  type ReportKind,
} from './protocol';
import type { HostsSettings } from './settings';

/** What the service knows of a host from its heartbeats. */
export interface HostInfo {
  hostId: string;
  /** Id of the host process's current run. */
  bootId: string;
  regions: string[];
  /** Announced capacity, when the host says. */
  capacity?: number;
  /** Last heartbeat, epoch ms. */
  lastSeenMs: number;
  /** VPNs alive at the last heartbeat. */
  alive: number;
}

/** Options of {@link createHostsProvisioner}. */
export interface HostsProvisionerOptions {
  db: Database;
  settings: HostsSettings;
  /** Current time, epoch ms (default `Date.now`). */
  clock?: () => number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The message of a Create refused because no host of the region is online. */
export function noHostMessage(region: string): string {
  return `Region ${region} is unavailable: no VPN host is online there. Try another region`;
}

/** The message of a Create refused because every host of the region is full. */
export function regionFullMessage(region: string): string {
  return `Region ${region} is full: every VPN host there is at capacity. Try another region`;
}

/** Why the last report was ignored (for tests and logs). */
export type RejectedReport = { hostId: string; vpnId: string; kind: ReportKind };

/** The provisioner of a deployment with VPN hosts. */
export class HostsProvisioner implements Provisioner {
  readonly name = 'hosts';
  private readonly hosts = new Map<string, HostInfo>();
  private readonly bus: HostBus;
  /** vpnId -> host, as recorded in the database (only set values are cached). */
  private readonly vpnHosts = new Map<string, string>();
  /** vpnId -> the last time its own host reported it alive, epoch ms. */
  readonly lastAlive = new Map<string, number>();
  /** vpnId -> the highest cumulative byte counter its own host reported. */
  private readonly usageBytes = new Map<string, number>();
  /** Reports ignored because they came from another host than the VPN's. */
  readonly rejected: RejectedReport[] = [];
  readonly startedAtMs: number;
  private readonly monitor: HostMonitor;

  constructor(private readonly options: HostsProvisionerOptions) {
    this.startedAtMs = this.now();
    this.bus = new HostBus({
      settings: options.settings,
      log: options.log,
      onReport: (hostId, kind, data) => this.onReport(hostId, kind, data),
      onForeignResult: (hostId, result) =>
        this.reject({ hostId, vpnId: result.vpnId ?? '', kind: 'result' }),
    });
    this.monitor = new HostMonitor({
      db: options.db,
      clock: () => this.now(),
      graceMs: options.settings.graceMs,
      lostMs: options.settings.lostMs,
      lastAlive: (vpnId) => this.lastAlive.get(vpnId),
      startedAtMs: this.startedAtMs,
      deprovision: (target) => this.deprovision(target),
      log: options.log,
    });
  }

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }

  private get settings(): HostsSettings {
    return this.options.settings;
  }

  /** Starts listening to hosts and judging their VPNs (the lifecycle calls it at start). */
  async reconcile(): Promise<void> {
    this.ready().catch((error: unknown) =>
      this.options.log?.error({ err: safeMessage(error) }, 'cannot connect to NATS'),
    );
  }

  /**
   * Connects (not awaited at start: the service starts even while NATS is away, and commands
   * wait for it) and starts the monitor.
   */
  private ready(): Promise<unknown> {
    this.monitor.start();
    return this.bus.ready();
  }

  /** Stops the monitor and closes the connection. Idempotent. */
  async close(): Promise<void> {
    await this.monitor.stop();
    await this.bus.close();
  }

  /** See {@link HostBus.command}. */
  private command(
    hostId: string,
    command: HostCommand,
    wait: boolean,
    signal?: AbortSignal,
  ): Promise<HostResult> {
    this.monitor.start();
    return this.bus.command(hostId, command, wait, signal);
  }

  // -------------------------------------------------------------------------------------------
  // Reports

  /** A heartbeat or usage report of host `hostId`. */
  private async onReport(
    hostId: string,
    kind: 'heartbeat' | 'usage',
    data: Uint8Array,
  ): Promise<void> {
    if (kind === 'heartbeat') {
      const heartbeat = decodeHeartbeat(data);
      if (!heartbeat) return;
      const nowMs = this.now();
      const known = this.hosts.get(hostId);
      this.hosts.set(hostId, {
        hostId,
        bootId: heartbeat.bootId,
        regions: heartbeat.regions,
        capacity: heartbeat.capacity,
        lastSeenMs: nowMs,
        alive: heartbeat.alive.length,
      });
      if (!known || known.bootId !== heartbeat.bootId) {
        this.options.log?.info({ hostId, regions: heartbeat.regions }, 'VPN host (re)started');
        void this.syncHost(hostId);
      }
      const owners = await this.hostsOf(heartbeat.alive);
      for (const vpnId of heartbeat.alive) {
        if (owners.get(vpnId) === hostId) this.lastAlive.set(vpnId, nowMs);
        else if (owners.has(vpnId)) this.reject({ hostId, vpnId, kind: 'heartbeat' });
      }
      return;
    }
    const usage = decodeUsage(data);
    if (!usage) return;
    const owners = await this.hostsOf(usage.vpns.map((entry) => entry.vpnId));
    for (const { vpnId, bytes } of usage.vpns) {
      if (owners.get(vpnId) !== hostId) {
        if (owners.has(vpnId)) this.reject({ hostId, vpnId, kind: 'usage' });
        continue;
      }
      this.usageBytes.set(vpnId, Math.max(bytes, this.usageBytes.get(vpnId) ?? 0));
    }
  }

  private reject(report: RejectedReport): void {
    this.rejected.push(report);
    if (this.rejected.length > 100) this.rejected.shift();
    this.options.log?.warn(report, 'report about a VPN of another host ignored');
  }

  /** The recorded host of each of `vpnIds` that has one. */
  private async hostsOf(vpnIds: readonly string[]): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    const unknown: string[] = [];
    for (const vpnId of vpnIds) {
      const hostId = this.vpnHosts.get(vpnId);
      if (hostId) owners.set(vpnId, hostId);
      else unknown.push(vpnId);
    }
    for (let at = 0; at < unknown.length; at += 500) {
      const rows = await this.options.db
        .select({ vpnId: vpns.vpnId, hostId: vpns.hostId })
        .from(vpns)
        .where(inArray(vpns.vpnId, unknown.slice(at, at + 500)));
      for (const row of rows) {
        if (row.hostId) {
          this.vpnHosts.set(row.vpnId, row.hostId);
          owners.set(row.vpnId, row.hostId);
        }
      }
    }
    return owners;
  }

  /**
   * A host (re)started: asks it for its live set and deprovisions what the service no longer has
   * on that host (no row, ended, or placed elsewhere). Errors are logged (the next start retries).
   */
  private async syncHost(hostId: string): Promise<void> {
    try {
      const result = await this.command(hostId, { op: 'list-live', id: randomUUID() }, true);
      const live = result.live ?? [];
      const rows =
        live.length === 0
          ? []
          : await this.options.db
              .select({ vpnId: vpns.vpnId, state: vpns.state, hostId: vpns.hostId })
              .from(vpns)
              .where(inArray(vpns.vpnId, live));
      const keep = new Set(
        rows
          .filter((row) => row.hostId === hostId && !TERMINAL_STATES.includes(row.state as never))
          .map((row) => row.vpnId),
      );
      for (const vpnId of live) {
        if (keep.has(vpnId)) continue;
        const region = vpnId.slice(vpnId.indexOf('@') + 1);
        this.options.log?.info({ hostId, vpnId }, 'removing a server the service no longer has');
        await this.command(hostId, { op: 'deprovision', id: randomUUID(), vpnId, region }, false);
      }
    } catch (error) {
      this.options.log?.warn({ hostId, err: safeMessage(error) }, 'syncing a host failed');
    }
  }

  /** True when host `host` was heard within the grace time. */
  private online(host: HostInfo): boolean {
    return this.now() - host.lastSeenMs <= this.settings.graceMs;
  }

  private capacityOf(host: HostInfo): number {
    return host.capacity ?? this.settings.capacity;
  }

  /** The hosts heard within the grace time, by id (for the regions API and tests). */
  onlineHosts(): HostInfo[] {
    return [...this.hosts.values()].filter((host) => this.online(host));
  }

  /**
   * Why a VPN cannot be created in `region` now (no online host there, or all full by their
   * last heartbeats), or undefined when it can. In memory: safe inside a transaction.
   */
  regionUnavailable(region: string): string | undefined {
    const serving = this.onlineHosts().filter((host) => host.regions.includes(region));
    if (serving.length === 0) return noHostMessage(region);
    if (serving.every((host) => host.alive >= this.capacityOf(host))) {
      return regionFullMessage(region);
    }
    return undefined;
  }

  /** The host of `vpnId` recorded in the database, or undefined. */
  private async hostOf(vpnId: string): Promise<string | undefined> {
    return (await this.hostsOf([vpnId])).get(vpnId);
  }

  /** Picks the online host of `region` with the fewest live VPNs and room, or undefined. */
  private async place(region: string): Promise<string | undefined> {
    const serving = this.onlineHosts().filter((host) => host.regions.includes(region));
    if (serving.length === 0) return undefined;
    const loads = await this.options.db
      .select({ hostId: vpns.hostId, n: count() })
      .from(vpns)
      .where(
        and(
          inArray(
            vpns.hostId,
            serving.map((host) => host.hostId),
          ),
          notInArray(vpns.state, [...TERMINAL_STATES]),
        ),
      )
      .groupBy(vpns.hostId);
    const load = new Map(loads.map((row) => [row.hostId, Number(row.n)]));
    let best: { hostId: string; n: number } | undefined;
    for (const host of serving) {
      const n = load.get(host.hostId) ?? 0;
      if (n >= this.capacityOf(host)) continue;
      if (!best || n < best.n || (n === best.n && host.hostId < best.hostId)) {
        best = { hostId: host.hostId, n };
      }
    }
    return best?.hostId;
  }

  // -------------------------------------------------------------------------------------------
  // Provisioner

  /** Creating -> Created: places the VPN on a host of its region (once). */
  async prepare(vpn: PrepareTarget, operation?: OperationOptions): Promise<void> {
    await this.ready();
    if (await this.hostOf(vpn.vpnId)) return;
    operation?.signal?.throwIfAborted();
    const hostId = await this.place(vpn.region);
    if (!hostId) throw new Error(noHostMessage(vpn.region));
    await this.options.db
      .update(vpns)
      .set({ hostId })
      .where(and(eq(vpns.vpnId, vpn.vpnId), isNull(vpns.hostId)));
    const placed = await this.hostOf(vpn.vpnId);
    this.options.log?.info({ vpnId: vpn.vpnId, hostId: placed }, 'VPN placed');
  }

  /** Provisioning -> Running: the host makes the server (and its keys) and answers. */
  async provision(vpn: ProvisionTarget, operation?: OperationOptions): Promise<ProvisionResult> {
    const hostId = await this.hostOf(vpn.vpnId);
    if (!hostId) throw new Error(`VPN ${vpn.vpnId} has no host`);
    const result = await this.command(
      hostId,
      {
        op: 'provision',
        id: randomUUID(),
        vpnId: vpn.vpnId,
        region: vpn.region,
        clientPublicKey: vpn.clientPublicKey,
        presharedKey: vpn.presharedKey,
      },
      true,
      operation?.signal,
    );
    if (!result.ok || !result.server) {
      const message = `host ${hostId}: ${result.error ?? 'no server in the answer'}`;
      throw result.permanent ? new PermanentProvisionError(message) : new Error(message);
    }
    this.lastAlive.set(vpn.vpnId, this.now());
    return { ...result.server };
  }

  /**
   * Deprovisioning -> Deleted: stores the deprovision for the VPN's host (every host of the
   * region known here when the row is gone), waiting for the answer while the host is online.
   */
  async deprovision(vpn: DeprovisionTarget, operation?: OperationOptions): Promise<void> {
    const recorded = await this.hostOf(vpn.vpnId);
    const targets = recorded
      ? [recorded]
      : [...this.hosts.values()]
          .filter((host) => host.regions.includes(vpn.region))
          .map((host) => host.hostId);
    for (const hostId of targets) {
      const host = this.hosts.get(hostId);
      const wait = host !== undefined && this.online(host);
      const command: HostCommand = {
        op: 'deprovision',
        id: randomUUID(),
        vpnId: vpn.vpnId,
        region: vpn.region,
      };
      try {
        const result = await this.command(hostId, command, wait, operation?.signal);
        if (!result.ok) throw new Error(`host ${hostId}: ${result.error ?? 'failed'}`);
      } catch (error) {
        // Stored in the host's durable stream: it is done when the host answers again.
        if (!wait || operation?.signal?.aborted) throw error;
        this.options.log?.warn(
          { vpnId: vpn.vpnId, hostId, err: safeMessage(error) },
          'deprovision not answered; left to the host',
        );
      }
    }
    this.lastAlive.delete(vpn.vpnId);
    this.usageBytes.delete(vpn.vpnId);
  }

  /** The highest cumulative byte counter the VPN's own host reported (0 before any). */
  async usage(vpn: UsageTarget): Promise<UsageResult> {
    return { bytes: this.usageBytes.get(vpn.vpnId) ?? 0 };
  }
}

/** Creates the provisioner of a deployment with VPN hosts. */
export function createHostsProvisioner(options: HostsProvisionerOptions): HostsProvisioner {
  return new HostsProvisioner(options);
}
