/**
 * Batched commands (protocol version 2, protocol.ts): a burst of creations reaches a host of
 * this version in a few stored messages carrying many VPNs, while a host of version 1 (one that
 * announces no version: a stand-in written here as the first hosts spoke) gets one command per
 * message and keeps working. The service is the app on PGlite; the version-2 host is the real
 * `npm run host` program.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Msg, NatsConnection } from 'nats';
import type { App } from '../../../src/server/app';
import type { RegionDetailed } from '../../../src/core/regions';
import { createHostsProvisioner } from '../../../src/server/hosts/hostsProvisioner';
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
import { connectWithUrl } from '../../support/hostsPrivilege';
import {
  api,
  buildVpnApp,
  createBody,
  createVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

const skip = natsSkipReason();
const PARIS = 'eu-west-3';
const TOKYO = 'ap-northeast-1';
/** VPNs created at once in each region. */
const BURST = 8;

jest.setTimeout(240_000);

/** What a stored command message held: its op and, for a batch, its commands' ops. */
interface Stored {
  op: string;
  inner: string[];
}

/**
 * A VPN host of protocol version 1: takes one command per message, answers each (a made-up
 * server), heartbeats without a version. Records every op it was delivered.
 */
async function legacyHost(url: string, hostId: string, region: string) {
  const nc = await connectWithUrl(url);
  const delivered: string[] = [];
  const alive = new Set<string>();
  const bootId = randomUUID();
  const publish = (kind: string, message: unknown) =>
    nc.publish(`peanut.host.${hostId}.${kind}`, Buffer.from(JSON.stringify(message)));
  nc.subscribe(`peanut.deliver.${hostId}`, {
    callback: (_error, msg: Msg) => {
      const command = JSON.parse(Buffer.from(msg.data).toString('utf8')) as {
        op: string;
        id: string;
        vpnId?: string;
      };
      delivered.push(command.op);
      if (command.op === 'provision' && command.vpnId) {
        alive.add(command.vpnId);
        publish('result', {
          id: command.id,
          op: command.op,
          vpnId: command.vpnId,
          ok: true,
          server: {
            endpoint: '127.0.0.4:51820',
            serverPublicKey: randomBytes(32).toString('base64'),
            clientAddresses: ['10.9.0.2/32'],
            dns: ['10.9.0.1'],
          },
        });
      } else if (command.op === 'deprovision' && command.vpnId) {
        alive.delete(command.vpnId);
        publish('result', { id: command.id, op: command.op, vpnId: command.vpnId, ok: true });
      } else if (command.op === 'list-live') {
        publish('result', { id: command.id, op: command.op, ok: true, live: [...alive] });
      }
      // A version-1 host knows no other op: it drops the message, as the first hosts did.
      msg.respond(Buffer.from('+ACK'));
    },
  });
  const beat = () => publish('heartbeat', { bootId, regions: [region], alive: [...alive] });
  beat();
  const timer = setInterval(beat, 200);
  return {
    delivered,
    async stop() {
      clearInterval(timer);
      await nc.close();
    },
  };
}

