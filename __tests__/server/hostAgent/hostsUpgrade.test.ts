/**
 * A VPN host upgraded from the first versions (hostLegacy.ts): their `netns` servers'
 * allocations were in `<DATA_DIR>/pglite` (table `netns_servers`) and their names had another
 * prefix. The test builds such a host's leftovers for real (old state file, old database, two
 * running wireguard-go servers under the old prefix: one of a VPN of the state, one of a VPN the
 * state no longer has), then starts as the host does: the VPN's server runs under the new names
 * with the same keys, port and addresses and its byte count kept, and nothing of the old names,
 * the old nft table, the other VPN's server or the old database is left. With NETNS_PREFIX set
 * (the same prefix before and after), the VPN keeps the very server it had. Needs root,
 * wireguard-go, ip and nft (skipped elsewhere, except under CI=true).
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../../src/server/db';
import { netnsServers } from '../../../src/server/db/schema';
import { legacyDatabaseDir, upgradeLegacyState } from '../../../src/server/hostAgent/hostLegacy';
import { HostState } from '../../../src/server/hostAgent/hostState';
import { createNetnsProvisioner } from '../../../src/server/provisioners/netns';
import { ensureHost, tableName } from '../../../src/server/provisioners/netnsHost';
import { buildServer, serverHealthy } from '../../../src/server/provisioners/netnsServer';
import {
  serverPlan,
  storedPlan,
  type NetnsSettings,
} from '../../../src/server/provisioners/netnsSettings';
import { memoryAllocations } from '../../../src/server/provisioners/netnsStore';
import { namespacePids } from '../../../src/server/provisioners/netnsSystem';
import type { ProvisionTarget } from '../../../src/server/provisioners/types';
import { generateKeyPair, generatePresharedKey } from '../../../src/server/provisioners/keys';
import { makeTempDir, removeDir } from '../../support/helpers';
import { leftovers, netnsSkipReason, sh, sweep, testNetnsEnv } from '../../support/netnsHelpers';

const skip = netnsSkipReason();
const REGION = 'eu-west-3';
/** The host's prefix now, and the one the first version named its servers with. */
const { settings } = testNetnsEnv('pnv', 54101, '10.211.0.0/24', '127.0.0.1');
const legacy: NetnsSettings = { ...settings, namePrefix: 'pnu' };

jest.setTimeout(240_000);

/** A VPN's target with fresh keys. */
function target(vpnId: string): ProvisionTarget {
  const server = generateKeyPair();
  return {
    vpnId,
    region: REGION,
    serverPrivateKey: server.privateKey,
    serverPublicKey: server.publicKey,
    clientPublicKey: generateKeyPair().publicKey,
    presharedKey: generatePresharedKey(),
  };
}

const tableExists = (of: NetnsSettings) =>
  sh('nft', ['list', 'table', 'inet', tableName(of)]).then(
    () => true,
    () => false,
  );

/** A first-version host's leftovers in `dataDir`, its servers named by `old`'s prefix. */
async function firstVersionHost(dataDir: string, old: NetnsSettings) {
  const kept = target(`1700000000001@${REGION}`);
  const gone = target(`1700000000002@${REGION}`);
  const keptPlan = serverPlan(old, 3);
  const gonePlan = serverPlan(old, 5);
  // Its database, its servers, its state file (no `servers`).
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  await database.migrate();
  await database.db.insert(netnsServers).values([
    {
      vpnId: kept.vpnId,
      slot: 3,
      listenPort: keptPlan.listenPort,
      network: keptPlan.network,
      bytesBase: 5000,
      bytesSeen: 700,
    },
    { vpnId: gone.vpnId, slot: 5, listenPort: gonePlan.listenPort, network: gonePlan.network },
  ]);
  await database.close();
  await ensureHost(old);
  await buildServer(old, keptPlan, kept);
  await buildServer(old, gonePlan, gone);
  expect(await serverHealthy(old, keptPlan, kept)).toBe(true);
  const { vpnId, ...keys } = kept;
  const server = {
    endpoint: `127.0.0.1:${keptPlan.listenPort}`,
    serverPublicKey: kept.serverPublicKey,
    clientAddresses: [`${keptPlan.clientAddress}/32`],
    dns: [...settings.dns],
  };
  fs.writeFileSync(
    path.join(dataDir, 'host-state.json'),
    JSON.stringify({ vpns: { [vpnId]: { ...keys, startedAtMs: Date.now(), server } } }),
    { mode: 0o600 },
  );
  return { kept, gone, keptPlan, endpoint: server.endpoint };
}

/** Starts as agent.ts does: the state, the upgrade, the reconciliation. */
async function startHost(dataDir: string, legacyPrefix: string, running: ProvisionTarget[]) {
  const state = new HostState(dataDir);
  const provisioner = createNetnsProvisioner({
    allocations: memoryAllocations(state.servers, () => state.save()),
    settings,
  });
  await upgradeLegacyState({ dataDir, state, settings, legacyPrefix });
  await provisioner.reconcile!({ running, inProgress: [] });
  return { state, provisioner };
}

