/**
 * Operator actions and views of the fleet (docs/operator-console.md "VPNs", "Hosts",
 * "Regions"): every VPN by region, state or host, terminating one; the VPN hosts with their
 * heartbeats, live VPNs and usage faults, draining one; enabling or disabling a region.
 */
import { and, asc, count, desc, eq, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db';
import { regions, users, vpnHosts, vpns } from '../db/schema';
import { HttpError } from '../errors';
import type { RegionsService } from '../regions/service';
import type { VpnService } from '../vpns/service';
import { TERMINAL_STATES } from '../vpns/store';
import { writeAudit } from './audit';
import type { Operator } from './operators';
import type { AdminAuditRow, VpnRow } from '../db/schema';

/** The message of a 404 answer for an unknown VPN. */
export const NO_SUCH_VPN_MESSAGE = 'Vpn not found';
/** The message of a 404 answer for an unknown host. */
export const NO_SUCH_HOST_MESSAGE = 'No such host';
/** The message of a 404 answer for an unknown region. */
export const NO_SUCH_REGION_MESSAGE = 'No such region';

/** A VPN with its owner's email. */
export type FleetVpn = VpnRow & { email: string };

/** Filters of the VPN list. */
export interface VpnFilter {
  region?: string;
  state?: string;
  host?: string;
}

/** A page of VPNs, newest first. */
export interface FleetVpnPage {
  vpns: FleetVpn[];
  /** The vpnId to pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** Up to `limit` VPNs matching `filter`, newest first, older than the VPN `cursor`. */
export async function listFleetVpns(
  db: Database,
  filter: VpnFilter,
  limit: number,
  cursor?: string,
): Promise<FleetVpnPage> {
  const where: (SQL | undefined)[] = [
    filter.region === undefined ? undefined : eq(vpns.region, filter.region),
    filter.state === undefined ? undefined : eq(vpns.state, filter.state),
    filter.host === undefined ? undefined : eq(vpns.hostId, filter.host),
  ];
  if (cursor !== undefined) {
    const [from] = await db
      .select({ createdAt: vpns.createdAt })
      .from(vpns)
      .where(eq(vpns.vpnId, cursor));
    if (from) {
      where.push(
        or(
          lt(vpns.createdAt, from.createdAt),
          and(eq(vpns.createdAt, from.createdAt), lt(vpns.vpnId, cursor)),
        ),
      );
    }
  }
  const rows = await db
    .select({ vpn: vpns, email: users.email })
    .from(vpns)
    .innerJoin(users, eq(users.sub, vpns.userSub))
    .where(and(...where))
    .orderBy(desc(vpns.createdAt), desc(vpns.vpnId))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((row) => ({ ...row.vpn, email: row.email }));
  return { vpns: page, nextCursor: rows.length > limit ? page[page.length - 1].vpnId : null };
}

/**
 * Ends VPN `vpnId` as its owner's deletion does (charged what it used), with `reason` in the
 * audit log. Throws HttpError 404 for an unknown VPN.
 */
export async function terminateVpn(
  db: Database,
  vpnService: VpnService,
  operator: Operator,
  vpnId: string,
  reason: string,
): Promise<AdminAuditRow> {
  const [row] = await db
    .select({ userSub: vpns.userSub, state: vpns.state })
    .from(vpns)
    .where(eq(vpns.vpnId, vpnId));
  if (!row) throw new HttpError(404, NO_SUCH_VPN_MESSAGE);
  await vpnService.delete(row.userSub, vpnId);
  const [after] = await db.select({ state: vpns.state }).from(vpns).where(eq(vpns.vpnId, vpnId));
  return writeAudit(db, operator, {
    action: 'terminate',
    targetType: 'vpn',
    targetId: vpnId,
    reason,
    before: { state: row.state, owner: row.userSub },
    after: { state: after?.state ?? 'Deleted' },
  });
}

/** A VPN host as the console shows it. */
export interface FleetHost {
  hostId: string;
  regions: string[];
  /** `online` (heard within HOST_GRACE_S), `away`, or `lost` (not heard for HOST_LOST_S). */
  state: 'online' | 'away' | 'lost';
  lastSeenAt: Date;
  /** Most live VPNs it takes (announced, else HOST_CAPACITY); 0 while drained. */
  capacity: number;
  drained: boolean;
  /** VPNs placed on it and not ended. */
  liveVpns: number;
  faultCount: number;
  lastFaultAt: Date | null;
  lastFault: string | null;
}

/** How hosts are judged (hosts/settings.ts); absent when VPNs run locally. */
export interface HostJudgement {
  graceMs: number;
  lostMs: number;
  capacity: number;
}

/** Every recorded host, by id, judged at `nowMs`. */
export async function listHosts(
  db: Database,
  judgement: HostJudgement | undefined,
  nowMs: number,
): Promise<FleetHost[]> {
  const rows = await db.select().from(vpnHosts).orderBy(asc(vpnHosts.hostId));
  const loads = await db
    .select({ hostId: vpns.hostId, n: count() })
    .from(vpns)
    .where(and(sql`${vpns.hostId} IS NOT NULL`, notInArray(vpns.state, [...TERMINAL_STATES])))
    .groupBy(vpns.hostId);
  const load = new Map(loads.map((row) => [row.hostId, Number(row.n)]));
  return rows.map((row) => {
    const silentMs = nowMs - row.lastSeenAt.getTime();
    const state =
      judgement === undefined || silentMs <= judgement.graceMs
        ? 'online'
        : silentMs > judgement.lostMs
          ? 'lost'
          : 'away';
    return {
      hostId: row.hostId,
      regions: row.regions,
      state,
      lastSeenAt: row.lastSeenAt,
      capacity: row.drained ? 0 : (row.capacity ?? judgement?.capacity ?? 0),
      drained: row.drained,
      liveVpns: load.get(row.hostId) ?? 0,
      faultCount: row.faultCount,
      lastFaultAt: row.lastFaultAt,
      lastFault: row.lastFault,
    };
  });
}

/**
 * Drains (`drained` true: it takes no new VPN, as HOST_CAPACITY=0; its VPNs keep running) or
 * undrains host `hostId`. Every service process sees it at its next host monitor pass. Throws
 * HttpError 404 for a host never heard.
 */
export async function setHostDrained(
  db: Database,
  operator: Operator,
  hostId: string,
  drained: boolean,
): Promise<AdminAuditRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ drained: vpnHosts.drained })
      .from(vpnHosts)
      .where(eq(vpnHosts.hostId, hostId))
      .for('update');
    if (!row) throw new HttpError(404, NO_SUCH_HOST_MESSAGE);
    if (row.drained === drained) return undefined;
    await tx.update(vpnHosts).set({ drained }).where(eq(vpnHosts.hostId, hostId));
    return writeAudit(tx, operator, {
      action: drained ? 'drain' : 'undrain',
      targetType: 'host',
      targetId: hostId,
      reason: null,
      before: { drained: row.drained },
      after: { drained },
    });
  });
}

