import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { REGION_PATTERN } from '../../../src/core/regions';
import { openDatabase } from '../../../src/server/db';
import { regions } from '../../../src/server/db/schema';
import {
  DATABASE_KINDS,
  makeTempDir,
  openTestDatabase,
  removeDir,
  type TestDatabase,
} from '../../support/helpers';

describe.each(DATABASE_KINDS)('database on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it('runs on the expected driver', () => {
    expect(database.handle.driver).toBe(kind);
  });

  it('seeds the 27 regions of docs/architecture.md, all enabled', async () => {
    const rows = await database.handle.db.select().from(regions);
    expect(rows).toHaveLength(27);
    for (const row of rows) {
      expect(row.id).toMatch(REGION_PATTERN);
      expect(row.cctld).toMatch(/^[a-z]{2}$/);
      expect(row.enabled).toBe(true);
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get('ap-east-1')).toMatchObject({
      city: 'Hong Kong',
      country: 'Hong Kong',
      cctld: 'hk',
    });
    expect(byId.get('ap-southeast-1')).toMatchObject({ country: 'Singapore', cctld: 'sg' });
    expect(byId.get('sa-east-1')).toMatchObject({
      city: 'São Paulo',
      country: 'Brazil',
      cctld: 'br',
    });
    expect(byId.get('eu-west-2')).toMatchObject({ city: 'London', country: 'United Kingdom' });
    expect(byId.get('cn-northwest-1')).toMatchObject({ city: 'Zhongwei', country: 'China' });
  });

  it('migrating again changes nothing', async () => {
    await database.handle.migrate();
    await Promise.all([database.handle.migrate(), database.handle.migrate()]);
    const [{ count }] = await database.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(regions);
    expect(count).toBe(27);
  });

  it('serialises concurrent transactions and queries', async () => {
    const { db } = database.handle;
    const counter = pgTable('counter', { n: integer('n').notNull() });
    await db.execute(sql`CREATE TABLE counter (n integer NOT NULL)`);
    await db.insert(counter).values({ n: 0 });
    const increments = Array.from({ length: 25 }, () =>
      db.transaction(async (tx) => {
        const [{ n }] = await tx.select().from(counter).for('update');
        await new Promise((resolve) => setTimeout(resolve, 1));
        await tx.update(counter).set({ n: n + 1 });
      }),
    );
    const reads = Array.from({ length: 25 }, () => db.select().from(regions));
    const [, regionLists] = await Promise.all([Promise.all(increments), Promise.all(reads)]);
    expect(regionLists.every((list) => list.length === 27)).toBe(true);
    expect(await db.select().from(counter)).toEqual([{ n: 25 }]);
  });

  // Last: it closes the shared database (cleanup closes it again, which must be harmless).
  it('close waits for running queries, is idempotent, and later queries fail', async () => {
    const running = database.handle.db.select().from(regions).execute();
    await Promise.all([database.handle.close(), database.handle.close()]);
    await expect(running).resolves.toHaveLength(27);
    await expect(database.handle.db.select().from(regions)).rejects.toThrow();
  });
});

describe('PGlite in DATA_DIR', () => {
  // One directory for the whole block: the first open creates the database (slow), later ones
  // reopen it.
  let dataDir: string;
  let config: { databaseUrl: undefined; dataDir: string };
  let lockPath: string;

  beforeAll(() => {
    dataDir = path.join(makeTempDir('data'), 'nested');
    config = { databaseUrl: undefined, dataDir };
    lockPath = path.join(dataDir, 'pglite.lock');
  });
  afterAll(() => {
    removeDir(path.dirname(dataDir));
  });

  it('is created on first start and keeps its data across a restart', async () => {
    const first = await openDatabase(config);
    await first.migrate();
    await first.db.update(regions).set({ enabled: false }).where(eq(regions.id, 'eu-west-3'));
    await first.db
      .insert(regions)
      .values({ id: 'xx-test-1', city: 'Testville', country: 'Testland', cctld: 'xx' });
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    const second = await openDatabase(config);
    await second.migrate();
    const rows = await second.db.select().from(regions);
    await second.close();
    expect(rows).toHaveLength(28);
    expect(rows.find((row) => row.id === 'eu-west-3')?.enabled).toBe(false);
    expect(rows.find((row) => row.id === 'xx-test-1')).toMatchObject({ city: 'Testville' });
  });

  it('refuses a second open of the same directory, and allows it after close', async () => {
    const first = await openDatabase(config);
    expect(fs.readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    await expect(openDatabase(config)).rejects.toThrow('already open in this process');
    await first.close();
    expect(fs.existsSync(lockPath)).toBe(false);
    const again = await openDatabase(config);
    await again.close();
  });

  it('refuses a directory locked by another live process, and takes over a stale lock', async () => {
    // The parent of this Jest worker is alive and is not us.
    fs.writeFileSync(lockPath, `${process.ppid}\n`);
    await expect(openDatabase(config)).rejects.toThrow(`in use by process ${process.ppid}`);
    // Above the largest pid Linux hands out: that process cannot exist, so the lock is stale.
    fs.writeFileSync(lockPath, '4194305\n');
    const database = await openDatabase(config);
    expect(fs.readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  });
});
