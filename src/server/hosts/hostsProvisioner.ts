/**
 * The service's side of VPN hosts (docs/architecture.md "VPN hosts"): the provisioner chosen when
 * `NATS_URL` is set. It runs no WireGuard: it places every VPN on a host of its region and drives
 * that host over NATS JetStream (protocol.ts, hostBus.ts).
 *
 * - Liveness is in the database (hostLiveness.ts, table `vpn_hosts`): every service process hears
 *   every heartbeat and one of them records it, so a process judges hosts it never heard.
 * - Placement (`prepare`, hostPlacement.ts): an online host (heard within HOST_GRACE_S)
 *   serving the region, with the fewest live VPNs and room (HOST_CAPACITY, or the capacity the
 *   host announces); recorded in `vpns.host_id` once (compare-and-set, so two service processes
 *   agree).
 * - Commands are published to the host's durable JetStream subject; provision waits for the
 *   host's answer (the server's public key, endpoint, addresses: the private key stays on the
 *   host). A deprovision is done once stored: the host does it when it is back.
 * - Reports are believed only from the VPN's own host (the subject names the sender, and NATS
 *   permissions make a host's user publish only on its own subjects). Usage is the highest
 *   cumulative counter reported, kept in the database (hostUsage.ts) so that every service
 *   process meters from the last report at once; a repeated or late report never charges twice.
 * - Host failure (hostMonitor.ts): Running VPNs whose host has not reported them alive for
 *   HOST_GRACE_S go Paused, back to Running when reported alive, terminated after HOST_LOST_S.
 * - A host that (re)starts is asked for its live set; what the service no longer has is removed.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
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
import { loadHosts, recordHeartbeat, type HostInfo } from './hostLiveness';
import { HostMonitor } from './hostMonitor';
import {
  noHostMessage,
  PlacementBatcher,
  regionUnavailable,
  type PlacementView,
} from './hostPlacement';
import { HostBus } from './hostBus';
import { ReportedBytesReader, UsageRecorder, type ReportedBytes } from './hostUsage';
import {
  BATCH_PROTOCOL_VERSION,
  decodeHeartbeat,
  decodeUsage,
  type HostCommand,
  type HostResult,
  type ReportKind,
} from './protocol';
import type { HostsSettings } from './settings';
import { VpnHosts } from './vpnHosts';

/** Longest wait for NATS to answer the readiness ping, ms. */
const HEALTH_PING_MS = 1000;

/** Options of {@link createHostsProvisioner}. */
export interface HostsProvisionerOptions {
  db: Database;
  settings: HostsSettings;
  /** Current time, epoch ms (default `Date.now`). */
  clock?: () => number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export { noHostMessage } from './hostPlacement';

/** Why the last report was ignored (for tests and logs). */
export type RejectedReport = { hostId: string; vpnId: string; kind: ReportKind };

/** The provisioner of a deployment with VPN hosts. */
export class HostsProvisioner implements Provisioner {
  readonly name = 'hosts';
  /** The host makes the server's keys: the service keeps only the public key it answers. */
  readonly makesServerKeys = true;
  private readonly hosts = new Map<string, HostInfo>();
  private readonly bus: HostBus;
  /** vpnId -> host, as recorded in the database (vpnHosts.ts). */
  private readonly vpnHosts: VpnHosts;
  /** Records the hosts' usage reports (hostUsage.ts). */
  private readonly usageRecorder: UsageRecorder;
  private readonly reportedBytes: ReportedBytesReader;
  /** Reports ignored because they came from another host than the VPN's. */
  readonly rejected: RejectedReport[] = [];
  readonly startedAtMs: number;
  private readonly monitor: HostMonitor;
  private readonly placement: PlacementBatcher;

