/**
 * `ledger_totals` (migration 0027): the database keeps each account's ledger total equal to the
 * sum of its `ledger_entries` amounts through every kind of change (inserts of several accounts
 * in one statement, idempotent inserts that write nothing, updates of an amount or of the
 * account, deletes, an account deleted with its entries, truncate), on PGlite and PostgreSQL; a
 * balance (ledger.balanceNano) and a metering pass read it. Migration 0027 sums the entries
 * written before it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import fc from 'fast-check';
import { loadPglite } from '../../../src/server/db/pglite';
import { createLedger } from '../../../src/server/ledger/service';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';

const ACCOUNTS = [
  '00000000-0000-4000-8000-00000000000a',
  '00000000-0000-4000-8000-00000000000b',
  '00000000-0000-4000-8000-00000000000c',
] as const;

/** One change of the ledger, as drawn by the property. */
type Change =
  | { op: 'insert'; rows: { account: number; amount: number; key: number }[] }
  | { op: 'update-amount'; key: number; amount: number }
  | { op: 'move'; key: number; account: number }
  | { op: 'delete'; keys: number[] }
  | { op: 'delete-account'; account: number }
  | { op: 'truncate' };

const amount = fc.integer({ min: -5e12, max: 5e12 });
const key = fc.integer({ min: 0, max: 30 });
const account = fc.integer({ min: 0, max: ACCOUNTS.length - 1 });
const change: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('insert' as const),
      rows: fc.array(fc.record({ account, amount, key }), { minLength: 1, maxLength: 6 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('update-amount' as const), key, amount }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('move' as const), key, account }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('delete' as const),
      keys: fc.array(key, { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete-account' as const), account }) },
  { weight: 1, arbitrary: fc.constant({ op: 'truncate' as const }) },
);

describe.each(DATABASE_KINDS)('ledger totals on %s', (kind) => {
  let database: TestDatabase;
  const sql = (text: string, params?: unknown[]) => database.handle.executeSql(text, params);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 120_000);

  afterAll(async () => {
    await database?.cleanup();
  });

  /** Makes the test accounts exist again (an account deleted by a change comes back empty). */
  async function ensureAccounts(): Promise<void> {
    for (const [i, sub] of ACCOUNTS.entries()) {
      await sql(
        `INSERT INTO users (sub, username, email, email_verified, confirmed, srp_salt, srp_verifier)
         VALUES ($1, $2, $3, true, true, '00', '00') ON CONFLICT (sub) DO NOTHING`,
        [sub, `totals${i}`, `totals${i}@example.com`],
      );
    }
  }

  async function apply(c: Change): Promise<void> {
    switch (c.op) {
      case 'insert': {
        // One statement for every row, an existing key written nothing (as ledger.append does).
        const values = c.rows.map(
          (_, i) => `($${3 * i + 1}::uuid, $${3 * i + 2}::bigint, 'test', $${3 * i + 3})`,
        );
        await sql(
          `INSERT INTO ledger_entries (user_sub, amount_nano, kind, key) VALUES ${values.join(', ')}
           ON CONFLICT (key) DO NOTHING`,
          c.rows.flatMap((row) => [ACCOUNTS[row.account], row.amount, `k${row.key}`]),
        );
        return;
      }
      case 'update-amount':
        await sql('UPDATE ledger_entries SET amount_nano = $1 WHERE key = $2', [
          c.amount,
          `k${c.key}`,
        ]);
        return;
      case 'move':
        await sql('UPDATE ledger_entries SET user_sub = $1 WHERE key = $2', [
          ACCOUNTS[c.account],
          `k${c.key}`,
        ]);
        return;
      case 'delete':
        await sql('DELETE FROM ledger_entries WHERE key = ANY($1::text[])', [
          c.keys.map((k) => `k${k}`),
        ]);
        return;
      case 'delete-account':
        await sql('DELETE FROM users WHERE sub = $1', [ACCOUNTS[c.account]]);
        await ensureAccounts();
        return;
      case 'truncate':
        await sql('TRUNCATE ledger_entries');
        return;
    }
  }

  /** Each test account's kept total (0 without a row) and the sum of its entries, as text. */
  async function totals(): Promise<{ kept: string; summed: string }[]> {
    const { rows } = await sql(
      `SELECT coalesce((SELECT total_nano FROM ledger_totals t WHERE t.user_sub = u.sub), 0)::text AS kept,
              coalesce((SELECT sum(amount_nano) FROM ledger_entries l WHERE l.user_sub = u.sub), 0)::text AS summed
       FROM users u WHERE u.sub = ANY($1::uuid[]) ORDER BY u.sub`,
      [ACCOUNTS],
    );
    return rows as { kept: string; summed: string }[];
  }

  it('keeps every account total equal to the sum of its entries, whatever changes them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), async (changes) => {
        // Each run from empty (a failing run's state must not carry into the next).
        await sql('DELETE FROM ledger_entries');
        await sql('DELETE FROM ledger_totals');
        await ensureAccounts();
        for (const c of changes) {
          await apply(c);
          for (const row of await totals()) expect(row.kept).toBe(row.summed);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('gives the balance from the total: a long history reads one row', async () => {
    await sql('DELETE FROM ledger_entries');
    await ensureAccounts();
    await sql(
      `INSERT INTO ledger_entries (user_sub, amount_nano, kind, key)
       SELECT $1, CASE WHEN k = 1 THEN 10000000000 ELSE -1000 END, 'test', 'history:' || k
       FROM generate_series(1, 2000) AS k`,
      [ACCOUNTS[0]],
    );
    const ledger = createLedger(database.handle.db, { emailHashKey: Buffer.alloc(32) });
    expect(await ledger.balanceNano(ACCOUNTS[0])).toBe(10_000_000_000 - 1999 * 1000);
    // The entries are not what is read: with the total alone changed, the balance follows it.
    await sql('UPDATE ledger_totals SET total_nano = 42 WHERE user_sub = $1', [ACCOUNTS[0]]);
    expect(await ledger.balanceNano(ACCOUNTS[0])).toBe(42);
    await sql('DELETE FROM ledger_entries');
  });
});

describe('migration 0027', () => {
  it('sums the entries written before it into each account total', async () => {
    const folder = path.resolve(__dirname, '../../../src/server/db/migrations');
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'peanut-migrations-'));
    try {
      // The migrations up to 0026, then the entries, then 0027.
      fs.cpSync(folder, before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
        entries: { tag: string }[];
      };
      journal.entries = journal.entries.filter((entry) => entry.tag < '0027');
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      const { PGlite } = loadPglite();
      const client = await PGlite.create();
      try {
        const db = drizzle({ client });
        await migrate(db, { migrationsFolder: before });
        expect((await client.query(`SELECT to_regclass('ledger_totals') AS t`)).rows).toEqual([
          { t: null },
        ]);
        await client.query(
          `INSERT INTO users (sub, username, email, email_verified, confirmed, srp_salt, srp_verifier)
           VALUES ($1, 'old', 'old@example.com', true, true, '00', '00')`,
          [ACCOUNTS[0]],
        );
        await client.query(
          `INSERT INTO ledger_entries (user_sub, amount_nano, kind, key)
           VALUES ($1, 10000000000, 'signup_bonus', 'a'), ($1, -2500000000, 'usage', 'b')`,
          [ACCOUNTS[0]],
        );
        await migrate(db, { migrationsFolder: folder });
        const { rows } = await client.query<{ total: string }>(
          'SELECT total_nano::text AS total FROM ledger_totals WHERE user_sub = $1',
          [ACCOUNTS[0]],
        );
        expect(rows).toEqual([{ total: '7500000000' }]);
      } finally {
        await client.close();
      }
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
