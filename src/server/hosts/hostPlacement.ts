/**
 * Placement of VPNs on hosts: which hosts of a region are online, whether the region
 * takes a new VPN, and which host gets it (the online host of the region with the fewest live
 * VPNs and room: HOST_CAPACITY, or the capacity the host announces).
 */
import { and, count, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../db';
import { vpns } from '../db/schema';
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

const capacityOf = (view: PlacementView, host: HostInfo) => host.capacity ?? view.defaultCapacity;

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

/**
 * The online host of `region` with the fewest live VPNs (counted in the database) and room, or
 * undefined; ties go to the smallest id.
 */
export async function placeVpn(
  db: Database,
  view: PlacementView,
  region: string,
): Promise<string | undefined> {
  const hosts = serving(view, region);
  if (hosts.length === 0) return undefined;
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
  const load = new Map(loads.map((row) => [row.hostId, Number(row.n)]));
  let best: { hostId: string; n: number } | undefined;
  for (const host of hosts) {
    const n = load.get(host.hostId) ?? 0;
    if (n >= capacityOf(view, host)) continue;
    if (!best || n < best.n || (n === best.n && host.hostId < best.hostId)) {
      best = { hostId: host.hostId, n };
    }
  }
  return best?.hostId;
}