  constructor(private readonly options: HostsProvisionerOptions) {
    this.startedAtMs = this.now();
    this.vpnHosts = new VpnHosts(options.db);
    this.reportedBytes = new ReportedBytesReader(options.db);
    this.placement = new PlacementBatcher(
      options.db,
      () => this.view,
      (vpnIds) => this.vpnHosts.hostsOf(vpnIds),
      (vpnId, hostId) => this.vpnHosts.remember(vpnId, hostId),
    );
    this.usageRecorder = new UsageRecorder({
      db: options.db,
      maxBytesPerS: options.settings.maxBytesPerS,
      log: options.log,
    });
    this.bus = new HostBus({
      settings: options.settings,
      log: options.log,
      onReport: (hostId, kind, data) => this.onReport(hostId, kind, data),
      onForeignResult: (hostId, result) =>
        this.reject({ hostId, vpnId: result.vpnId ?? '', kind: 'result' }),
      takesBatches: (hostId) => (this.hosts.get(hostId)?.protocol ?? 1) >= BATCH_PROTOCOL_VERSION,
    });
    this.monitor = new HostMonitor({
      db: options.db,
      clock: () => this.now(),
      graceMs: options.settings.graceMs,
      lostMs: options.settings.lostMs,
      startedAtMs: this.startedAtMs,
      onHosts: (hosts) => this.onHosts(hosts),
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

  /** Undefined when the NATS connection answers a ping within a second (`/readyz`). */
  async health(): Promise<string | undefined> {
    return (await this.bus.pings(HEALTH_PING_MS)) ? undefined : 'NATS is not connected';
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
      this.hosts.set(hostId, {
        drained: this.hosts.get(hostId)?.drained,
        hostId,
        bootId: heartbeat.bootId,
        regions: heartbeat.regions,
        capacity: heartbeat.capacity,
        lastSeenMs: nowMs,
        alive: heartbeat.alive.length,
        protocol: heartbeat.protocol,
      });
      const owners = await this.vpnHosts.hostsOf(heartbeat.alive);
      const alive: string[] = [];
      for (const vpnId of heartbeat.alive) {
        if (owners.get(vpnId) === hostId) alive.push(vpnId);
        else if (owners.has(vpnId)) this.reject({ hostId, vpnId, kind: 'heartbeat' });
      }
      // Recorded in the database for every service process (at most every quarter of the
      // grace time per host, by whichever process hears it first).
      const recorded = await recordHeartbeat(
        this.options.db,
        hostId,
        heartbeat,
        alive,
        nowMs,
        Math.min(5000, this.settings.graceMs / 4),
      );
      if (recorded === 'new' || recorded === 'restarted') {
        this.options.log?.info({ hostId, regions: heartbeat.regions }, 'VPN host (re)started');
        void this.syncHost(hostId);
      }
      return;
    }
    const usage = decodeUsage(data);
    if (!usage) return;
    const owners = await this.vpnHosts.hostsOf(usage.vpns.map((entry) => entry.vpnId));
    const own: ReportedBytes[] = [];
    for (const entry of usage.vpns) {
      if (owners.get(entry.vpnId) === hostId) own.push(entry);
      else if (owners.has(entry.vpnId)) this.reject({ hostId, vpnId: entry.vpnId, kind: 'usage' });
    }
    await this.usageRecorder.record(hostId, own);
  }

  /**
   * Every host recorded in the database, with its faults (refused usage reports, hostUsage.ts):
   * the hosts' status as the operator console lists it. @throws the database's error.
   */
  hostStatus(): Promise<HostInfo[]> {
    return loadHosts(this.options.db);
  }

  private reject(report: RejectedReport): void {
    this.rejected.push(report);
    if (this.rejected.length > 100) this.rejected.shift();
    this.options.log?.warn(report, 'report about a VPN of another host ignored');
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

  /** The hosts recorded in the database (each monitor pass): newer than what this process heard. */
  private onHosts(hosts: readonly HostInfo[]): void {
    for (const host of hosts) {
      const known = this.hosts.get(host.hostId);
      if (!known || known.lastSeenMs < host.lastSeenMs) this.hosts.set(host.hostId, host);
      // An operator's drain is read from the database whatever this process heard.
      else known.drained = host.drained;
    }
  }

  /** True when host `host` was heard within the grace time. */
  private online(host: HostInfo): boolean {
    return this.now() - host.lastSeenMs <= this.settings.graceMs;
  }

  /** The hosts heard within the grace time, by id (for the regions API and tests). */
  onlineHosts(): HostInfo[] {
    return [...this.hosts.values()].filter((host) => this.online(host));
  }

  /** What placement sees now. */
  private get view(): PlacementView {
    return { online: this.onlineHosts(), defaultCapacity: this.settings.capacity };
  }

  /**
   * Why a VPN cannot be created in `region` now (hostPlacement.ts), or undefined when it can.
   * In memory (the hosts as last heard or read from the database): safe inside a transaction.
   */
  regionUnavailable(region: string): string | undefined {
    return regionUnavailable(this.view, region);
  }

  // -------------------------------------------------------------------------------------------
  // Provisioner

  /** Creating -> Created: places the VPN on a host of its region (once). */
  async prepare(vpn: PrepareTarget, operation?: OperationOptions): Promise<void> {
    await this.ready();
    if (this.vpnHosts.cached(vpn.vpnId)) return;
    operation?.signal?.throwIfAborted();
    // Batched with the other VPNs placed now; a VPN placed before keeps its host.
    const placed = await this.placement.place(vpn.vpnId, vpn.region);
    if (!placed) throw new Error(noHostMessage(vpn.region));
    this.options.log?.info({ vpnId: vpn.vpnId, hostId: placed }, 'VPN placed');
  }

  /** Provisioning -> Running: the host makes the server (and its keys) and answers. */
  async provision(vpn: ProvisionTarget, operation?: OperationOptions): Promise<ProvisionResult> {
    const hostId = await this.vpnHosts.hostOf(vpn.vpnId);
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
    return { ...result.server };
  }

  /**
   * Deprovisioning -> Deleted: stores the deprovision for the VPN's host (every host of the
   * region known here when the row is gone), waiting for the answer while the host is online.
   */
  async deprovision(vpn: DeprovisionTarget, operation?: OperationOptions): Promise<void> {
    const recorded = await this.vpnHosts.hostOf(vpn.vpnId);
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
    this.usageRecorder.forget(vpn.vpnId);
  }

  /**
   * The highest cumulative byte counter the VPN's own host reported (0 before any), as recorded
   * in the database by whichever service process heard it. A query on `db`: never call it
   * inside a transaction (PGlite has one connection).
   * @throws the database's error.
   */
  async usage(vpn: UsageTarget): Promise<UsageResult> {
    return { bytes: await this.reportedBytes.bytes(vpn.vpnId) };
  }
}

/** Creates the provisioner of a deployment with VPN hosts. */
export function createHostsProvisioner(options: HostsProvisionerOptions): HostsProvisioner {
  return new HostsProvisioner(options);
}
