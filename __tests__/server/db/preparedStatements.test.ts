/**
 * Prepared statements (db/prepared.ts) on both drivers, and on PGlite as named server-side
 * statements (db/pgliteStatements.ts): parsed once, listed in pg_prepared_statements, values of
 * every type the app sends serialized as PGlite's own `query` does, errors thrown as PostgreSQL
 * errors with the session usable afterwards, never run inside another caller's transaction,
 * parsed again after a DEALLOCATE, and their results parsed with the query's parsers merged into
 * the instance's once per prepared query (not on every execution).
 */
import fs from 'node:fs';
import type { Results } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PGLITE_TEMPLATE_ENV } from '../../../src/server/db';
import { loadPglite } from '../../../src/server/db/pglite';
import { enableNamedStatements, nameStatement } from '../../../src/server/db/pgliteStatements';
import { prepared } from '../../../src/server/db/prepared';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';

/** A table of this test only, with a column of each kind of value the app's statements bind. */
const samples = pgTable('prepared_statement_samples', {
  id: integer('id').primaryKey(),
  note: text('note'),
  flag: boolean('flag').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  doc: jsonb('doc').$type<{ bytes: number; tags: string[] }>(),
});

describe.each(DATABASE_KINDS)('prepared statements on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.handle.executeSql(
      `CREATE TABLE prepared_statement_samples (id integer PRIMARY KEY, note text,
       flag boolean NOT NULL, at timestamptz NOT NULL, doc jsonb)`,
    );
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  const insert = () =>
    prepared(database.handle.db, 'test-insert', () =>
      database.handle.db
        .insert(samples)
        .values({
          id: sql.placeholder('id'),
          note: sql.placeholder('note'),
          flag: sql.placeholder('flag'),
          at: sql.placeholder('at'),
          doc: sql.placeholder('doc'),
        })
        .returning(),
    );
  const byId = () =>
    prepared(database.handle.db, 'test-by-id', () =>
      database.handle.db
        .select()
        .from(samples)
        .where(eq(samples.id, sql.placeholder('id'))),
    );
  const count = () =>
    prepared(database.handle.db, 'test-count', () =>
      database.handle.db.select({ n: sql<number>`count(*)::int` }).from(samples),
    );

  it('binds and reads back text, null, booleans, timestamps and JSON', async () => {
    const at = new Date('2026-11-27T10:00:00.123Z');
    const doc = { bytes: 1_250_000_000, tags: ['a', 'é "quoted"'] };
    const [inserted] = await insert().execute({ id: 1, note: "it's", flag: false, at, doc });
    expect(inserted).toEqual({ id: 1, note: "it's", flag: false, at, doc });
    await insert().execute({ id: 2, note: null, flag: true, at, doc: null });
    expect(await byId().execute({ id: 2 })).toEqual([
      { id: 2, note: null, flag: true, at, doc: null },
    ]);
    // The same rows as drizzle's unprepared query reads them.
    expect(await byId().execute({ id: 1 })).toEqual(
      await database.handle.db.select().from(samples).where(eq(samples.id, 1)),
    );
  });

  it('throws a PostgreSQL error and runs the next statement', async () => {
    const at = new Date();
    await insert().execute({ id: 10, note: 'first', flag: true, at, doc: null });
    const failure: unknown = await insert()
      .execute({ id: 10, note: 'again', flag: true, at, doc: null })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const code = (failure as { code?: string; cause?: { code?: string } }).cause?.code;
    expect(code ?? (failure as { code?: string }).code).toBe('23505');
    expect(await byId().execute({ id: 10 })).toEqual([
      expect.objectContaining({ id: 10, note: 'first' }),
    ]);
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    const before = (await count().execute())[0].n;
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = database.handle.db
      .transaction(async (tx) => {
        await tx.insert(samples).values({ id: 20, flag: true, at: new Date() });
        inside();
        await held;
        tx.rollback();
      })
      .catch(() => undefined);
    await entered;
    const counted = count().execute();
    // Let the statement reach the database while the transaction is open.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    // Not run inside the rolled-back transaction (it would have failed or counted row 20).
    expect((await counted)[0].n).toBe(before);
    expect(await byId().execute({ id: 20 })).toEqual([]);
  });

  if (kind === 'pglite') {
    it('is a named statement, parsed once, and parsed again after a DEALLOCATE', async () => {
      const names = async () =>
        (
          await database.handle.executeSql(
            `SELECT name FROM pg_prepared_statements WHERE statement LIKE '%prepared_statement_samples%' ORDER BY name`,
          )
        ).rows.map((row) => row.name);
      await byId().execute({ id: 1 });
      await count().execute();
      const listed = await names();
      expect(listed).toHaveLength(3); // insert, by id, count
      expect(
        listed.every((name) => typeof name === 'string' && /^pn_[0-9a-f]{16}$/.test(name)),
      ).toBe(true);
      await byId().execute({ id: 1 });
      expect(await names()).toEqual(listed);

      await database.handle.executeSql('DEALLOCATE ALL');
      expect(await names()).toEqual([]);
      expect(await byId().execute({ id: 1 })).toEqual([expect.objectContaining({ id: 1 })]);
      expect(await names()).toHaveLength(1);
    });
  }
});

describe('named statements on PGlite: result parsers', () => {
  it("merges a prepared query's parsers into the instance's once, not on every execution", async () => {
    const pglite = loadPglite();
    const template = process.env[PGLITE_TEMPLATE_ENV];
    const client = await pglite.PGlite.create(
      template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {},
    );
    try {
      // What parseResults is given on each execution: the parsers, and whether the options
      // still carry parsers of their own (PGlite then copies all of the instance's again).
      const given: { parsers: object; ownParsers: boolean }[] = [];
      const parse: typeof pglite.parse = {
        ...pglite.parse,
        parseResults: (messages, parsers, options, blob) => {
          given.push({ parsers, ownParsers: options?.parsers !== undefined });
          return pglite.parse.parseResults(messages, parsers, options, blob);
        },
      };
      enableNamedStatements(client, { protocol: pglite.protocol, parse });
      const text = "SELECT 41 + $1::int AS n, '2026-12-04 10:00:00+00'::timestamptz AS at";
      nameStatement(text, 'pn_test_parsers');
      // As drizzle passes them: the same options object on every execution of a prepared query.
      const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } };
      const run = async () =>
        ((await client.query(text, [1], options)) as Results<unknown[]>).rows[0];
      expect(await run()).toEqual([42, '2026-12-04 10:00:00+00']); // int parsed, timestamp kept
      expect(await run()).toEqual([42, '2026-12-04 10:00:00+00']);
      expect(given).toHaveLength(2);
      expect(given[1].parsers).toBe(given[0].parsers);
      expect(given.every((call) => !call.ownParsers)).toBe(true);
      // New array types read: the merged parsers are made again.
      await client.refreshArrayTypes();
      expect(await run()).toEqual([42, '2026-12-04 10:00:00+00']);
      expect(given[2].parsers).not.toBe(given[1].parsers);
    } finally {
      await client.close();
    }
  });
});
