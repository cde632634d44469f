/**
 * One owner per NETNS_PREFIX: a process running a `netns` VPN (fixtures/netnsOwner.ts,
 * as a VPN host keeps its allocations) holds `/run/peanut-vpn/<prefix>.lock` with its ranges. A
 * second `npm start` with the same prefix, or another prefix on overlapping ports and addresses,
 * refuses to start naming the owner's PID, and the owner's VPN keeps passing traffic (its
 * wireguard-go untouched). After a SIGKILL of the owner, a new process takes the prefix over and
 * re-adopts the very server.
 *
 * Needs root, wireguard-go, wg, ip and nft (a failure under CI=true). Traffic goes only to the
 * test's own namespaces (198.19.78.2, routed to its veth pair).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOCK_DIR } from '../../../src/server/provisioners/netnsLock';
import { namespacePids, processExists } from '../../../src/server/provisioners/netnsSystem';
import type { ProvisionResult } from '../../../src/server/provisioners/types';
import { generateKeyPair, generatePresharedKey } from '../../../src/server/provisioners/keys';
import { wireGuardClientConfig } from '../../../src/server/vpns/wireguardConfig';
import { makeTempDir, removeDir } from '../../support/helpers';
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
const { env, settings } = testNetnsEnv('pnf', 54001, '10.213.0.0/24', '10.246.1.1');
const ROOT = path.resolve(__dirname, '../../..');
const OWNER = path.join(__dirname, '..', '..', 'support', 'fixtures', 'netnsOwner.ts');

/** Starts an owner process; resolves with it and its VPN's provision result once ready. */
async function startOwner(
  dataDir: string,
  target: object,
): Promise<{ child: ChildProcess; result: ProvisionResult }> {
  const child = spawn(process.execPath, ['--import', 'tsx', OWNER], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir, OWNER_TARGET: JSON.stringify(target) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const result = await new Promise<ProvisionResult>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^ready (.*)$/m.exec(output);
      if (line) resolve(JSON.parse(line[1]) as ProvisionResult);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`owner exited with ${code}: ${output}`)));
  });
  return { child, result };
}

/** Kills `child` with SIGKILL and waits until it is gone. */
async function kill(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid) return;
  child.kill('SIGKILL');
  while (processExists(child.pid)) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * What `npm start` with `extra` settings does: `started` (then killed) once it listens, or its
 * output when it exits first.
 */
async function secondService(extra: Record<string, string>): Promise<string> {
  const dataDir = makeTempDir('netns-owner-second');
  const child = spawn(process.execPath, [builtProgram('server')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      ...env,
      DATA_DIR: dataDir,
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    return await new Promise<string>((resolve) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Server listening at')) resolve('started');
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.once('exit', () => resolve(output));
    });
  } finally {
    await kill(child);
    removeDir(dataDir);
  }
}

(skip ? describe.skip : describe)('one owner per NETNS_PREFIX', () => {
  const network = new TestNetwork('pfc', '10.246.1');
  const publicNet = new TestNetwork('pfp', '198.19.78');
  let client: TestNamespace;
  let destination: string;
  let owner: ChildProcess | undefined;
  let dataDir: string;
  let daemons: number[];
  const serverName = (result: ProvisionResult) =>
    `${settings.namePrefix}${Number(result.endpoint.split(':')[1]) - settings.firstPort}`;

  const server = generateKeyPair();
  const clientKeys = generateKeyPair();
  const target = {
    vpnId: `${Date.now()}@eu-west-3`,
    region: 'eu-west-3',
    serverPrivateKey: server.privateKey,
    serverPublicKey: server.publicKey,
    clientPublicKey: clientKeys.publicKey,
    presharedKey: generatePresharedKey(),
  };

  beforeAll(async () => {
    await sweep(settings);
    dataDir = makeTempDir('netns-owner');
    const site = await publicNet.addNamespace('t', 0);
    await publicNet.serveHttp(site);
    destination = site.address;
    const [route] = JSON.parse(await sh('ip', ['-j', 'route', 'get', destination])) as {
      dev: string;
    }[];
    expect(route.dev).toBe(`${site.name}h`); // never leaves the machine
    const started = await startOwner(dataDir, target);
    owner = started.child;
    const { result } = started;
    client = await network.addNamespace('a', 0);
    await network.connectClient(
      client,
      wireGuardClientConfig({
        privateKey: clientKeys.privateKey,
        addresses: result.clientAddresses,
        dns: result.dns,
        serverPublicKey: result.serverPublicKey,
        presharedKey: target.presharedKey,
        endpoint: result.endpoint,
      }),
    );
    daemons = namespacePids(serverName(result));
    expect(daemons).toHaveLength(1);
    expect(await network.fetchFrom(client, destination, 1000)).toBe(1000);
  }, 120_000);

  afterAll(async () => {
    await kill(owner);
    await network.cleanup();
    await publicNet.cleanup();
    await sweep(settings);
    fs.rmSync(path.join(LOCK_DIR, `${settings.namePrefix}.lock`), { force: true });
    if (dataDir) removeDir(dataDir);
  }, 120_000);

  it('records the owner and its ranges in the lock file', () => {
    const claim = JSON.parse(
      fs.readFileSync(path.join(LOCK_DIR, `${settings.namePrefix}.lock`), 'utf8'),
    ) as Record<string, unknown>;
    expect(claim).toMatchObject({
      pid: owner?.pid,
      prefix: 'pnf',
      addresses: '10.213.0.0/24',
      ports: '54001-54016',
    });
  });

  it('refuses a second service of the same prefix, or of overlapping ranges; the VPN keeps working', async () => {
    const pid = String(owner?.pid);
    const same = await secondService({});
    expect(same).toContain(`NETNS_PREFIX 'pnf' is in use by process ${pid}`);
    const overlapping = await secondService({ NETNS_PREFIX: 'pnh' });
    expect(overlapping).toContain(`process ${pid} runs the VPN servers of prefix 'pnf'`);
    expect(overlapping).toContain('WG_PORTS 54001-54016 and WG_ADDRESSES 10.213.0.0/24');
    // The owner's server: the same wireguard-go, still passing traffic.
    expect(namespacePids(`${settings.namePrefix}0`)).toEqual(daemons);
    expect(await network.fetchFrom(client, destination, 1000, 10_000)).toBe(1000);
  }, 180_000);

  it('after a SIGKILL of the owner, a new one takes the prefix and re-adopts its server', async () => {
    await kill(owner);
    const started = await startOwner(dataDir, target);
    owner = started.child;
    expect(namespacePids(serverName(started.result))).toEqual(daemons);
    const claim = JSON.parse(
      fs.readFileSync(path.join(LOCK_DIR, `${settings.namePrefix}.lock`), 'utf8'),
    ) as { pid: number };
    expect(claim.pid).toBe(owner.pid);
    expect(await network.fetchFrom(client, destination, 1000, 10_000)).toBe(1000);
  }, 120_000);
});
