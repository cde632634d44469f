/**
 * Dual-stack tunnels of `netns` VPNs: a VPN's config carries an IPv4 and an
 * IPv6 address (the IPv6 one from the ULA /64 drawn at first start and kept in the data
 * directory), and its client, connected with exactly that config, reaches a destination outside
 * the private ranges over IPv4 and over IPv6 (2001:db8::/32, an address of the test's own
 * namespace, routed from the host: NAT66 through the host), and the IPv6 bytes are metered.
 *
 * Needs root, wireguard-go, wg, ip and nft (a failure under CI=true). Traffic goes only to the
 * test's own namespaces. Names: provisioner `pns`, test `ptv`; subnets 10.209.0/24,
 * 198.18.66/24 (public space: the egress filter lets it through) and 2001:db8:a6::/64: no other
 * test file's.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../../../src/server/app';
import {
  createNetnsProvisioner,
  type NetnsProvisioner,
} from '../../../src/server/provisioners/netns';
import { ADDRESSES6_FILE, parseNetwork6 } from '../../../src/server/provisioners/netnsIpv6';
import { makeTempDir, openTestDatabase, removeDir, type TestDatabase } from '../../support/helpers';
import { waitFor } from '../../support/hostsHelpers';
import {
  netnsSkipReason,
  sh,
  sweep,
  testNetnsEnv,
  TestNetwork,
  type TestNamespace,
} from '../../support/netnsHelpers';
import {
  api,
  buildVpnApp,
  createBody,
  createVpn,
  getVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

const skip = netnsSkipReason();
const { env, settings } = testNetnsEnv('pns', 53901, '10.209.0.0/24', '198.18.66.1');
const MIB = 1024 * 1024;
/** The public-range destination (documentation prefix), in the test's target namespace. */
const TARGET6 = '2001:db8:a6::2';

(skip ? describe.skip : describe)('dual-stack netns VPNs', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: App | undefined;
  let provisioner: NetnsProvisioner;
  const network = new TestNetwork('ptv', '198.18.66');
  let target: TestNamespace;
  let client: TestNamespace;
  let user: TestUser;
  let vpnId: string;
  let conf: string;

  beforeAll(async () => {
    await sweep(settings);
    database = await openTestDatabase('pglite');
    dataDir = makeTempDir('netns-ipv6');
    // As `npm start` makes it: no WG_ADDRESSES6, so the data directory's ULA.
    provisioner = createNetnsProvisioner({ db: database.handle.db, settings, dataDir });
    client = await network.addNamespace('c', 0);
    target = await network.addNamespace('t', 2);
    // The target also has a public-range IPv6 address, routed from the host.
    await sh('ip', ['addr', 'add', '2001:db8:a6::1/64', 'dev', `${target.name}h`, 'nodad']);
    await sh('ip', ['-n', target.name, 'addr', 'add', `${TARGET6}/64`, 'dev', 'eth0', 'nodad']);
    await sh('ip', ['-n', target.name, 'route', 'add', '::/0', 'via', '2001:db8:a6::1']);
    await network.serveHttp(target);
    app = await buildVpnApp(database, { ...env, METER_INTERVAL_S: '0.5' }, { provisioner });
    user = await signUpUser(app, 'netns6');
    vpnId = await createVpn(
      app,
      user,
      createBody('eu-west-3', { type: 'wireguard', maxPeanuts: 5, deleteAfter: 3600 }),
    );
    await waitForVpnState(app, user, vpnId, 'Running', 30_000);
    const answer = await api<{ config: string }>(app, user, 'GET', `/v1/vpns/${vpnId}/config`);
    conf = Buffer.from(answer.body.config, 'base64').toString('utf8');
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    await network.cleanup();
    await sweep(settings);
    await database?.cleanup();
    if (dataDir) removeDir(dataDir);
  }, 120_000);

  it('gives an IPv4 and an IPv6 address of the data directory’s ULA /64', async () => {
    const ula = fs.readFileSync(path.join(dataDir, ADDRESSES6_FILE), 'utf8').trim();
    expect(ula).toMatch(/^fd[0-9a-f]{2}:[0-9a-f]{1,4}:[0-9a-f]{1,4}::\/64$/);
    const plan = await provisioner.planOf(vpnId);
    expect(plan?.ipv6?.network).toMatch(/\/124$/);
    const addresses = /^Address = (.*)$/m.exec(conf)?.[1].split(', ');
    expect(addresses).toEqual([`${plan?.clientAddress}/32`, `${plan?.ipv6?.clientAddress}/128`]);
    const base = parseNetwork6(ula)?.base ?? 0n;
    const client6 = parseNetwork6(`${plan?.ipv6?.clientAddress}/128`)?.base ?? 0n;
    expect(client6 >> 64n).toBe(base >> 64n);
    expect(conf).toMatch(/^AllowedIPs = 0\.0\.0\.0\/0, ::\/0$/m);
  });

  it('reaches a public-range destination over IPv4 and IPv6, and meters the IPv6 bytes', async () => {
    // Before the tunnel: nothing.
    expect(await network.fetchFrom(client, TARGET6, 100, 2_000)).toBe(-1);
    await network.connectClient(client, conf);
    expect(await network.fetchFrom(client, target.address, 1000)).toBe(1000);
    expect(await network.pingFrom(client, TARGET6, 10)).toBe(true);

    const read = async () =>
      (await provisioner.usage({ vpnId, region: 'eu-west-3', runningAtMs: 0 })).bytes;
    const before = await read();
    expect(await network.fetchFrom(client, TARGET6, MIB)).toBe(MIB);
    expect(await read()).toBeGreaterThanOrEqual(before + MIB);
    // And the service meters them (the VPN's metrics).
    const current = app as App;
    await waitFor(
      async () => ((await getVpn(current, user, vpnId)).metrics?.bytes ?? 0) >= before + MIB,
      'the IPv6 bytes metered',
      30_000,
    );
  }, 90_000);
});
