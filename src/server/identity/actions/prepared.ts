/**
 * Prepared statements of the sign-in's hot path (docs/performance.md "SRP sign-in"): a
 * statement is built by drizzle once per database and kind, with `sql.placeholder`s for every
 * value, and then only executed with the values. Building a statement of common table
 * expressions cost about as much CPU as one of the sign-in's modular exponentiations. On
 * node-postgres the statement is also a named server-side prepared statement (parsed once per
 * connection); its name carries a hash of its text, so two texts never share a name.
 */
import { createHash } from 'node:crypto';
import type { IdentityDb } from '../db';

/** A drizzle query builder that can be prepared. */
interface Preparable<P> {
  toSQL(): { sql: string };
  prepare(name: string): P;
}

/** The prepared statements of each database, by kind. */
const statements = new WeakMap<IdentityDb, Map<string, unknown>>();

/**
 * The statement of kind `kind` (one SQL text per kind and database; a kind whose text depends
 * on settings names them, e.g. `answer:<lockAfter>`), prepared on first use from `build()`.
 */
export function prepared<P>(db: IdentityDb, kind: string, build: () => Preparable<P>): P {
  let byKind = statements.get(db);
  if (!byKind) {
    byKind = new Map();
    statements.set(db, byKind);
  }
  let statement = byKind.get(kind) as P | undefined;
  if (!statement) {
    const query = build();
    const hash = createHash('sha256').update(query.toSQL().sql).digest('hex').slice(0, 16);
    statement = query.prepare(`idp_${hash}`);
    byKind.set(kind, statement);
  }
  return statement;
}

/** A timestamp value of a prepared statement (PGlite and pg agree on ISO strings). */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString();
}
