/**
 * The operators' audit log (docs/operator-console.md "Audit log"): one row per operator action
 * that changes anything, append-only (a trigger of its migration refuses UPDATE and DELETE).
 * No foreign key: an entry outlives the accounts it names.
 */
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Options of every timestamp column: with time zone, as JS Dates. */
const tz = { withTimezone: true, mode: 'date' } as const;

/** The audit log of operator actions. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the action was taken. */
    at: timestamp('at', tz).notNull().defaultNow(),
    /** The operator's `sub`. */
    operatorSub: text('operator_sub').notNull(),
    /** The operator's email at the time. */
    operatorEmail: text('operator_email').notNull(),
    /** What was done, e.g. `adjustment`, `disable`, `drain` (admin/audit.ts AUDIT_ACTIONS). */
    action: text('action').notNull(),
    /** What it was done to: `user`, `vpn`, `host`, `region` or `payment`. */
    targetType: text('target_type').notNull(),
    /** The target's id: a sub, vpnId, host id, region id or checkout session id. */
    targetId: text('target_id').notNull(),
    /** The operator's reason (required by every action that takes one). */
    reason: text('reason'),
    /** The target before the action, where it has one. */
    before: jsonb('before'),
    /** The target after the action, where it has one. */
    after: jsonb('after'),
    /**
     * The client's idempotency key of an action a retry could double (an adjustment): unique, so
     * the retry finds this entry instead of acting again.
     */
    idempotencyKey: text('idempotency_key').unique(),
  },
  (table) => [index('admin_audit_target_idx').on(table.targetType, table.targetId)],
);

/** A row of `admin_audit`. */
export type AdminAuditRow = typeof adminAudit.$inferSelect;
