/**
 * Prepared statements of the hot paths (docs/performance.md: the VPN hosts' control plane and
 * the SRP sign-in): a statement is built by drizzle once per database and kind, with
 * `sql.placeholder`s for its values (a batch's rows as one JSON or array parameter), then only
 * executed with the values; drizzle still maps the rows it returns. Building a statement costs
 * drizzle about a microsecond per chunk of SQL and per parameter (a 50-row insert: milliseconds).
 * The statement is also a named server-side prepared statement, parsed once per connection: by
 * node-postgres, and on PGlite by pgliteStatements.ts; its name carries a hash of its text, so
 * two texts never share a name.
 */
import { createHash } from 'node:crypto';
import { nameStatement } from './pgliteStatements';

/** A timestamp value of a prepared statement (PGlite and pg agree on ISO strings). */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString();
}

/** A drizzle query builder that can be prepared. */
interface Preparable<P> {
  toSQL(): { sql: string };
  prepare(name: string): P;
}

/** The prepared statements of each database (or transaction's database), by kind. */
const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * The statement of kind `kind` on `db` (one SQL text per kind and database), prepared on first
 * use from `build()`, which must use only `db` and placeholders.
 */
export function prepared<P>(db: object, kind: string, build: () => Preparable<P>): P {
  let byKind = statements.get(db);
  if (!byKind) {
    byKind = new Map();
    statements.set(db, byKind);
  }
  let statement = byKind.get(kind) as P | undefined;
  if (!statement) {
    const query = build();
    const text = query.toSQL().sql;
    const name = `pn_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    nameStatement(text, name);
    statement = query.prepare(name);
    byKind.set(kind, statement);
  }
  return statement;
}
