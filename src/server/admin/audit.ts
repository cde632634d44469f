/**
 * The audit log of operator actions (docs/operator-console.md "Audit log"): every action that
 * changes anything writes one entry in its own transaction; entries are read newest first and
 * never changed or deleted (admin/schema.ts).
 */
import { desc, eq, lt, type SQL, and } from 'drizzle-orm';
import { adminAudit, type AdminAuditRow } from '../db/schema';
import type { Executor } from '../ledger/service';
import type { Operator } from './operators';

/** The actions written to the audit log. */
export const AUDIT_ACTIONS = [
  'adjustment',
  'disable',
  'enable',
  'terminate',
  'drain',
  'undrain',
  'region_enable',
  'region_disable',
  'payment_credit',
] as const;
/** An audited action. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action's target is. */
export type AuditTargetType = 'user' | 'vpn' | 'host' | 'region' | 'payment';

/** One entry to write. */
export interface AuditInput {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** The operator's reason; null for an action that takes none (region, drain). */
  reason: string | null;
  /** The target before and after, where it has one (JSON values). */
  before?: unknown;
  after?: unknown;
  /** The operator-scoped idempotency key of an action a retry could double. */
  idempotencyKey?: string;
}

/** Writes the entry of `operator`'s action `input` with `tx`; returns it. */
export async function writeAudit(
  tx: Executor,
  operator: Operator,
  input: AuditInput,
): Promise<AdminAuditRow> {
  const [row] = await tx
    .insert(adminAudit)
    .values({
      operatorSub: operator.sub,
      operatorEmail: operator.email,
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId,
      reason: input.reason,
      before: input.before ?? null,
      after: input.after ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
    })
    .returning();
  return row;
}

/** The entry written under `idempotencyKey`, if any. */
export async function auditByKey(
  tx: Executor,
  idempotencyKey: string,
): Promise<AdminAuditRow | undefined> {
  const [row] = await tx
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.idempotencyKey, idempotencyKey));
  return row;
}

/** A page of the audit log. */
export interface AuditPage {
  /** Newest first. */
  entries: AdminAuditRow[];
  /** The `before` of the next (older) page; null on the last page. */
  nextCursor: number | null;
}

/**
 * Up to `limit` entries older than the entry id `before` (undefined: from the newest), of the
 * target `targetId` when given.
 */
export async function readAudit(
  db: Executor,
  limit: number,
  before: number | undefined,
  targetId?: string,
): Promise<AuditPage> {
  const where: SQL[] = [];
  if (before !== undefined) where.push(lt(adminAudit.id, before));
  if (targetId !== undefined) where.push(eq(adminAudit.targetId, targetId));
  const rows = await db
    .select()
    .from(adminAudit)
    .where(and(...where))
    .orderBy(desc(adminAudit.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit);
  return {
    entries,
    nextCursor: rows.length > limit ? entries[entries.length - 1].id : null,
  };
}
