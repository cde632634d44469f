/**
 * Batched commands and results (protocol versions 2 and 3, protocol.ts): a burst of creations
 * reaches a host of version 2 or 3 in a few stored messages carrying many VPNs, and the real
 * host (`npm run host`, version 3) answers them in a few result messages carrying many results;
 * a stand-in of version 2 (written here as those hosts speak: batches in, one result per message
 * out) and one of version 1 (no version announced: one command per message) keep working, their
 * single results applied alike. The real host answers a batch that does not ask for batched
 * results (a service of version 2) one result per message. The service is the app on PGlite.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Msg, NatsConnection } from 'nats';
import type { App } from '../../../src/server/app';
import type { RegionDetailed } from '../../../src/core/regions';
import { HostBus } from '../../../src/server/hosts/hostBus';
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
const SYDNEY = 'ap-southeast-2';
/** VPNs created at once in each region. */
const BURST = 8;

jest.setTimeout(240_000);

/** What a stored command message held: its op and, for a batch, its commands' ops. */
interface Stored {
  op: string;
  inner: string[];
}

/**
 * A provision the real host (serving Paris only) refuses before it waits for anything: its
 * results are all ready in the turn their message arrives, so how they are grouped into result
 * messages does not depend on timers firing together (deprovisions wait on the simulated
 * provisioner's timers, which a loaded machine fires in different turns).
 */
const refusedProvision = (id: string, index: number) => ({
  op: 'provision' as const,
  id,
  vpnId: `${3_000 + index}@${SYDNEY}`,
  region: SYDNEY,
  clientPublicKey: randomBytes(32).toString('base64'),
  presharedKey: randomBytes(32).toString('base64'),
});

/** A command as a stand-in host reads it. */
interface StandInCommand {
  op: string;
  id: string;
  vpnId?: string;
  commands?: StandInCommand[];
}

/**
 * A stand-in VPN host of protocol version 1 (takes one command per message, heartbeats without a
 * version) or 2 (also takes batches, announces 2): answers each command with a result message of
 * its own (a made-up server), as those versions did. Records every op it was delivered.
 */
