/**
 * VPN hosts over NATS JetStream, with the `simulated` provisioner on loopback: the
 * test's own nats-server with per-host permissions, two host processes serving two regions, and
 * the service (the app, on PGlite) with NATS_URL set.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { NANO_PER_PEANUT } from '../../../src/core/peanuts';
import type { RegionDetailed } from '../../../src/core/regions';
import { ledgerEntries, vpns } from '../../../src/server/db/schema';
import {
  createHostsProvisioner,
  noHostMessage,
  type HostsProvisioner,
} from '../../../src/server/hosts/hostsProvisioner';
import { loadHostsSettings } from '../../../src/server/hosts/settings';
import { makeTempDir, openTestDatabase, removeDir, type TestDatabase } from '../../support/helpers';
import {
  natsSkipReason,
  startHost,
  startNats,
  waitFor,
  type TestHost,
  type TestNats,
} from '../../support/hostsHelpers';
import { connectWithUrl, expectLeastPrivilege, FORGED_BYTES } from '../../support/hostsPrivilege';
import {
  api,
  balanceNano,
  buildVpnApp,
  createBody,
  createVpn,
  creditNano,
  getVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

const skip = natsSkipReason();
const PARIS = 'eu-west-3';
const TOKYO = 'ap-northeast-1';
const NOWHERE = 'us-east-1';
/**
 * The VPNs' config: a simulated host reports 20-200 KiB/s, so a 1-peanut VPN (createBody's)
 * can be used up within 10 s and deleted mid-suite on a slow machine; 50 peanuts last at least
 * 8 minutes.
 */
const LASTING = { type: 'wireguard', maxPeanuts: 50, deleteAfter: 3600 };
/** Peanuts credited to each user beyond the sign-up bonus, for {@link LASTING}'s VPN. */
const CREDIT_PEANUTS = 100;

jest.setTimeout(240_000);