(skip ? describe.skip : describe)('batched commands to VPN hosts', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let app: App;
  let host: TestHost;
  let legacy: Awaited<ReturnType<typeof legacyHost>>;
  let observer: NatsConnection;
  const stored = new Map<string, Stored[]>();
  const dirs: string[] = [];
  let users: TestUser[];

  const available = async (region: string) =>
    (
      await api<{ regions: RegionDetailed[] }>(app, undefined, 'GET', '/v1/regionsDetailed/')
    ).body.regions.find((entry) => entry.name === region)?.available;

  beforeAll(async () => {
    nats = await startNats(['batch-1', 'legacy-1']);
    database = await openTestDatabase('pglite');
    dirs.push(makeTempDir('host-batch'));
    // The service's credentials see every stored command (a JetStream publish is a message).
    observer = await connectWithUrl(nats.serviceUrl);
    observer.subscribe('peanut.cmd.>', {
      callback: (_error, msg) => {
        const hostId = msg.subject.split('.')[2];
        const value = JSON.parse(Buffer.from(msg.data).toString('utf8')) as {
          op: string;
          commands?: { op: string }[];
        };
        const list = stored.get(hostId) ?? [];
        list.push({ op: value.op, inner: (value.commands ?? []).map((command) => command.op) });
        stored.set(hostId, list);
      },
    });
    [host, legacy] = await Promise.all([
      startHost({
        natsUrl: nats.hostUrl('batch-1'),
        hostId: 'batch-1',
        regions: [PARIS],
        dataDir: dirs[0],
        endpointHost: '127.0.0.2',
      }),
      legacyHost(nats.hostUrl('legacy-1'), 'legacy-1', TOKYO),
    ]);
    const env = { NATS_URL: nats.serviceUrl, HOST_GRACE_S: '2', HOST_LOST_S: '3600' };
    const provisioner = createHostsProvisioner({
      db: database.handle.db,
      settings: loadHostsSettings(env)!,
    });
    app = await buildVpnApp(database, env, { provisioner });
    users = await Promise.all(
      Array.from({ length: BURST }, (_, index) => signUpUser(app, `batch-${index}`)),
    );
    await waitFor(
      async () => (await available(PARIS)) === true && (await available(TOKYO)) === true,
      'both regions available',
    );
  });

  afterAll(async () => {
    await app?.close();
    await host?.kill('SIGKILL');
    await legacy?.stop();
    await observer?.close();
    await database?.cleanup();
    await nats?.stop();
    for (const dir of dirs) removeDir(dir);
  });

  test('a burst reaches a version-2 host in batches and a version-1 host one by one', async () => {
    const created = await Promise.all(
      users.flatMap((user) => [
        createVpn(app, user, createBody(PARIS)).then((vpnId) => ({ user, vpnId })),
        createVpn(app, user, createBody(TOKYO)).then((vpnId) => ({ user, vpnId })),
      ]),
    );
    await Promise.all(
      created.map(({ user, vpnId }) => waitForVpnState(app, user, vpnId, 'Running', 120_000)),
    );

    // The version-2 host: every provision arrived, in fewer messages than VPNs, some batched.
    const batched = stored.get('batch-1') ?? [];
    const provisions = batched.flatMap((message) =>
      message.op === 'batch' ? message.inner : [message.op],
    );
    expect(provisions.filter((op) => op === 'provision')).toHaveLength(BURST);
    expect(batched.some((message) => message.op === 'batch')).toBe(true);
    expect(batched.length).toBeLessThan(BURST);
    const commandsDone = host.output().match(/"msg":"command done"/g) ?? [];
    expect(commandsDone.length).toBeGreaterThanOrEqual(BURST);

    // The version-1 host: one command per message, never a batch.
    expect(stored.get('legacy-1')?.every((message) => message.op !== 'batch')).toBe(true);
    expect(legacy.delivered.filter((op) => op === 'provision')).toHaveLength(BURST);
    expect(legacy.delivered).not.toContain('batch');

    // Deletions: batched to the version-2 host too, each VPN Deleted.
    const before = batched.length;
    await Promise.all(
      created.map(({ user, vpnId }) => api(app, user, 'DELETE', `/v1/vpns/${vpnId}`)),
    );
    await Promise.all(
      created.map(({ user, vpnId }) => waitForVpnState(app, user, vpnId, 'Deleted', 120_000)),
    );
    const deprovisions = batched
      .slice(before)
      .flatMap((message) => (message.op === 'batch' ? message.inner : [message.op]))
      .filter((op) => op === 'deprovision');
    expect(deprovisions).toHaveLength(BURST);
    expect(legacy.delivered.filter((op) => op === 'deprovision')).toHaveLength(BURST);
  });
});
