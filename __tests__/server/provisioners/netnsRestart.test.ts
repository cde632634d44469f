/**
 * Reconciliation when the server starts: the server process (`src/server/server.ts`,
 * PROVISIONER=netns, PGlite in a data directory) is killed with SIGKILL while one VPN runs and
 * another is being provisioned; started again, the running one still passes traffic and is
 * metered, the other reaches Running, and an orphan namespace of ours planted by the test is
 * removed while a namespace that is not ours stays.
 *
 * Needs root, wireguard-go, wg, ip and nft (skipped with a printed reason elsewhere; a failure
 * under CI=true). Traffic goes only to loopback and the test's own namespaces.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { VpnWithMetricsJson } from '../../../src/core/vpn';
import { makeTempDir, removeDir, TEST_SERVER_ENV } from '../../support/helpers';
import { CLIENT_ID, PASSWORD, uniqueName } from '../identity/helpers';
import {
  netnsSkipReason,
  sh,
  sweep,
  testNetnsEnv,
  TestNetwork,
  type TestNamespace,
} from '../../support/netnsHelpers';
import { builtProgram } from '../../support/builtServer';

const skip = netnsSkipReason();
const { env, settings } = testNetnsEnv(
  'pnc',
  53301,
  '10.203.0.0/24',
  '10.253.1.1',
  '10.253.1.0/24',
);
const ROOT = path.resolve(__dirname, '../../..');
const MIB = 1024 * 1024;

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The server process of the test. */
class ServerProcess {
  child: ChildProcess | undefined;
  output = '';

  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and waits until it answers. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [builtProgram('server')], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...TEST_SERVER_ENV,
        ...env,
        NODE_ENV: 'development',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.origin,
        DATA_DIR: this.dataDir,
        DATABASE_URL: '',
        WEB_DIR: this.dataDir,
        LOG_LEVEL: 'info',
        METER_INTERVAL_S: '0.5',
        RATE_LIMIT_MAX: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${this.output}`);
      try {
        if ((await fetch(`${this.origin}/app-config.json`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Kills it with `signal` and waits for its end. */
  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** Calls the identity endpoint. */
  async idp(action: string, body: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.origin}/idp/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${action}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  }

  /** Signs a user up, confirms and signs them in; their id token. */
  async signUp(): Promise<string> {
    const username = uniqueName('restart');
    const email = `${username}@example.com`;
    await this.idp('SignUp', {
      ClientId: CLIENT_ID,
      Username: username,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    const mails = (await (
      await fetch(`${this.origin}/dev/mailbox/${encodeURIComponent(email)}`)
    ).json()) as { code: string }[];
    await this.idp('ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: username,
      ConfirmationCode: mails[0].code,
    });
    const { AuthenticationResult } = await this.idp('InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD },
    });
    return (AuthenticationResult as { IdToken: string }).IdToken;
  }

  /** Calls the API with `token`; the parsed JSON body. */
  async api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.origin}${url}`, {
      method,
      headers: {
        authorization: token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** Polls the VPN until `done` holds. */
  async waitFor(
    token: string,
    vpnId: string,
    done: (vpn: VpnWithMetricsJson) => boolean,
    timeoutMs = 30_000,
  ): Promise<VpnWithMetricsJson> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const vpn = await this.api<VpnWithMetricsJson>(token, 'GET', `/v1/vpns/${vpnId}`);
      if (done(vpn)) return vpn;
      if (Date.now() > deadline) throw new Error(`VPN never matched: ${JSON.stringify(vpn)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Our namespaces now. */
function ourNamespaces(): string[] {
  return fs.readdirSync('/var/run/netns').filter((name) => /^pnc\d+$/.test(name));
}

(skip ? describe.skip : describe)('netns reconciliation after a crash of the server', () => {
  const network = new TestNetwork('ptr', '10.253.1');
  let client: TestNamespace;
  let target: TestNamespace;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    await sweep(settings);
    dataDir = makeTempDir('netns-restart');
    server = new ServerProcess(await freePort(), dataDir);
    client = await network.addNamespace('c', 0);
    target = await network.addNamespace('t', 1);
    await network.addNamespace('x', 2); // not ours: must survive reconciliation
    await network.serveHttp(target);
  }, 120_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await network.cleanup();
    await sweep(settings);
    if (dataDir) removeDir(dataDir);
  }, 120_000);

  it('re-adopts the running VPN, resumes the one provisioning and removes an orphan', async () => {
    await server.start();
    const token = await server.signUp();
    const create = (maxPeanuts: number) =>
      server.api<{ vpn: { id: string } }>(token, 'POST', '/v1/vpns/', {
        region: 'eu-west-3',
        config: { type: 'wireguard', maxPeanuts, deleteAfter: 3600 },
      });

    const { vpn: running } = await create(4);
    await server.waitFor(token, running.id, (vpn) => vpn.vpn.state === 'Running');
    const { config } = await server.api<{ config: string }>(
      token,
      'GET',
      `/v1/vpns/${running.id}/config`,
    );
    await network.connectClient(client, Buffer.from(config, 'base64').toString('utf8'));
    expect(await network.fetchFrom(client, target.address, MIB)).toBe(MIB);
    const metered = await server.waitFor(
      token,
      running.id,
      (vpn) => (vpn.metrics?.bytes ?? 0) >= MIB,
    );
    const [runningNs] = ourNamespaces();

    // The second VPN: kill the server as soon as its namespace appears (it is Provisioning).
    const { vpn: provisioning } = await create(2);
    const deadline = Date.now() + 30_000;
    while (!ourNamespaces().some((name) => name !== runningNs)) {
      if (Date.now() > deadline) throw new Error('the second VPN was never provisioned');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await server.kill('SIGKILL');
    const atKill = await sh('ip', ['netns', 'list']);

    // An orphan of ours (no VPN owns it), then start again.
    await sh('ip', ['netns', 'add', 'pnc99']);
    await server.start();
    expect(ourNamespaces()).not.toContain('pnc99');
    expect(fs.existsSync('/var/run/netns/ptrx')).toBe(true);

    // The running VPN kept its server: traffic passes and is metered.
    expect(await network.fetchFrom(client, target.address, MIB)).toBe(MIB);
    await server.waitFor(
      token,
      running.id,
      (vpn) => (vpn.metrics?.bytes ?? 0) >= (metered.metrics?.bytes ?? 0) + MIB,
    );
    // The other one reaches Running, its server complete.
    const resumed = await server.waitFor(
      token,
      provisioning.id,
      (vpn) => vpn.vpn.state === 'Running',
    );
    expect(resumed.vpn.state).toBe('Running');
    expect(atKill).toMatch(/pnc\d+/);
    const second = ourNamespaces().find((name) => name !== runningNs) as string;
    const listenPort = Number((await sh('wg', ['show', second, 'listen-port'])).trim());
    expect(listenPort).toBeGreaterThanOrEqual(53301);
    expect(server.output).not.toMatch(/PrivateKey|private_key|preshared/i);
  }, 150_000);
});