(skip ? describe.skip : describe)('VPN hosts over NATS (simulated, loopback)', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let app: App;
  let paris: TestHost;
  let tokyo: TestHost;
  const dirs: string[] = [];
  let alice: TestUser;
  let bob: TestUser;
  let parisVpn: string;
  let tokyoVpn: string;
  let provisioner: HostsProvisioner;

  const hostEnv = (hostId: string, regions: string[], endpointHost: string, dataDir: string) => ({
    natsUrl: nats.hostUrl(hostId),
    hostId,
    regions,
    dataDir,
    endpointHost,
  });

  const regions = async (): Promise<RegionDetailed[]> =>
    (await api<{ regions: RegionDetailed[] }>(app, undefined, 'GET', '/v1/regionsDetailed/')).body
      .regions;
  const available = async (region: string) =>
    (await regions()).find((entry) => entry.name === region)?.available;

  const bytesOf = async (user: TestUser, vpnId: string): Promise<number> =>
    (await getVpn(app, user, vpnId)).metrics?.bytes ?? 0;

  const row = async (vpnId: string) =>
    (await database.handle.db.select().from(vpns).where(eq(vpns.vpnId, vpnId)))[0];

  beforeAll(async () => {
    nats = await startNats(['paris-1', 'tokyo-1']);
    database = await openTestDatabase('pglite');
    dirs.push(makeTempDir('host-paris'), makeTempDir('host-tokyo'));
    [paris, tokyo] = await Promise.all([
      startHost(hostEnv('paris-1', [PARIS], '127.0.0.2', dirs[0])),
      startHost(hostEnv('tokyo-1', [TOKYO], '127.0.0.3', dirs[1])),
    ]);
    const env = { NATS_URL: nats.serviceUrl, HOST_GRACE_S: '2', HOST_LOST_S: '3600' };
    // The app's provisioner, made here to see the reports it rejects.
    provisioner = createHostsProvisioner({
      db: database.handle.db,
      settings: loadHostsSettings(env)!,
    });
    app = await buildVpnApp(database, { ...env, METER_INTERVAL_S: '0.3' }, { provisioner });
    [alice, bob] = await Promise.all([signUpUser(app, 'hosts-a'), signUpUser(app, 'hosts-b')]);
    for (const user of [alice, bob]) {
      await creditNano(app, user.sub, CREDIT_PEANUTS * NANO_PER_PEANUT, `hosts-credit-${user.sub}`);
    }
    await waitFor(
      async () => (await available(PARIS)) === true && (await available(TOKYO)) === true,
      'both regions available',
    );
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([paris?.kill('SIGKILL'), tokyo?.kill('SIGKILL')]);
    await database?.cleanup();
    await nats?.stop();
    for (const dir of dirs) removeDir(dir);
  });

  test('a VPN in each region runs on its own host, whose address its config names', async () => {
    parisVpn = await createVpn(app, alice, createBody(PARIS, LASTING));
    tokyoVpn = await createVpn(app, bob, createBody(TOKYO, LASTING));
    await waitForVpnState(app, alice, parisVpn, 'Running', 60_000);
    await waitForVpnState(app, bob, tokyoVpn, 'Running', 60_000);

    expect((await row(parisVpn)).hostId).toBe('paris-1');
    expect((await row(tokyoVpn)).hostId).toBe('tokyo-1');
    const config = async (user: TestUser, vpnId: string) => {
      const answer = await api<{ config: string }>(app, user, 'GET', `/v1/vpns/${vpnId}/config`);
      return Buffer.from(answer.body.config, 'base64').toString('utf8');
    };
    expect(await config(alice, parisVpn)).toMatch(/Endpoint = 127\.0\.0\.2:\d+/);
    expect(await config(bob, tokyoVpn)).toMatch(/Endpoint = 127\.0\.0\.3:\d+/);

    // The server key was made on the host: the service keeps only the host's public key.
    const hostState = JSON.parse(
      fs.readFileSync(`${dirs[0]}/host-state.json`, 'utf8') as string,
    ) as { vpns: Record<string, { serverPublicKey: string; serverPrivateKey: string }> };
    const onHost = hostState.vpns[parisVpn];
    expect((await row(parisVpn)).serverPublicKey).toBe(onHost.serverPublicKey);
    expect(onHost.serverPrivateKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    // No server private key is stored (nor made) by the service, for either VPN.
    expect((await row(parisVpn)).serverPrivateKey).toBeNull();
    expect((await row(tokyoVpn)).serverPrivateKey).toBeNull();
    expect((await row(tokyoVpn)).serverPublicKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);

    // The usage each host reports is metered.
    await waitFor(
      async () => (await bytesOf(alice, parisVpn)) > 0 && (await bytesOf(bob, tokyoVpn)) > 0,
      'both VPNs metered',
    );
  });

  test('a region without an online host refuses Create with the message; no balance change', async () => {
    expect(await available(NOWHERE)).toBe(false);
    // A user of its own: the others' balances move with their running VPNs' metering.
    const carol = await signUpUser(app, 'hosts-c');
    const before = await balanceNano(app, carol);
    const answer = await api(app, carol, 'POST', '/v1/vpns/', createBody(NOWHERE));
    expect(answer.status).toBe(400);
    expect(answer.response.body).toContain(noHostMessage(NOWHERE));
    expect(await balanceNano(app, carol)).toBe(before);
    const list = await api<{ vpns: { region: string }[] }>(app, carol, 'GET', '/v1/vpns/');
    expect(list.body.vpns.map((vpn) => vpn.region)).not.toContain(NOWHERE);
  });

  test("host credentials cannot read another host's commands nor report for its VPN", async () => {
    const service = await connectWithUrl(nats.serviceUrl);
    const host = await connectWithUrl(nats.hostUrl('paris-1'));
    try {
      await expectLeastPrivilege({
        attacker: host,
        attackerId: 'paris-1',
        victimId: 'tokyo-1',
        service,
        victimVpn: tokyoVpn,
        provisioner,
        db: database.handle.db,
      });
      // Metered again after the forged reports: none of them was charged.
      const before = await bytesOf(bob, tokyoVpn);
      await waitFor(async () => (await bytesOf(bob, tokyoVpn)) > before, 'Tokyo metered again');
      expect(await bytesOf(bob, tokyoVpn)).toBeLessThan(FORGED_BYTES);
    } finally {
      await Promise.all([host.close(), service.close()]);
    }
  });

  test('a killed host: its VPN goes Paused (not charged), then Running again without a double charge', async () => {
    const keyBefore = (await row(parisVpn)).serverPublicKey;
    await paris.kill('SIGKILL');
    await waitForVpnState(app, alice, parisVpn, 'Paused', 60_000);
    const pausedBalance = await balanceNano(app, alice);
    const pausedRow = await row(parisVpn);
    const pausedDuration = (await getVpn(app, alice, parisVpn)).metrics?.duration;
    // The other host's VPN carries on.
    await waitForVpnState(app, bob, tokyoVpn, 'Running', 60_000);
    // Several metering periods while Paused: nothing charged.
    const tokyoBytes = await bytesOf(bob, tokyoVpn);
    await waitFor(
      async () => (await bytesOf(bob, tokyoVpn)) > tokyoBytes,
      'a metering pass after the pause',
    );
    expect(await balanceNano(app, alice)).toBe(pausedBalance);
    // Nor does the shown running time grow while Paused (seconds go by: at least two).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await getVpn(app, alice, parisVpn)).metrics?.duration).toBe(pausedDuration);

    paris = await startHost(hostEnv('paris-1', [PARIS], '127.0.0.2', dirs[0]));
    await waitForVpnState(app, alice, parisVpn, 'Running', 60_000);
    const resumed = await row(parisVpn);
    expect(resumed.serverPublicKey).toBe(keyBefore);
    // The paused time is not running time: the metering origin moved forward.
    expect(resumed.runningAt!.getTime()).toBeGreaterThan(pausedRow.runningAt!.getTime());
    await waitFor(
      async () => (await balanceNano(app, alice)) < pausedBalance,
      'charged again once running',
    );
    // Every charge once: once it is deleted (no more charges), the VPN's usage entries add up
    // to what it consumed.
    expect((await api(app, alice, 'DELETE', `/v1/vpns/${parisVpn}`)).status).toBe(202);
    await waitForVpnState(app, alice, parisVpn, 'Deleted', 60_000);
    const charges = await database.handle.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userSub, alice.sub));
    const usage = charges.filter(
      (entry) => entry.kind === 'usage' && entry.key?.startsWith(`usage:${parisVpn}:`),
    );
    expect(new Set(usage.map((entry) => entry.key)).size).toBe(usage.length);
    const now = await row(parisVpn);
    expect(-usage.reduce((sum, entry) => sum + Number(entry.amountNano), 0)).toBe(now.consumedNano);
    expect(now.bytes).toBeGreaterThanOrEqual(pausedRow.bytes);
  });
});
