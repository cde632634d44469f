/**
 * Signals on the real command (docs/operations.md "Stopping and restarting"): `npm start` with
 * PROVISIONER=netns (real namespaces and wireguard-go) serves a Running VPN; SIGTERM to npm
 * stops the server gracefully, npm and the server exit 0 within 10 s and nothing listens any
 * more, while the VPN's wireguard-go keeps running; the next `npm start` re-adopts that same
 * process (the VPN stays Running), and SIGINT stops it the same way.
 *
 * Needs root, wireguard-go, wg, ip and nft (skipped with a printed reason elsewhere; a failure
 * under CI=true) and the build `npm test` makes first (`npm start` builds when it is missing).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  childrenOf,
  freePort,
  killCommand,
  portRefused,
  processAlive,
  runCommand,
  waitForOk,
  type CommandProcess,
} from '../../support/commandProcess';
import { makeTempDir, removeDir, TEST_SERVER_ENV } from '../../support/helpers';
import { httpApi, pollUntil, signUpOverHttp, type HttpUser } from '../../support/httpUsers';
import { netnsSkipReason, sh, sweep, testNetnsEnv } from '../../support/netnsHelpers';

const skip = netnsSkipReason();
const { env, settings } = testNetnsEnv('pnq', 54501, '10.219.0.0/24', '127.0.0.1');
const ROOT = path.resolve(__dirname, '../../..');

/** The pids of the processes in our namespaces (the VPNs' wireguard-go). */
async function serverPids(): Promise<number[]> {
  const names = fs.readdirSync('/var/run/netns').filter((name) => /^pnq\d+$/.test(name));
  const pids: number[] = [];
  for (const name of names) {
    const text = await sh('ip', ['netns', 'pids', name]);
    pids.push(...text.split(/\s+/).filter(Boolean).map(Number));
  }
  return pids.sort();
}

(skip ? describe.skip : describe)('npm start under signals (netns)', () => {
  let dataDir: string;
  let port: number;
  let npm: CommandProcess | undefined;

  const origin = () => `http://127.0.0.1:${port}`;
  const start = async (): Promise<CommandProcess> => {
    npm = runCommand(['npm', 'start'], ROOT, {
      ...TEST_SERVER_ENV,
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin(),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    });
    await waitForOk(`${origin()}/readyz`, npm);
    return npm;
  };

  beforeAll(async () => {
    await sweep(settings);
    dataDir = makeTempDir('npm-start-netns');
    port = await freePort();
  });
  afterAll(async () => {
    await killCommand(npm);
    await sweep(settings);
    removeDir(dataDir);
  });

  it('stops on SIGTERM and SIGINT with exit 0, leaving the VPN servers up and re-adopted', async () => {
    const first = await start();
    const user: HttpUser = await signUpOverHttp(origin(), 'npmstart');
    const created = await httpApi<{ vpn: { id: string } }>(origin(), user, 'POST', '/v1/vpns/', {
      region: 'eu-west-3',
      config: { type: 'wireguard', maxPeanuts: 4, deleteAfter: 3600 },
    });
    const vpnId = created.body.vpn.id;
    const state = async () =>
      (await httpApi<{ vpn: { state: string } }>(origin(), user, 'GET', `/v1/vpns/${vpnId}`)).body
        .vpn.state;
    await pollUntil(async () => (await state()) === 'Running', 60_000);
    const wireguard = await serverPids();
    expect(wireguard).toHaveLength(1);

    // npm's child is the server itself (`exec node`): no shell, no tsx between them.
    const [server] = childrenOf(first.child.pid ?? 0);
    expect(fs.readFileSync(`/proc/${server}/cmdline`, 'utf8')).toContain('dist/server/server.cjs');
    const stopped = await first.stop('SIGTERM');
    expect(stopped.code).toBe(0);
    expect(stopped.seconds).toBeLessThan(10);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(processAlive(server)).toBe(false);
    expect(await portRefused(port)).toBe(true);
    // The VPN's server outlived the service.
    expect(wireguard.every(processAlive)).toBe(true);

    const second = await start();
    expect(await state()).toBe('Running');
    expect(await serverPids()).toEqual(wireguard); // re-adopted, not restarted
    const [server2] = childrenOf(second.child.pid ?? 0);
    const interrupted = await second.stop('SIGINT');
    expect(interrupted.code).toBe(0);
    expect(interrupted.seconds).toBeLessThan(10);
    expect(processAlive(server2)).toBe(false);
    expect(await portRefused(port)).toBe(true);
    expect(wireguard.every(processAlive)).toBe(true);
    // `npm start` builds first when the build is older than the sources (not under `npm test`).
  }, 300_000);
});
