/**
 * A port per VPN on a VPN host: the host keeps its servers' allocations in its own
 * state (no database), so that even its `simulated` VPNs each name a port of their own from the
 * host's `WG_PORTS` range, kept across a restart of the host and freed when the VPN goes.
 */
import fs from 'node:fs';
import type { App } from '../../../src/server/app';
import { HostState } from '../../../src/server/hostAgent/hostState';
import { loadHostAgentSettings } from '../../../src/server/hosts/settings';
import { hostNamePrefix, loadNetnsSettings } from '../../../src/server/provisioners/netnsSettings';
import { netnsMountsPrivate } from '../../../src/server/provisioners/netnsSystem';
import { memoryAllocations } from '../../../src/server/provisioners/netnsStore';
import { createSimulatedProvisioner } from '../../../src/server/provisioners/simulated';
import { PermanentProvisionError } from '../../../src/server/provisioners/types';
import { makeTempDir, openTestDatabase, removeDir, type TestDatabase } from '../../support/helpers';
import {
  natsSkipReason,
  startHost,
  startNats,
  waitFor,
  type TestHost,
  type TestNats,
} from '../../support/hostsHelpers';
import {
  api,
  buildVpnApp,
  createBody,
  createVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

const settings = loadNetnsSettings({ WG_PORTS: '41000-41002', WG_ADDRESSES: '10.9.0.0/24' });

describe("a host's allocations (its state file)", () => {
  let dir: string;
  beforeEach(() => (dir = makeTempDir('host-ports')));
  afterEach(() => removeDir(dir));

  it('gives the lowest free slot, keeps it per VPN and on disk, and fails for good when full', async () => {
    const state = new HostState(dir);
    const allocations = memoryAllocations(state.servers, () => state.save());
    const ports = [];
    for (const vpnId of ['1@eu-west-3', '2@eu-west-3', '3@eu-west-3']) {
      ports.push((await allocations.allocate(settings, vpnId)).listenPort);
    }
    expect(ports).toEqual([41000, 41001, 41002]);
    expect((await allocations.allocate(settings, '2@eu-west-3')).listenPort).toBe(41001);
    await expect(allocations.allocate(settings, '4@eu-west-3')).rejects.toThrow(
      PermanentProvisionError,
    );

    await allocations.release('2@eu-west-3');
    await allocations.saveCounters('3@eu-west-3', { bytesBase: 7, bytesSeen: 5 });
    // What a restarted host reads back.
    const reloaded = new HostState(dir);
    expect([...reloaded.servers.keys()].sort()).toEqual(['1@eu-west-3', '3@eu-west-3']);
    expect(reloaded.servers.get('3@eu-west-3')).toMatchObject({
      slot: 2,
      listenPort: 41002,
      network: '10.9.0.16/29',
      bytesBase: 7,
      bytesSeen: 5,
    });
    expect(fs.statSync(`${dir}/host-state.json`).mode & 0o777).toBe(0o600);
    const again = memoryAllocations(reloaded.servers, () => reloaded.save());
    expect((await again.allocate(settings, '4@eu-west-3')).listenPort).toBe(41001);
  });

  it('saves a new base of the counters at once, a mere reading when told to', async () => {
    const saved: string[] = [];
    const allocations = memoryAllocations(
      new Map(),
      () => saved.push('now'),
      () => saved.push('later'),
    );
    await allocations.allocate(settings, '1@eu-west-3');
    await allocations.saveCounters('1@eu-west-3', { bytesBase: 0, bytesSeen: 500 });
    await allocations.saveCounters('1@eu-west-3', { bytesBase: 500, bytesSeen: 0 });
    await allocations.release('1@eu-west-3');
    expect(saved).toEqual(['now', 'later', 'now', 'now']);
  });

  it('gives simulated servers a port each when asked to, and frees it with the VPN', async () => {
    const state = new HostState(dir);
    const allocations = memoryAllocations(state.servers, () => state.save());
    const provisioner = createSimulatedProvisioner({
      stepMs: 0,
      ports: {
        portOf: async (vpnId) => (await allocations.allocate(settings, vpnId)).listenPort,
        release: (vpnId) => allocations.release(vpnId),
      },
    });
    const target = (vpnId: string) => ({
      vpnId,
      region: 'eu-west-3',
      serverPrivateKey: 'x',
      serverPublicKey: 'y',
      clientPublicKey: 'z',
      presharedKey: 'w',
    });
    const a = await provisioner.provision(target('1@eu-west-3'));
    const b = await provisioner.provision(target('2@eu-west-3'));
    expect([a.endpoint, b.endpoint]).toEqual([
      'eu-west-3.vpn.peanut.local:41000',
      'eu-west-3.vpn.peanut.local:41001',
    ]);
    expect((await provisioner.provision(target('1@eu-west-3'))).endpoint).toBe(a.endpoint);
    await provisioner.deprovision({ vpnId: '1@eu-west-3', region: 'eu-west-3', endpoint: null });
    expect(state.servers.has('1@eu-west-3')).toBe(false);
    // Without ports (the service's own simulated VPNs), the usual port.
    const plain = createSimulatedProvisioner({ stepMs: 0 });
    expect((await plain.provision(target('3@eu-west-3'))).endpoint).toBe(
      'eu-west-3.vpn.peanut.local:51820',
    );
  });
});

describe('netns hosts sharing a machine', () => {
  it('name their servers after their own ids unless NETNS_PREFIX says otherwise', () => {
    const env = { NATS_URL: 'nats://127.0.0.1:4222', HOST_REGIONS: 'eu-west-3' };
    const paris = loadHostAgentSettings({ ...env, HOST_ID: 'paris-1' }).netns.namePrefix;
    const tokyo = loadHostAgentSettings({ ...env, HOST_ID: 'tokyo-1' }).netns.namePrefix;
    expect(paris).toMatch(/^p[a-z]{5}$/);
    expect(paris).toBe(hostNamePrefix('paris-1'));
    expect(tokyo).not.toBe(paris);
    // The longest name, `<prefix><slot>h`, fits in an interface name (15 characters).
    expect(`${paris}65535h`.length).toBeLessThanOrEqual(15);
    expect(
      loadHostAgentSettings({ ...env, HOST_ID: 'paris-1', NETNS_PREFIX: 'pq' }).netns.namePrefix,
    ).toBe('pq');
    // The service's own `netns` VPNs keep `pn`.
    expect(loadNetnsSettings({}).namePrefix).toBe('pn');
  });

  it("tell a private mount namespace (ip netns exec) from the machine's", () => {
    const machine = [
      '27 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw',
      '42 27 254:0 /run/netns /run/netns rw,relatime shared:3 - ext4 /dev/vda rw',
      '43 42 0:4 net:[4026532177] /run/netns/a rw shared:4 - nsfs nsfs rw',
    ].join('\n');
    const netnsExec = [
      '60 59 254:0 / / rw,relatime master:1 - ext4 /dev/vda rw',
      '65 60 254:0 /run/netns /run/netns rw,relatime shared:7 master:3 - ext4 /dev/vda rw',
    ].join('\n');
    expect(netnsMountsPrivate(machine)).toBe(false);
    expect(netnsMountsPrivate(netnsExec)).toBe(true);
    expect(netnsMountsPrivate('27 1 254:0 / / rw shared:1 - ext4 /dev/vda rw')).toBe(false);
  });
});

const skip = natsSkipReason();
const PARIS = 'eu-west-3';

jest.setTimeout(240_000);

(skip ? describe.skip : describe)('simulated VPNs on one host (over NATS, loopback)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let app: App;
  let host: TestHost;
  let dataDir: string;
  let user: TestUser;

  const startParis = () =>
    startHost({
      natsUrl: nats.hostUrl('paris-1'),
      hostId: 'paris-1',
      regions: [PARIS],
      dataDir,
      endpointHost: '127.0.0.2',
      env: { WG_PORTS: '41000-41015' },
    });
  const endpointOf = async (vpnId: string): Promise<string> => {
    const answer = await api<{ config: string }>(app, user, 'GET', `/v1/vpns/${vpnId}/config`);
    const conf = Buffer.from(answer.body.config, 'base64').toString('utf8');
    return /^Endpoint = (.*)$/m.exec(conf)?.[1] ?? '';
  };
  const body = () => createBody(PARIS, { type: 'wireguard', maxPeanuts: 1, deleteAfter: 3600 });

  beforeAll(async () => {
    nats = await startNats(['paris-1']);
    database = await openTestDatabase('pglite');
    dataDir = makeTempDir('host-ports-paris');
    host = await startParis();
    app = await buildVpnApp(database, { NATS_URL: nats.serviceUrl, HOST_GRACE_S: '30' });
    user = await signUpUser(app, 'host-ports');
    await waitFor(
      async () =>
        (
          await api<{ regions: { name: string; available: boolean }[] }>(
            app,
            undefined,
            'GET',
            '/v1/regionsDetailed/',
          )
        ).body.regions.find((region) => region.name === PARIS)?.available === true,
      'Paris available',
    );
  });

  afterAll(async () => {
    await app?.close();
    await host?.kill('SIGKILL');
    await database?.cleanup();
    await nats?.stop();
    if (dataDir) removeDir(dataDir);
  });

  test('each VPN names a port of its own, kept across a restart of the host and freed with it', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await createVpn(app, user, body()));
    for (const vpnId of ids) await waitForVpnState(app, user, vpnId, 'Running', 60_000);
    const endpoints = await Promise.all(ids.map(endpointOf));
    expect(new Set(endpoints).size).toBe(3);
    for (const endpoint of endpoints) expect(endpoint).toMatch(/^127\.0\.0\.2:410(0\d|1[0-5])$/);

    // Restarted, the host keeps each VPN's port.
    await host.kill('SIGTERM');
    host = await startParis();
    const state = JSON.parse(fs.readFileSync(`${dataDir}/host-state.json`, 'utf8')) as {
      servers: Record<string, { listenPort: number }>;
    };
    expect(ids.map((vpnId) => `127.0.0.2:${state.servers[vpnId].listenPort}`)).toEqual(endpoints);

    // A deleted VPN's port is free again: the next VPN takes it.
    expect((await api(app, user, 'DELETE', `/v1/vpns/${ids[1]}`)).status).toBe(202);
    await waitForVpnState(app, user, ids[1], 'Deleted', 60_000);
    const next = await createVpn(app, user, body());
    await waitForVpnState(app, user, next, 'Running', 60_000);
    expect(await endpointOf(next)).toBe(endpoints[1]);
  });
});