/** A region as the console shows it. */
export interface FleetRegion {
  region: string;
  city: string;
  country: string;
  /** False while an operator has disabled it. */
  enabled: boolean;
  /** VPNs there not ended. */
  liveVpns: number;
}

/** Every offered region (regions.enabled), by id. */
export async function listFleetRegions(db: Database): Promise<FleetRegion[]> {
  const rows = await db
    .select()
    .from(regions)
    .where(eq(regions.enabled, true))
    .orderBy(asc(regions.id));
  const loads = await db
    .select({ region: vpns.region, n: count() })
    .from(vpns)
    .where(
      and(
        inArray(
          vpns.region,
          rows.map((row) => row.id),
        ),
        notInArray(vpns.state, [...TERMINAL_STATES]),
      ),
    )
    .groupBy(vpns.region);
  const load = new Map(loads.map((row) => [row.region, Number(row.n)]));
  return rows.map((row) => ({
    region: row.id,
    city: row.city,
    country: row.country,
    enabled: !row.operatorDisabled,
    liveVpns: load.get(row.id) ?? 0,
  }));
}

/**
 * Enables or disables region `region` for new VPNs (still listed, shown unavailable; the
 * VPNs running there and everyone's quota are left alone). Throws HttpError 404 for a region not
 * offered.
 */
export async function setRegionEnabled(
  db: Database,
  regionsService: RegionsService,
  operator: Operator,
  region: string,
  enabled: boolean,
): Promise<AdminAuditRow | undefined> {
  const audit = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ operatorDisabled: regions.operatorDisabled })
      .from(regions)
      .where(and(eq(regions.id, region), eq(regions.enabled, true)))
      .for('update');
    if (!row) throw new HttpError(404, NO_SUCH_REGION_MESSAGE);
    if (row.operatorDisabled === !enabled) return undefined;
    await tx.update(regions).set({ operatorDisabled: !enabled }).where(eq(regions.id, region));
    return writeAudit(tx, operator, {
      action: enabled ? 'region_enable' : 'region_disable',
      targetType: 'region',
      targetId: region,
      reason: null,
      before: { enabled: !row.operatorDisabled },
      after: { enabled },
    });
  });
  regionsService.invalidate();
  return audit;
}
