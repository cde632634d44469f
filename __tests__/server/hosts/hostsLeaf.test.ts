/**
 * VPN hosts behind NATS leaf nodes (docs/hosts.md): a hub nats-server
 * (JetStream, leaf node listener) that the service logs in to, and a leaf nats-server per region
 * (a leaf node remote to the hub's account) that the region's host logs in to. A VPN is
 * provisioned in each region through its leaf, and docs/hosts.md shows the configurations the test
 * runs. Least privilege through a leaf (hostsPrivilege.ts): Paris's host credentials on its leaf
 * node, and the Paris leaf node's own credentials on the hub, are refused Tokyo's subjects.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { connect } from 'nats';
import type { App } from '../../../src/server/app';
import { vpns } from '../../../src/server/db/schema';
import {
  createHostsProvisioner,
  type HostsProvisioner,
} from '../../../src/server/hosts/hostsProvisioner';
import { COMMAND_STREAM, consumerName } from '../../../src/server/hosts/protocol';
import { loadHostsSettings } from '../../../src/server/hosts/settings';
import { makeTempDir, openTestDatabase, removeDir, type TestDatabase } from '../../support/helpers';
import { natsSkipReason, startHost, waitFor, type TestHost } from '../../support/hostsHelpers';
import { connectWithUrl, expectLeastPrivilege } from '../../support/hostsPrivilege';
import {
  natsHubConfig,
  natsLeafConfig,
  startLeafNats,
  type TestLeafNats,
} from '../../support/natsLeaf';
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
const README = path.resolve(__dirname, '..', '..', '..', 'docs', 'hosts.md');

jest.setTimeout(240_000);

/** The example of docs/hosts.md: two regions, Paris with two hosts. */
const README_REGIONS = [
  {
    region: PARIS,
    leafPassword: `<${PARIS} leaf secret>`,
    hosts: ['paris-1', 'paris-2'].map((id) => ({ id, password: `<${id} secret>` })),
  },
  {
    region: TOKYO,
    leafPassword: `<${TOKYO} leaf secret>`,
    hosts: [{ id: 'tokyo-1', password: '<tokyo-1 secret>' }],
  },
];

test('docs/hosts.md shows the hub and leaf configurations the test runs', () => {
  const readme = fs.readFileSync(README, 'utf8');
  expect(readme).toContain(
    natsHubConfig({
      listen: '0.0.0.0:4222',
      leafListen: '0.0.0.0:7422',
      storeDir: '/var/lib/nats',
      servicePassword: '<service secret>',
      regions: README_REGIONS,
    }),
  );
  expect(readme).toContain(
    natsLeafConfig({
      listen: '0.0.0.0:4222',
      hub: 'nats-hub.example.com:7422',
      region: README_REGIONS[0],
    }),
  );
});

(skip ? describe.skip : describe)('VPN hosts behind leaf nodes', () => {
  let nats: TestLeafNats;
  let database: TestDatabase;
  let app: App;
  const hosts: TestHost[] = [];
  const dirs: string[] = [];
  let user: TestUser;
  let provisioner: HostsProvisioner;
  /** The VPN of each region, by region. */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    nats = await startLeafNats({ [PARIS]: ['paris-1'], [TOKYO]: ['tokyo-1'] });
    database = await openTestDatabase('pglite');
    const placements = [
      { hostId: 'paris-1', region: PARIS, address: '127.0.0.7' },
      { hostId: 'tokyo-1', region: TOKYO, address: '127.0.0.8' },
    ];
    for (const { hostId, region, address } of placements) {
      const dataDir = makeTempDir(`host-${hostId}`);
      dirs.push(dataDir);
      hosts.push(
        await startHost({
          natsUrl: nats.hostUrl(hostId),
          hostId,
          regions: [region],
          dataDir,
          endpointHost: address,
        }),
      );
    }
    const env = { NATS_URL: nats.serviceUrl, HOST_GRACE_S: '30', HOST_LOST_S: '3600' };
    // The app's provisioner, made here to see the reports it rejects.
    provisioner = createHostsProvisioner({
      db: database.handle.db,
      settings: loadHostsSettings(env)!,
    });
    app = await buildVpnApp(database, env, { provisioner });
    user = await signUpUser(app, 'hosts-leaf');
  });

  afterAll(async () => {
    await app?.close();
    for (const host of hosts) await host.kill('SIGKILL');
    await database?.cleanup();
    await nats?.stop();
    for (const dir of dirs) removeDir(dir);
  });

  test('a VPN in each region is provisioned by its host through its leaf node', async () => {
    let lastError: unknown;
    for (const region of [PARIS, TOKYO]) {
      // The host's heartbeats reach the service once its leaf node is linked to the hub.
      await waitFor(
        async () => {
          try {
            ids[region] = await createVpn(app, user, createBody(region));
            return true;
          } catch (error) {
            lastError = error;
            return false;
          }
        },
        `a VPN created in ${region}`,
        90_000,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)} (last answer: ${String(lastError)})`);
      });
    }
    for (const [region, address, hostId] of [
      [PARIS, '127.0.0.7', 'paris-1'],
      [TOKYO, '127.0.0.8', 'tokyo-1'],
    ]) {
      const vpnId = ids[region];
      await waitForVpnState(app, user, vpnId, 'Running', 90_000);
      const [row] = await database.handle.db.select().from(vpns).where(eq(vpns.vpnId, vpnId));
      expect(row.hostId).toBe(hostId);
      expect(row.serverPrivateKey).toBeNull();
      const answer = await api<{ config: string }>(app, user, 'GET', `/v1/vpns/${vpnId}/config`);
      const config = Buffer.from(answer.body.config, 'base64').toString('utf8');
      expect(config).toContain(`Endpoint = ${address}:`);
    }
    // Both leaf nodes are linked to the hub.
    expect(nats.hub.output().match(/Leafnode connection created/g)?.length).toBe(2);
    // The hosts' acks crossed their leaf nodes: no command is left waiting for one.
    const service = await connect({
      servers: `127.0.0.1:${nats.hub.port}`,
      user: 'service',
      pass: new URL(nats.serviceUrl).password,
    });
    try {
      const jsm = await service.jetstreamManager();
      await waitFor(async () => {
        for (const hostId of ['paris-1', 'tokyo-1']) {
          const info = await jsm.consumers.info(COMMAND_STREAM, consumerName(hostId));
          if (info.num_ack_pending !== 0 || info.num_pending !== 0) return false;
        }
        return true;
      }, 'every command acked');
    } finally {
      await service.close();
    }
  });

  test.each([
    ["host A's credentials on its leaf node", () => nats.hostUrl('paris-1')],
    // What a compromised Paris leaf node could do on the hub.
    ["the Paris leaf node's own hub credentials", () => nats.leafUrl(PARIS)],
  ])("%s cannot use host B's subjects nor report for B's VPN", async (_who, attackerUrl) => {
    expect(ids[TOKYO]).toBeDefined();
    const service = await connectWithUrl(nats.serviceUrl);
    const attacker = await connectWithUrl(attackerUrl());
    try {
      await expectLeastPrivilege({
        attacker,
        attackerId: 'paris-1',
        victimId: 'tokyo-1',
        service,
        victimVpn: ids[TOKYO],
        provisioner,
        db: database.handle.db,
      });
    } finally {
      await Promise.all([attacker.close(), service.close()]);
    }
  });
});