async function standInHost(url: string, hostId: string, region: string, version: 1 | 2) {
  const nc = await connectWithUrl(url);
  const delivered: string[] = [];
  const alive = new Set<string>();
  const bootId = randomUUID();
  const publish = (kind: string, message: unknown) =>
    nc.publish(`peanut.host.${hostId}.${kind}`, Buffer.from(JSON.stringify(message)));
  const answer = (command: StandInCommand) => {
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
  };
  nc.subscribe(`peanut.deliver.${hostId}`, {
    callback: (_error, msg: Msg) => {
      const command = JSON.parse(Buffer.from(msg.data).toString('utf8')) as StandInCommand;
      delivered.push(command.op);
      if (command.op === 'batch' && version >= 2) {
        // Version 2 knows no `batchResults`: one result message per command.
        for (const inner of command.commands ?? []) answer(inner);
      } else answer(command);
      msg.respond(Buffer.from('+ACK'));
    },
  });
  const beat = () =>
    publish('heartbeat', {
      bootId,
      regions: [region],
      alive: [...alive],
      ...(version >= 2 ? { protocol: version } : {}),
    });
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

(skip ? describe.skip : describe)('batched commands and results between service and hosts', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let app: App;
  let host: TestHost;
  let legacy: Awaited<ReturnType<typeof standInHost>>;
  let second: Awaited<ReturnType<typeof standInHost>>;
  let observer: NatsConnection;
  const stored = new Map<string, Stored[]>();
  /** Per host, the result ids of each result message it sent. */
  const answered = new Map<string, string[][]>();
  const dirs: string[] = [];
  let users: TestUser[];

  const available = async (region: string) =>
    (
      await api<{ regions: RegionDetailed[] }>(app, undefined, 'GET', '/v1/regionsDetailed/')
    ).body.regions.find((entry) => entry.name === region)?.available;

  beforeAll(async () => {
    nats = await startNats(['batch-1', 'legacy-1', 'second-1']);
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
    observer.subscribe('peanut.host.*.result', {
      callback: (_error, msg) => {
        const hostId = msg.subject.split('.')[2];
        const value = JSON.parse(Buffer.from(msg.data).toString('utf8')) as {
          id?: string;
          results?: { id: string }[];
        };
        const list = answered.get(hostId) ?? [];
        list.push(value.results ? value.results.map((result) => result.id) : [value.id ?? '']);
        answered.set(hostId, list);
      },
    });
    [host, legacy, second] = await Promise.all([
      startHost({
        natsUrl: nats.hostUrl('batch-1'),
        hostId: 'batch-1',
        regions: [PARIS],
        dataDir: dirs[0],
        endpointHost: '127.0.0.2',
      }),
      standInHost(nats.hostUrl('legacy-1'), 'legacy-1', TOKYO, 1),
      standInHost(nats.hostUrl('second-1'), 'second-1', SYDNEY, 2),
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
      async () =>
        (await available(PARIS)) === true &&
        (await available(TOKYO)) === true &&
        (await available(SYDNEY)) === true,
      'the three regions available',
    );
  });

  afterAll(async () => {
    await app?.close();
    await host?.kill('SIGKILL');
    await legacy?.stop();
    await second?.stop();
    await observer?.close();
    await database?.cleanup();
    await nats?.stop();
    for (const dir of dirs) removeDir(dir);
  });

  test('a burst reaches a host of version 3 in batches and one of version 1 one by one', async () => {
    const created = await Promise.all(
      users.flatMap((user) =>
        [PARIS, TOKYO].map((region) =>
          createVpn(app, user, createBody(region)).then((vpnId) => ({ user, vpnId })),
        ),
      ),
    );
    await Promise.all(
      created.map(({ user, vpnId }) => waitForVpnState(app, user, vpnId, 'Running', 120_000)),
    );

    // The version-3 host: every provision arrived, once, and was answered. How many a message
    // carries depends on how many the service asked for in one turn of its event loop, which a
    // loaded machine spreads over more turns: that one turn's commands are one message is
    // checked deterministically by the next test.
    const batched = stored.get('batch-1') ?? [];
    const provisions = batched.flatMap((message) =>
      message.op === 'batch' ? message.inner : [message.op],
    );
    expect(provisions.filter((op) => op === 'provision')).toHaveLength(BURST);
    // The host's log lines come through a pipe and the observer's copies of its answers through
    // its own subscription: either may arrive after the service has seen every VPN Running.
    const commandsDone = () => host.output().match(/"msg":"command done"/g)?.length ?? 0;
    await waitFor(() => commandsDone() >= BURST, `${BURST} "command done" lines`, 10_000);
    // (How many results a message carries depends on when they are done: see the next tests.)
    const results = () => (answered.get('batch-1') ?? []).flat().length;
    await waitFor(() => results() >= BURST, `${BURST} results from batch-1`, 10_000);

    // The version-1 host: one command per message, never a batch.
    expect(stored.get('legacy-1')?.every((message) => message.op !== 'batch')).toBe(true);
    expect(legacy.delivered.filter((op) => op === 'provision')).toHaveLength(BURST);
    expect(legacy.delivered).not.toContain('batch');

    // Deletions: batched to the version-3 host too, each VPN Deleted.
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

  test("the service applies a version-3 host's result batch and the single results of versions 2 and 1", async () => {
    const bus = new HostBus({
      settings: loadHostsSettings({ NATS_URL: nats.serviceUrl })!,
      onReport: async () => undefined,
      onForeignResult: () => undefined,
      takesBatches: (hostId) => hostId !== 'legacy-1',
    });
    const messagesOf = (hostId: string, ids: string[]) =>
      (answered.get(hostId) ?? []).filter((message) => message.some((id) => ids.includes(id)));
    try {
      for (const [hostId, region] of [
        ['batch-1', PARIS],
        ['second-1', SYDNEY],
        ['legacy-1', TOKYO],
      ]) {
        const before = (stored.get(hostId) ?? []).length;
        const ids = [0, 1, 2].map(() => randomUUID());
        const real = hostId === 'batch-1';
        // Three commands of one turn: one batch to hosts of version 2 and 3. The real host gets
        // provisions it refuses at once (so they are answered in one turn), the stand-ins
        // deprovisions (which they answer at once).
        const results = await Promise.all(
          ids.map((id, index) =>
            bus.command(
              hostId,
              real
                ? refusedProvision(id, index)
                : { op: 'deprovision', id, vpnId: `${2_000 + index}@${region}`, region },
              true,
            ),
          ),
        );
        expect(results.map((result) => [result.id, result.ok])).toEqual(
          ids.map((id) => [id, !real]),
        );
        // (The observer hears the same messages, maybe a little later.)
        await waitFor(
          () => messagesOf(hostId, ids).flat().length === 3,
          `${hostId}'s results observed`,
        );
        const sent = (stored.get(hostId) ?? []).slice(before);
        const answers = messagesOf(hostId, ids);
        if (hostId === 'legacy-1') {
          expect(sent.map((message) => message.op)).toEqual([
            'deprovision',
            'deprovision',
            'deprovision',
          ]);
          expect(answers).toHaveLength(3);
        } else {
          const op = real ? 'provision' : 'deprovision';
          expect(sent).toEqual([{ op: 'batch', inner: [op, op, op] }]);
          // Version 3 answers the batch in one message, version 2 one message per result.
          expect(answers).toHaveLength(real ? 1 : 3);
        }
      }
    } finally {
      await bus.close();
    }
  });

  test('the version-3 host answers a batch one result per message unless it asks for them together', async () => {
    const js = observer.jetstream();
    const messagesOf = (ids: string[]) =>
      (answered.get('batch-1') ?? []).filter((message) => message.some((id) => ids.includes(id)));
    // A service of version 2: no batchResults.
    const old = [`old-${randomUUID()}`, `old-${randomUUID()}`];
    await js.publish(
      'peanut.cmd.batch-1',
      Buffer.from(
        JSON.stringify({ op: 'batch', id: randomUUID(), commands: old.map(refusedProvision) }),
      ),
    );
    await waitFor(async () => messagesOf(old).flat().length === 2, 'both old results');
    expect(messagesOf(old)).toHaveLength(2);
    expect(messagesOf(old).every((message) => message.length === 1)).toBe(true);
    // A service of version 3: one message for both.
    const now = [`new-${randomUUID()}`, `new-${randomUUID()}`];
    await js.publish(
      'peanut.cmd.batch-1',
      Buffer.from(
        JSON.stringify({
          op: 'batch',
          id: randomUUID(),
          commands: now.map(refusedProvision),
          batchResults: true,
        }),
      ),
    );
    await waitFor(async () => messagesOf(now).flat().length === 2, 'both new results');
    expect(messagesOf(now)).toHaveLength(1);
    expect([...messagesOf(now)[0]].sort()).toEqual([...now].sort());
  });
});
