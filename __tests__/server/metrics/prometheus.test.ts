/**
 * A real Prometheus (Debian's `prometheus`) scrapes a live service and a VPN host
 * (docs/operations.md "Metrics"): the VPN series come back through its HTTP API, and every
 * panel query of the Grafana dashboard (deploy/grafana/peanut-vpn.json) answers data.
 * The service runs in-process on PGlite with VPN hosts over NATS; the host is the built
 * `dist/server/host.cjs` with its health server (HOST_HEALTH_PORT).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  freePort,
  killCommand,
  runCommand,
  waitForOk,
  type CommandProcess,
} from '../../support/commandProcess';
import { makeTempDir, removeDir } from '../../support/helpers';
import { natsSkipReason, startNats, type TestNats } from '../../support/hostsHelpers';
import { httpApi, idpCall, pollUntil, signUpOverHttp } from '../../support/httpUsers';
import { startLiveServer, type LiveServer } from '../../support/liveServer';
import { CLIENT_ID } from '../identity/helpers';

const PROMETHEUS = process.env.PROMETHEUS ?? '/usr/bin/prometheus';
const ROOT = path.resolve(__dirname, '../../..');
const DASHBOARD = path.join(ROOT, 'deploy', 'grafana', 'peanut-vpn.json');

/** Why the test cannot run here (a failure under CI=true), or undefined. */
function skipReason(): string | undefined {
  const nats = natsSkipReason();
  if (nats) return nats;
  if (fs.existsSync(PROMETHEUS)) return undefined;
  const reason = `Prometheus test skipped: ${PROMETHEUS} is missing (apt install prometheus)`;
  if (process.env.CI === 'true') throw new Error(`${reason} (required under CI=true)`);
  process.stdout.write(`${reason}\n`);
  return reason;
}
const skip = skipReason();

/** One series of a Prometheus instant query. */
interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

/** Every panel query of the dashboard. */
function dashboardQueries(): { title: string; expr: string }[] {
  const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  return dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => ({ title: panel.title, expr: target.expr })),
  );
}

(skip ? describe.skip : describe)('Prometheus scraping the service and a VPN host', () => {
  let dir: string;
  let nats: TestNats;
  let server: LiveServer;
  let host: CommandProcess | undefined;
  let prometheus: CommandProcess | undefined;
  let promOrigin: string;

  const query = async (expr: string): Promise<Sample[]> => {
    const response = await fetch(`${promOrigin}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await response.json()) as { status: string; data: { result: Sample[] } };
    if (body.status !== 'success') throw new Error(`${expr}: ${JSON.stringify(body)}`);
    return body.data.result;
  };

  beforeAll(async () => {
    dir = makeTempDir('prometheus');
    nats = await startNats(['prom-1']);
    server = await startLiveServer({
      NATS_URL: nats.serviceUrl,
      METER_INTERVAL_S: '0.5',
      RATE_LIMIT_MAX: '1000000',
    });
    const hostPort = await freePort();
    host = runCommand([process.execPath, 'dist/server/host.cjs'], ROOT, {
      ...nats.hostEnv('prom-1'),
      HOST_ID: 'prom-1',
      HOST_REGIONS: 'eu-west-3',
      PROVISIONER: 'simulated',
      SIMULATED_STEP_MS: '20',
      WG_ENDPOINT_HOST: '127.0.0.7',
      DATA_DIR: path.join(dir, 'host'),
      HOST_HEARTBEAT_S: '0.5',
      HOST_HEALTH_PORT: String(hostPort),
    });
    await waitForOk(`http://127.0.0.1:${hostPort}/readyz`, host);

    const promPort = await freePort();
    promOrigin = `http://127.0.0.1:${promPort}`;
    const config = path.join(dir, 'prometheus.yml');
    fs.writeFileSync(
      config,
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        'scrape_configs:',
        `  - { job_name: peanut, static_configs: [{ targets: ['${new URL(server.origin).host}'] }] }`,
        `  - { job_name: peanut-host, static_configs: [{ targets: ['127.0.0.1:${hostPort}'] }] }`,
        '',
      ].join('\n'),
    );
    prometheus = runCommand(
      [
        PROMETHEUS,
        `--config.file=${config}`,
        `--storage.tsdb.path=${path.join(dir, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
      ],
      dir,
      {},
    );
    // Its query API answers 503 until the TSDB is open.
    await waitForOk(`${promOrigin}/-/ready`, prometheus, 60_000);
  });

  afterAll(async () => {
    await killCommand(prometheus);
    await killCommand(host);
    await server?.close();
    await nats?.stop();
    removeDir(dir);
  });

  it('reads the VPN series back and answers every dashboard panel', async () => {
    const user = await signUpOverHttp(server.origin, 'prom');
    // A refused sign-in: a failure of its kind.
    await idpCall(server.origin, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.username, PASSWORD: 'Wrong-password-1' },
    }).catch(() => undefined);
    const create = () =>
      httpApi<{ vpn: { id: string } }>(server.origin, user, 'POST', '/v1/vpns/', {
        region: 'eu-west-3',
        config: { type: 'wireguard', maxPeanuts: 2 },
      });
    let created = await create();
    // The region takes VPNs once the host's first heartbeat is in.
    await pollUntil(
      async () => created.status === 202 || (created = await create()).status === 202,
      30_000,
    );
    const second = await create();
    const state = async (vpnId: string) =>
      (await httpApi<{ vpn: { state: string } }>(server.origin, user, 'GET', `/v1/vpns/${vpnId}`))
        .body.vpn.state;
    for (const vpnId of [created.body.vpn.id, second.body.vpn.id]) {
      await pollUntil(async () => (await state(vpnId)) === 'Running', 30_000);
    }
    await httpApi(server.origin, user, 'DELETE', `/v1/vpns/${second.body.vpn.id}`);
    await pollUntil(async () => (await state(second.body.vpn.id)) === 'Deleted', 30_000);

    // Prometheus has scraped the Running VPN.
    let running: Sample[] = [];
    await pollUntil(
      async () => (running = await query('peanut_vpns{state="Running"}')).length > 0,
      60_000,
      () => 'no peanut_vpns series in Prometheus',
      500,
    );
    expect(running.map((sample) => [sample.metric.region, sample.value[1]])).toEqual([
      ['eu-west-3', '1'],
    ]);
    for (const sample of running) {
      expect(Object.keys(sample.metric).sort()).toEqual(
        ['__name__', 'instance', 'job', 'region', 'state'].sort(),
      );
    }

    // Every panel's query answers data (rates need a few scrapes: waited for, panel by panel).
    const empty: string[] = [];
    for (const { title, expr } of dashboardQueries()) {
      try {
        await pollUntil(
          async () => (await query(expr)).length > 0,
          20_000,
          () => 'no data',
          500,
        );
      } catch {
        empty.push(`${title}: ${expr}`);
      }
    }
    expect(empty).toEqual([]);
    const consumed = await query('sum(peanut_peanuts_consumed_total)');
    expect(Number(consumed[0]?.value[1])).toBeGreaterThan(0);
  });
});