(skip ? describe.skip : describe)('a host upgraded from a first-version state', () => {
  const dirs: string[] = [];

  beforeAll(async () => {
    await sweep(settings);
    await sweep(legacy);
  });

  afterEach(async () => {
    await sweep(settings);
    await sweep(legacy);
  });

  afterAll(() => {
    for (const dir of dirs) removeDir(dir);
  });

  test('its VPN keeps its server (same keys, port, bytes) under the new names; nothing old is left', async () => {
    const dataDir = makeTempDir('host-upgrade');
    dirs.push(dataDir);
    const { kept, gone, keptPlan, endpoint } = await firstVersionHost(dataDir, legacy);
    const { vpnId } = kept;
    const { state, provisioner } = await startHost(dataDir, legacy.namePrefix, [kept]);

    // The VPN's server: same port and addresses, healthy under the new names with its keys.
    const record = state.servers.get(vpnId);
    expect(record).toMatchObject({
      slot: 3,
      listenPort: keptPlan.listenPort,
      network: keptPlan.network,
    });
    expect(await serverHealthy(settings, storedPlan(settings, record!), kept)).toBe(true);
    // Its bytes so far are kept (the old daemon's count folded in).
    expect((await provisioner.usage({ vpnId, region: REGION, runningAtMs: 0 })).bytes).toBe(5700);
    // Saved: a restart finds the record in the state file.
    expect(new HostState(dataDir).servers.get(vpnId)?.listenPort).toBe(keptPlan.listenPort);
    expect(state.servers.has(gone.vpnId)).toBe(false);

    // Nothing of the old names, the old table, the other VPN's server or the old database.
    expect(await leftovers(legacy)).toEqual([]);
    expect(await tableExists(legacy)).toBe(false);
    expect(
      (await leftovers(settings)).filter((item) => item.includes(`${settings.namePrefix}5`)),
    ).toEqual([]);
    expect(fs.existsSync(legacyDatabaseDir(dataDir))).toBe(false);

    // Deprovisioned later: nothing left at all.
    await provisioner.deprovision({ vpnId, region: REGION, endpoint });
    expect(await leftovers(settings)).toEqual([]);
  });

  test.each(['absent', 'of this version'])(
    "given the service's DATA_DIR (host state file %s), it never opens nor removes the service's database",
    async (stateFile) => {
      const dataDir = makeTempDir('host-upgrade-service');
      dirs.push(dataDir);
      // The service's embedded database with a VPN's allocation, and that VPN's server running.
      const { kept, keptPlan } = await firstVersionHost(dataDir, legacy);
      if (stateFile === 'absent') fs.rmSync(path.join(dataDir, 'host-state.json'));
      else new HostState(dataDir).save();
      const daemons = namespacePids(keptPlan.name);

      const state = new HostState(dataDir);
      expect(await upgradeLegacyState({ dataDir, state, settings, legacyPrefix: 'pnu' })).toEqual(
        [],
      );
      // Nothing imported, the service's server untouched, its database still there and whole.
      expect(state.servers.size).toBe(0);
      expect(namespacePids(keptPlan.name)).toEqual(daemons);
      expect(await serverHealthy(legacy, keptPlan, kept)).toBe(true);
      const database = await openDatabase({ databaseUrl: undefined, dataDir });
      try {
        expect(await database.db.select().from(netnsServers)).toHaveLength(2);
      } finally {
        await database.close();
      }
    },
  );

  test('with its NETNS_PREFIX unchanged, its VPN keeps the very server it had', async () => {
    const dataDir = makeTempDir('host-upgrade-same');
    dirs.push(dataDir);
    const { kept, gone, keptPlan, endpoint } = await firstVersionHost(dataDir, settings);
    const daemons = namespacePids(keptPlan.name);
    expect(daemons.length).toBeGreaterThan(0);
    const { state, provisioner } = await startHost(dataDir, settings.namePrefix, [kept]);

    // Re-adopted as it runs: the same wireguard-go process, nothing rebuilt.
    expect(state.servers.get(kept.vpnId)?.listenPort).toBe(keptPlan.listenPort);
    expect(namespacePids(keptPlan.name)).toEqual(daemons);
    expect(await serverHealthy(settings, keptPlan, kept)).toBe(true);
    expect(
      (await provisioner.usage({ vpnId: kept.vpnId, region: REGION, runningAtMs: 0 })).bytes,
    ).toBe(5700);
    // The other VPN's server is gone, and the old database.
    expect(state.servers.has(gone.vpnId)).toBe(false);
    expect(
      (await leftovers(settings)).filter((item) => item.includes(`${settings.namePrefix}5`)),
    ).toEqual([]);
    expect(fs.existsSync(legacyDatabaseDir(dataDir))).toBe(false);
    await provisioner.deprovision({ vpnId: kept.vpnId, region: REGION, endpoint });
    expect(await leftovers(settings)).toEqual([]);
  });
});
