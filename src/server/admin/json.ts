/**
 * The operator API's JSON shapes of database rows (admin/schemas.ts): peanuts from
 * nano-peanuts, ISO 8601 times.
 */
import { fromNano } from '../../core/peanuts';
import type { AdminAuditRow, VpnRow } from '../db/schema';

/** An audit entry as answered. */
export function auditJson(row: AdminAuditRow) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    operatorSub: row.operatorSub,
    operatorEmail: row.operatorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    before: row.before,
    after: row.after,
  };
}

/** A VPN as answered (no key, endpoint or address). */
export function vpnJson(row: VpnRow & { email?: string }) {
  return {
    vpnId: row.vpnId,
    sub: row.userSub,
    ...(row.email === undefined ? {} : { email: row.email }),
    region: row.region,
    state: row.state,
    hostId: row.hostId,
    createdAt: row.createdAt.toISOString(),
    runningAt: row.runningAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    consumed: fromNano(row.consumedNano),
    bytes: row.bytes,
    reason: row.reason,
  };
}
