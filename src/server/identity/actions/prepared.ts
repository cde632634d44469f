/**
 * Values of the sign-in's prepared statements (docs/performance.md "SRP sign-in"); the
 * statements themselves are built once per database and kind by `db/prepared.ts`.
 */

/** A timestamp value of a prepared statement (PGlite and pg agree on ISO strings). */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString();
}
