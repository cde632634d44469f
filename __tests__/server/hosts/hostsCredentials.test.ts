/**
 * NATS credentials of a deployment at scale: the service and a VPN host log in with an
 * nkey seed file (NATS_NKEY_SEED_FILE; the nats-server knows nkey users) or with a creds file
 * (NATS_CREDS; a decentralized-JWT nats-server: operator, accounts, user JWTs made with the
 * client's nkeys), a VPN is provisioned through each, and a host with wrong credentials refuses to
 * start with a message naming them, never printing the secret.
 */
import fs from 'node:fs';
import path from 'node:path';
import { nkeys } from 'nats';
import type { App } from '../../../src/server/app';
import {
  createHostsProvisioner,
  type HostsProvisioner,
} from '../../../src/server/hosts/hostsProvisioner';
import { connectNats } from '../../../src/server/hosts/natsConnect';
import { loadHostsSettings } from '../../../src/server/hosts/settings';
import { makeTempDir, openTestDatabase, removeDir, type TestDatabase } from '../../support/helpers';
import {
  natsSkipReason,
  runHostToExit,
  startHost,
  startNats,
  type NatsAuth,
  type TestHost,
  type TestHostOptions,
  type TestNats,
} from '../../support/hostsHelpers';
import { expectLeastPrivilege } from '../../support/hostsPrivilege';
import { hostPermissions, NatsOperator, seedText } from '../../support/natsAuth';
import {
  buildVpnApp,
  createBody,
  createVpn,
  signUpUser,
  waitForVpnState,
} from '../../support/vpnHelpers';

const skip = natsSkipReason();
const REGION = 'eu-north-1';
const HOST = 'stockholm-1';
/** A second host's NATS user (no process): the one trying the first host's subjects. */
const OTHER = 'oslo-1';

jest.setTimeout(240_000);

describe.each<NatsAuth>(['nkey', 'creds'])('NATS credentials: %s', (auth) => {
  let nats: TestNats;
  let database: TestDatabase;
  let app: App;
  let host: TestHost | undefined;
  let dataDir: string;
  let provisioner: HostsProvisioner;
  let vpnId = '';
  const setting = auth === 'nkey' ? 'NATS_NKEY_SEED_FILE' : 'NATS_CREDS';

  const hostOptions = (env: Record<string, string>): TestHostOptions => ({
    natsUrl: env.NATS_URL,
    hostId: HOST,
    regions: [REGION],
    dataDir,
    endpointHost: '127.0.0.6',
    env,
  });

  /** Runs a host with `text` as its credentials file; its exit code and output. */
  const refused = async (text: string) => {
    const file = path.join(nats.dir, `wrong-${auth}`);
    fs.writeFileSync(file, text, { mode: 0o600 });
    return runHostToExit(hostOptions({ ...nats.hostEnv(HOST), [setting]: file }));
  };

  beforeAll(async () => {
    if (skip) return;
    nats = await startNats([HOST, OTHER], auth);
    database = await openTestDatabase('pglite');
    dataDir = makeTempDir(`host-${auth}`);
    host = await startHost(hostOptions(nats.hostEnv(HOST)));
    const env = { ...nats.serviceEnv(), HOST_GRACE_S: '30', HOST_LOST_S: '3600' };
    // The app's provisioner, made here to see the reports it rejects.
    provisioner = createHostsProvisioner({
      db: database.handle.db,
      settings: loadHostsSettings(env)!,
    });
    app = await buildVpnApp(database, env, { provisioner });
  });

  afterAll(async () => {
    await app?.close();
    await host?.kill('SIGKILL');
    await database?.cleanup();
    await nats?.stop();
    if (dataDir) removeDir(dataDir);
  });

  (skip ? test.skip : test)('the service and a host log in with it; a VPN runs', async () => {
    expect(nats.hostEnv(HOST)[setting]).toBeTruthy();
    expect(nats.serviceEnv()[setting]).toBeTruthy();
    const user = await signUpUser(app, `creds-${auth}`);
    // The host may be unknown to the service for a moment after it starts.
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        vpnId = await createVpn(app, user, createBody(REGION));
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await waitForVpnState(app, user, vpnId, 'Running', 60_000);
  });

  (skip ? test.skip : test)(
    "another host's credentials cannot use this host's subjects nor report for its VPN",
    async () => {
      expect(vpnId).not.toBe('');
      const settingsOf = (env: Record<string, string>) => ({
        url: env.NATS_URL,
        credsFile: env.NATS_CREDS,
        nkeySeedFile: env.NATS_NKEY_SEED_FILE,
      });
      const service = await connectNats(settingsOf(nats.serviceEnv()), 'test service');
      const attacker = await connectNats(settingsOf(nats.hostEnv(OTHER)), `test ${OTHER}`);
      try {
        await expectLeastPrivilege({
          attacker,
          attackerId: OTHER,
          victimId: HOST,
          service,
          victimVpn: vpnId,
          provisioner,
          db: database.handle.db,
        });
      } finally {
        await Promise.all([attacker.close(), service.close()]);
      }
    },
  );

  (skip ? test.skip : test)(
    'a host with credentials NATS does not know refuses to start, saying which',
    async () => {
      let secret: string;
      let text: string;
      if (auth === 'nkey') {
        secret = seedText(nkeys.createUser());
        text = `${secret}\n`;
      } else {
        // A user of an account the server does not trust.
        text = new NatsOperator().userCreds(HOST, hostPermissions(HOST));
        secret = /BEGIN USER NKEY SEED-+\s+(\S+)/.exec(text)![1];
        expect(secret).toMatch(/^SU[A-Z2-7]{50,}$/);
      }
      const { code, output } = await refused(text);
      expect(code).not.toBe(0);
      expect(output).toContain(`NATS refused the`);
      expect(output).toContain(`${setting}=${path.join(nats.dir, `wrong-${auth}`)}`);
      expect(output).toMatch(/Authorization Violation/i);
      expect(output).not.toContain(secret);
      expect(output).not.toContain('VPN host serving');
    },
  );

  (skip ? test.skip : test)(
    'a host whose file holds no credentials refuses to start, naming the setting',
    async () => {
      const { code, output } = await refused('not a seed\n');
      expect(code).toBe(1);
      expect(output).toContain(`${setting}: ${path.join(nats.dir, `wrong-${auth}`)}`);
      expect(output).not.toContain('VPN host serving');
      const missing = await runHostToExit(
        hostOptions({ ...nats.hostEnv(HOST), [setting]: path.join(nats.dir, 'missing') }),
      );
      expect(missing.code).toBe(1);
      expect(missing.output).toContain(`${setting}: cannot read ${path.join(nats.dir, 'missing')}`);
    },
  );
});
