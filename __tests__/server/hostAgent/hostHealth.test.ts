/**
 * A VPN host run as operators run it, `npm run host` (docs/hosts.md "Health and metrics"): its
 * health server on HOST_HEALTH_PORT answers `/healthz`, `/readyz` (503 naming NATS once the
 * broker is gone) and `/metrics` (prom-client text with the host's series); it logs pino JSON
 * lines; SIGINT to npm stops it with exit 0 within 10 s, nothing left listening;
 * `--version` prints the version.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { version } from '../../../package.json';
import {
  freePort,
  killCommand,
  portRefused,
  runCommand,
  waitForOk,
  type CommandProcess,
} from '../../support/commandProcess';
import { makeTempDir, removeDir } from '../../support/helpers';
import { natsSkipReason, startNats, type TestNats } from '../../support/hostsHelpers';

const skip = natsSkipReason();
const ROOT = path.resolve(__dirname, '../../..');

(skip ? describe.skip : describe)('npm run host: health, metrics, logs and signals', () => {
  let nats: TestNats;
  let dataDir: string;
  let host: CommandProcess | undefined;

  beforeAll(async () => {
    nats = await startNats(['health-1']);
    dataDir = makeTempDir('host-health');
  });
  afterAll(async () => {
    await killCommand(host);
    await nats.stop().catch(() => undefined);
    removeDir(dataDir);
  });

  it('answers health and metrics, logs through pino, stops on SIGINT with exit 0', async () => {
    const port = await freePort();
    host = runCommand(['npm', 'run', 'host'], ROOT, {
      ...nats.hostEnv('health-1'),
      HOST_ID: 'health-1',
      HOST_REGIONS: 'eu-west-3',
      PROVISIONER: 'simulated',
      WG_ENDPOINT_HOST: '127.0.0.7',
      DATA_DIR: dataDir,
      HOST_HEALTH_PORT: String(port),
      LOG_LEVEL: 'info',
    });
    const origin = `http://127.0.0.1:${port}`;
    await waitForOk(`${origin}/readyz`, host);

    expect(await (await fetch(`${origin}/healthz`)).json()).toEqual({ status: 'ok', version });
    const ready = (await (await fetch(`${origin}/readyz`)).json()) as { checks: object };
    expect(ready.checks).toEqual({ nats: 'ok' });
    const metrics = await (await fetch(`${origin}/metrics`)).text();
    expect(metrics).toContain(`peanut_build_info{version="${version}"`);
    expect(metrics).toContain('peanut_host_vpn_servers{regions="eu-west-3"} 0');
    expect(metrics).toContain('peanut_host_forwarded_bytes_total 0');
    expect(metrics).toContain('process_cpu_seconds_total');

    // pino's JSON lines: numeric levels, the host's id on each.
    const serving = host
      .output()
      .split('\n')
      .find((line) => line.includes('VPN host serving'));
    expect(JSON.parse(serving ?? '{}')).toMatchObject({ level: 30, hostId: 'health-1' });

    await nats.stop();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const down = await fetch(`${origin}/readyz`);
    expect(down.status).toBe(503);
    expect(((await down.json()) as { checks: { nats: string } }).checks.nats).not.toBe('ok');

    const stopped = await host.stop('SIGINT');
    expect(stopped.code).toBe(0);
    expect(stopped.seconds).toBeLessThan(10);
    expect(await portRefused(port)).toBe(true);
  });

  it('--version prints the version; a missing setting is named', () => {
    const output = execFileSync(process.execPath, ['dist/server/host.cjs', '--version'], {
      cwd: ROOT,
    });
    expect(output.toString().trim()).toBe(version);
    const refused = (() => {
      try {
        execFileSync(process.execPath, ['dist/server/host.cjs'], {
          cwd: ROOT,
          env: { PATH: process.env.PATH, HOST_ID: 'x' },
          stdio: 'pipe',
        });
        return '';
      } catch (error) {
        return String((error as { stderr: Buffer }).stderr);
      }
    })();
    expect(refused).toContain('NATS_URL unset in environment!');
  });
});
