/**
 * The `netns` provisioner's allocations: slots, listen ports and address blocks taken
 * in the database never collide, between concurrent VPNs nor between two server processes on one
 * database (two connections on PostgreSQL), allocation is idempotent per VPN, a full range fails
 * for good, and a released slot is taken again. No root needed.
 */
import { MEMORY_DATA_DIR, openDatabase, type DatabaseHandle } from '../../../src/server/db';
import { loadNetnsSettings } from '../../../src/server/provisioners/netnsSettings';
import {
  allocateServer,
  allServers,
  releaseServer,
} from '../../../src/server/provisioners/netnsStore';
import { PermanentProvisionError } from '../../../src/server/provisioners/types';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';

const settings = loadNetnsSettings({ WG_PORTS: '40000-40011', WG_ADDRESSES: '10.9.0.0/24' });

describe.each(DATABASE_KINDS)('netns allocations on %s', (kind) => {
  let database: TestDatabase;
  let second: DatabaseHandle | undefined;

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    // A second server process: its own connection to the same PostgreSQL database.
    second = database.url
      ? await openDatabase({ databaseUrl: database.url, dataDir: MEMORY_DATA_DIR })
      : undefined;
  });

  afterEach(async () => {
    await second?.close();
    await database.cleanup();
  });

  it('gives concurrent VPNs distinct slots, ports and blocks until the range is full', async () => {
    const dbs = [database.handle.db, (second ?? database.handle).db];
    const rows = await Promise.all(
      Array.from({ length: 12 }, (_, i) => allocateServer(dbs[i % 2], settings, `${i}@eu-west-3`)),
    );
    expect(new Set(rows.map((row) => row.slot)).size).toBe(12);
    expect(new Set(rows.map((row) => row.listenPort)).size).toBe(12);
    expect(new Set(rows.map((row) => row.network)).size).toBe(12);
    for (const row of rows) {
      expect(row.listenPort).toBe(40000 + row.slot);
      expect(row.network).toBe(`10.9.0.${8 * row.slot}/29`);
    }
    // Idempotent per VPN.
    expect(await allocateServer(database.handle.db, settings, '3@eu-west-3')).toEqual(rows[3]);
    // 12 ports: the 13th VPN fails for good, and nothing was written for it.
    await expect(allocateServer(database.handle.db, settings, '12@eu-west-3')).rejects.toThrow(
      PermanentProvisionError,
    );
    expect(await allServers(database.handle.db)).toHaveLength(12);
    // A released slot is free again.
    await releaseServer(database.handle.db, '5@eu-west-3');
    const again = await allocateServer(database.handle.db, settings, '12@eu-west-3');
    expect(again.slot).toBe(rows[5].slot);
  });
});
