/**
 * The slice of a drizzle database the identity provider uses. Any drizzle PostgreSQL database
 * fits (PGlite or node-postgres, whatever its schema generic), and so does a transaction.
 */
import { sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Query builders of a database or of a transaction (`$with`/`with`: common table expressions). */
export type IdentityTx = Pick<
  PgDatabase<PgQueryResultHKT>,
  'select' | 'insert' | 'update' | 'delete' | 'execute' | '$with' | 'with'
>;

/** A database: query builders plus transactions. */
export interface IdentityDb extends IdentityTx {
  /** Runs `fn` in a transaction (inside it, use only `tx`: PGlite is a single connection). */
  transaction<T>(fn: (tx: IdentityTx) => Promise<T>): Promise<T>;
}

/**
 * The condition of a gated write of a statement: true when the common table expression `gate`
 * (a sign-in's taken challenge, say) has a row; no condition when there is no gate.
 */
export function whenGate(gate: WithSubquery | undefined): SQL | undefined {
  return gate ? sql`EXISTS (SELECT 1 FROM ${gate})` : undefined;
}

/** The SQLSTATE of a unique violation. */
const UNIQUE_VIOLATION = '23505';

/** True when `error` (or its cause, as drizzle wraps driver errors) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The name of the violated constraint of a unique violation, when the driver reports it. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
