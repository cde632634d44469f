/**
 * A VPN host upgraded from the first versions (issue 18; hostLegacy.ts): their `netns` servers'
 * allocations were in `<DATA_DIR>/pglite` (table `netns_servers`) and their names had another
 * prefix. The test builds such a host's leftovers for real (old state file, old database, two
 * running wireguard-go servers under the old prefix: one of a VPN of the state, one of a VPN the
 * state no longer has), then starts as the host does: the VPN's server runs under the new names
 * with the same keys, port and addresses and its byte count kept, and nothing of the old names,
 * the old nft table, the other VPN's server or the old database is left. Needs root, wireguard-go,
 * ip and nft (skipped elsewhere, except under CI=true).
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db';
import { netnsServers } from '../../src/server/db/schema';
import { legacyDatabaseDir, upgradeLegacyState } from '../../src/server/hosts/hostLegacy';
import { HostState } from '../../src/server/hosts/hostState';
import { createNetnsProvisioner } from '../../src/server/provisioners/netns';
import { ensureHost, tableName } from '../../src/server/provisioners/netnsHost';
import { buildServer, serverHealthy } from '../../src/server/provisioners/netnsServer';
import {
  serverPlan,
  storedPlan,
  type NetnsSettings,
} from '../../src/server/provisioners/netnsSettings';
import { memoryAllocations } from '../../src/server/provisioners/netnsStore';
import type { ProvisionTarget } from '../../src/server/provisioners/types';
import { generateKeyPair, generatePresharedKey } from '../../src/server/vpns/keys';
import { makeTempDir, removeDir } from './helpers';
import { leftovers, netnsSkipReason, sh, sweep, testNetnsEnv } from './netnsHelpers';

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

(skip ? describe.skip : describe)('a host upgraded from a first-version state', () => {
  let dataDir: string;

  beforeAll(async () => {
    await sweep(settings);
    await sweep(legacy);
    dataDir = makeTempDir('host-upgrade');
  });

  afterAll(async () => {
    await sweep(settings);
    await sweep(legacy);
    if (dataDir) removeDir(dataDir);
  });

  test('its VPN keeps its server (same keys, port, bytes) under the new names; nothing old is left', async () => {
    const kept = target(`1700000000001@${REGION}`);
    const gone = target(`1700000000002@${REGION}`);
    const keptPlan = serverPlan(legacy, 3);
    const gonePlan = serverPlan(legacy, 5);

    // What a first-version host left: its database, its servers, its state file (no `servers`).
    const old = await openDatabase({ databaseUrl: undefined, dataDir });
    await old.migrate();
    await old.db.insert(netnsServers).values([
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
    await old.close();
    await ensureHost(legacy);
    await buildServer(legacy, keptPlan, kept);
    await buildServer(legacy, gonePlan, gone);
    expect(await serverHealthy(legacy, keptPlan, kept)).toBe(true);
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

    // The host starts (as agent.ts does): state, upgrade, reconciliation.
    const state = new HostState(dataDir);
    const provisioner = createNetnsProvisioner({
      allocations: memoryAllocations(state.servers, () => state.save()),
      settings,
    });
    await upgradeLegacyState({ dataDir, state, settings, legacyPrefix: legacy.namePrefix });
    await provisioner.reconcile!({ running: [kept], inProgress: [] });

    // The VPN's server: same port and addresses, healthy under the new names with its keys.
    const record = state.servers.get(kept.vpnId);
    expect(record).toMatchObject({
      slot: 3,
      listenPort: keptPlan.listenPort,
      network: keptPlan.network,
    });
    expect(await serverHealthy(settings, storedPlan(settings, record!), kept)).toBe(true);
    // Its bytes so far are kept (the old daemon's count folded in).
    expect((await provisioner.usage({ vpnId, region: REGION, runningAtMs: 0 })).bytes).toBe(5700);
    // Saved: a restart finds the record in the state file.
    expect(new HostState(dataDir).servers.get(kept.vpnId)?.listenPort).toBe(keptPlan.listenPort);
    expect(state.servers.has(gone.vpnId)).toBe(false);

    // Nothing of the old names, the old table, the other VPN's server or the old database.
    expect(await leftovers(legacy)).toEqual([]);
    expect(await tableExists(legacy)).toBe(false);
    expect(
      (await leftovers(settings)).filter((item) => item.includes(`${settings.namePrefix}5`)),
    ).toEqual([]);
    expect(fs.existsSync(legacyDatabaseDir(dataDir))).toBe(false);

    // Deprovisioned later: nothing left at all.
    await provisioner.deprovision({ vpnId, region: REGION, endpoint: server.endpoint });
    expect(await leftovers(settings)).toEqual([]);
  });
});
