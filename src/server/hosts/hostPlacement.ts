/**
 * Placement of VPNs on hosts: which hosts of a region are online, whether the region
 * takes a new VPN, and which host gets it (the online host of the region with the fewest live
 * VPNs and room: HOST_CAPACITY, or the capacity the host announces). {@link PlacementBatcher}
 * places the VPNs asked for in the same turn of the event loop together: one count of the hosts'
 * loads and one compare-and-set update for all of them.
 */
import { and, count, inArray, notInArray, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db';
import { vpns } from '../db/schema';
import { textsParam } from '../vpns/meterBatchSql';
import { TERMINAL_STATES } from '../vpns/store';
import type { HostInfo } from './hostLiveness';

/** The message of a Create refused because no host of the region is online. */
export function noHostMessage(region: string): string {
  return `Region ${region} is unavailable: no VPN host is online there. Try another region`;
}

/** The message of a Create refused because every host of the region is full. */
export function regionFullMessage(region: string): string {
  return `Region ${region} is full: every VPN host there is at capacity. Try another region`;
}

/** The hosts known here and how they are judged. */
export interface PlacementView {
  /** The hosts heard within the grace time. */
  online: readonly HostInfo[];
  /** HOST_CAPACITY: the most live VPNs of a host that does not announce its own. */
  defaultCapacity: number;
}

/** A host's room: 0 while drained (docs/operator-console.md "Hosts"). */
const capacityOf = (view: PlacementView, host: HostInfo) =>
  host.drained ? 0 : (host.capacity ?? view.defaultCapacity);

const serving = (view: PlacementView, region: string) =>
  view.online.filter((host) => host.regions.includes(region));

/**
 * Why a VPN cannot be created in `region` now (no online host there, or all full by their last
 * heartbeats), or undefined when it can.
 */
export function regionUnavailable(view: PlacementView, region: string): string | undefined {
  const hosts = serving(view, region);
  if (hosts.length === 0) return noHostMessage(region);
  if (hosts.every((host) => host.alive >= capacityOf(view, host))) return regionFullMessage(region);
  return undefined;
}

/** The live VPNs of each of `hosts` (ended ones not counted), by host id. */
async function loadsOf(db: Database, hosts: readonly HostInfo[]): Promise<Map<string, number>> {
  if (hosts.length === 0) return new Map();
  const loads = await db
    .select({ hostId: vpns.hostId, n: count() })
    .from(vpns)
    .where(
      and(
        inArray(
          vpns.hostId,
          hosts.map((host) => host.hostId),
        ),
        notInArray(vpns.state, [...TERMINAL_STATES]),
      ),
    )
    .groupBy(vpns.hostId);
  return new Map(loads.map((row) => [row.hostId ?? '', Number(row.n)]));
}

/**
 * The online host of `region` with the fewest VPNs in `load` and room, or undefined; ties go to
 * the smallest id.
 */
function pick(
  view: PlacementView,
  region: string,
  load: ReadonlyMap<string, number>,
): string | undefined {
  let best: { hostId: string; n: number } | undefined;
  for (const host of serving(view, region)) {
    const n = load.get(host.hostId) ?? 0;
    if (n >= capacityOf(view, host)) continue;
    if (!best || n < best.n || (n === best.n && host.hostId < best.hostId)) {
      best = { hostId: host.hostId, n };
    }
  }
  return best?.hostId;
}

/** One VPN waiting in a {@link PlacementBatcher}. */
interface PlacementRequest {
  vpnId: string;
  region: string;
  resolve: (hostId: string | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Places VPNs in batches: the VPNs asked for in one turn of the event loop are placed together,
 * by one count of the loads of their regions' online hosts (each VPN placed adds one to its
 * host's load for the next) and one compare-and-set update of their `host_id` (set only where
 * still empty, so two service processes agree: each reads back the host recorded). A VPN the
 * update did not place (placed before, or no host with room) is answered with the host
 * recorded, if any.
 */
export class PlacementBatcher {
  private queue: PlacementRequest[] = [];
  private scheduled = false;

  /**
   * `view` is read when a batch runs; `recorded` reads the host recorded for VPNs (vpnHosts.ts);
   * `onPlaced` is told each VPN's host as recorded by this batch's update.
   */
  constructor(
    private readonly db: Database,
    private readonly view: () => PlacementView,
    private readonly recorded: (vpnIds: readonly string[]) => Promise<Map<string, string>>,
    private readonly onPlaced: (vpnId: string, hostId: string) => void,
  ) {}

  /**
   * The host `vpnId` is recorded on after placement (the one placed now or before), or
   * undefined when no online host of `region` has room. @throws the database's error.
   */
  place(vpnId: string, region: string): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ vpnId, region, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        const batch = this.queue;
        this.queue = [];
        this.run(batch).catch((error: unknown) => {
          for (const request of batch) request.reject(error);
        });
      });
    });
  }

  private async run(batch: readonly PlacementRequest[]): Promise<void> {
    const view = this.view();
    const regions = new Set(batch.map((request) => request.region));
    const hosts = view.online.filter((host) => host.regions.some((region) => regions.has(region)));
    const load = await loadsOf(this.db, hosts);
    const ids: string[] = [];
    const hostIds: string[] = [];
    for (const request of batch) {
      const hostId = pick(view, request.region, load);
      if (!hostId) continue;
      load.set(hostId, (load.get(hostId) ?? 0) + 1);
      ids.push(request.vpnId);
      hostIds.push(hostId);
    }
    const placed = new Map<string, string>();
    if (ids.length > 0) {
      const rows = rowsOf<{ vpn_id: string; host_id: string }>(
        await this.db.execute(sql`
          UPDATE ${vpns} SET host_id = chosen.host_id
          FROM unnest(${textsParam(ids)}::text[], ${textsParam(hostIds)}::text[]) AS chosen(vpn_id, host_id)
          WHERE ${vpns.vpnId} = chosen.vpn_id AND ${vpns.hostId} IS NULL
          RETURNING ${vpns.vpnId} AS vpn_id, ${vpns.hostId} AS host_id`),
      );
      for (const row of rows) {
        placed.set(row.vpn_id, row.host_id);
        this.onPlaced(row.vpn_id, row.host_id);
      }
    }
    const others = batch.filter((request) => !placed.has(request.vpnId));
    const before = others.length > 0 ? await this.recorded(others.map((r) => r.vpnId)) : new Map();
    for (const request of batch) {
      request.resolve(placed.get(request.vpnId) ?? before.get(request.vpnId));
    }
  }
}
