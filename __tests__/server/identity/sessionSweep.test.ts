/**
 * A sign-in sweeps the user's expired sessions (actions/session.ts `sessionStoreOf`): it reads
 * those rows only, through the (sub, expires_at) index, however many live sessions the user
 * has. With an index on `sub` alone every sign-in read all of the user's sessions: after 2,500
 * sign-ins of one user the sign-in's session statement took 1.8 ms on PGlite instead of 0.9
 * (docs/performance.md).
 */
import { randomUUID } from 'node:crypto';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';

/** A plan node of `EXPLAIN (FORMAT JSON)`, as far as this test reads it. */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Every node of `plan`, depth first. */
function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe.each(DATABASE_KINDS)('the sweep of expired sessions on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it("reads the user's expired sessions only, not all of them", async () => {
    const sub = randomUUID();
    const sql = database.handle.executeSql;
    await sql(
      `INSERT INTO users (sub, username, email, srp_salt, srp_verifier) VALUES ($1, $2, $3, 'aa', 'bb')`,
      [sub, `sweep-${sub}`, `sweep-${sub}@example.com`],
    );
    // 500 sessions, of which 5 expired.
    await sql(
      `INSERT INTO idp_refresh_tokens (token_hash, origin_jti, sub, auth_time, expires_at)
       SELECT md5($1 || i), gen_random_uuid(), $1::uuid, now(),
              now() + CASE WHEN i <= 5 THEN interval '-1 day' ELSE interval '30 days' END
       FROM generate_series(1, 500) AS i`,
      [sub],
    );
    await sql('ANALYZE idp_refresh_tokens');
    const { rows } = await sql(
      `EXPLAIN (ANALYZE, FORMAT JSON) DELETE FROM idp_refresh_tokens
       WHERE sub = $1 AND expires_at < $2::timestamptz RETURNING token_hash`,
      [sub, new Date().toISOString()],
    );
    const explained = Object.values(rows[0])[0];
    const [{ Plan: plan }] = (
      typeof explained === 'string' ? JSON.parse(explained) : explained
    ) as { Plan: PlanNode }[];
    // The table is read through an index only (no sequential scan), and the index gives the
    // expired rows alone: none read and filtered out.
    const nodes = nodesOf(plan);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const indexScans = nodes.filter((node) => node['Index Name'] !== undefined);
    expect(indexScans.map((node) => node['Index Name'])).toEqual([
      'idp_refresh_tokens_sub_expires_idx',
    ]);
    const [scan] = indexScans;
    expect(
      (scan['Actual Rows'] + (scan['Rows Removed by Filter'] ?? 0)) * scan['Actual Loops'],
    ).toBe(5);
    expect(plan['Actual Rows']).toBe(5);
  });
});
