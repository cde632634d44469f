/**
 * The container image (docs/containers.md), built once here from the Dockerfile on the local
 * base (scripts/container-base.sh, built once per machine and kept): it holds the release and
 * its production dependencies only, runs as `peanut` under tini with a HEALTHCHECK (docker
 * format); it serves the service from its volume (a user signs up through the local mailbox,
 * creates a VPN on the simulated provisioner and deletes it), `podman stop` ends it gracefully
 * and a new container on the same volume keeps the data; on PostgreSQL (when TEST_DATABASE_URL
 * is set) and a test nats-server, with its secrets in files (`*_FILE`), a VPN host container of
 * the same image joins and a VPN is placed on it; a host container with the `netns` provisioner
 * (root, NET_ADMIN and SYS_ADMIN, /dev/net/tun, the host's network) serves a real tunnel to a
 * client namespace of the test, which reaches an HTTP server in another (traffic stays in the
 * test's namespaces); `podman-compose config` accepts compose.yaml. The image's size and start
 * to ready time are printed (bench/containers.ts reports them too).
 *
 * Needs root, podman, runc, debootstrap and podman-compose, and what the netns tests need
 * (skipped with a printed reason elsewhere; a failure under CI=true).
 *
 * @exclusive runs containers on the host's network and a netns host (NETNS_PREFIX qdv, its test namespaces qdt*) making
 * network namespaces and nft rules on the machine; its image build takes both cores for minutes.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { version } from '../../../package.json';
import type { RegionDetailed } from '../../../src/core/regions';
import { freePort } from '../../support/commandProcess';
import {
  baseImage,
  buildImage,
  containerLogs,
  containerState,
  CONTAINERS_CONF,
  envArgs,
  podman,
  podmanSkipReason,
  removeTestContainers,
  runServiceContainer,
  TEST_NAME,
  waitForContainer,
} from '../../support/containers';
import { makeTempDir, removeDir } from '../../support/helpers';
import { startNats, waitFor, type TestNats } from '../../support/hostsHelpers';
import {
  httpApi,
  pollUntil,
  signInOverHttp,
  signUpOverHttp,
  type HttpUser,
} from '../../support/httpUsers';
import {
  leftovers,
  netnsSkipReason,
  sweep,
  testNetnsEnv,
  TestNetwork,
} from '../../support/netnsHelpers';
import { Client } from 'pg';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const skip = podmanSkipReason() ?? netnsSkipReason();
/**
 * The netns host's settings: NETNS_PREFIX qdv, its own ports and addresses. The test's namespaces
 * are qdt*: not beginning with the host's prefix, whose nft rules match `qdv*` interfaces.
 */
const netns = testNetnsEnv('qdv', 54801, '10.226.0.0/24', '10.245.7.1', '10.245.7.0/24');
const MIB = 1024 * 1024;
/**
 * The image under test: built here, or PEANUT_TEST_IMAGE (an image built earlier from this
 * Dockerfile, kept: for working on these tests without a build each run).
 */
const IMAGE = process.env.PEANUT_TEST_IMAGE || `localhost/${TEST_NAME}:${version}`;
/** The uid of the image's user `peanut` (Dockerfile), who must read the service's secrets. */
const PEANUT_UID = 10001;

jest.setTimeout(300_000);

/** A VPN as the API shows it. */
interface VpnBody {
  vpn: { id: string; state: string };
}

/** Whether the service at `origin` lists `region` as available (a VPN host online there). */
async function regionAvailable(origin: string, region: string): Promise<boolean> {
  const response = await fetch(`${origin}/v1/regionsDetailed/`);
  const { regions } = (await response.json()) as { regions: RegionDetailed[] };
  return regions.some((listed) => listed.name === region && listed.available !== false);
}

/**
 * Creates a VPN in `region` for `user` at `origin` and waits until it runs; its id. The service
 * learns of a host from its heartbeats, so the create waits until the region is available.
 */
async function createRunningVpn(origin: string, user: HttpUser, region: string): Promise<string> {
  await pollUntil(
    () => regionAvailable(origin, region),
    60_000,
    () => `${region} never became available at ${origin}`,
  );
  const created = await httpApi<VpnBody>(origin, user, 'POST', '/v1/vpns/', {
    region,
    config: { type: 'wireguard', maxPeanuts: 4, deleteAfter: 3600 },
  });
  expect(created.status).toBe(202);
  const id = created.body.vpn.id;
  await pollUntil(async () => (await vpnState(origin, user, id)) === 'Running', 60_000);
  return id;
}

/** The state of VPN `id`. */
async function vpnState(origin: string, user: HttpUser, id: string): Promise<string> {
  return (await httpApi<VpnBody>(origin, user, 'GET', `/v1/vpns/${id}`)).body.vpn.state;
}

/** Deletes VPN `id` and waits until it is Deleted. */
async function deleteVpn(origin: string, user: HttpUser, id: string): Promise<void> {
  expect((await httpApi(origin, user, 'DELETE', `/v1/vpns/${id}`)).status).toBe(202);
  await pollUntil(async () => (await vpnState(origin, user, id)) === 'Deleted', 60_000);
}

/**
 * Resolves once `podman healthcheck run` passes for container `name` (a run may exceed the
 * check's timeout while both cores are busy: retried for up to a minute).
 */
async function healthy(name: string): Promise<void> {
  await waitFor(
    () =>
      podman(['healthcheck', 'run', name]).then(
        () => true,
        () => false,
      ),
    `the health check of ${name}`,
    60_000,
  );
}

(skip ? describe.skip : describe)('the container image', () => {
  let dir: string;
  let nats: TestNats | undefined;
  let database: string | undefined;
  /** The service of the NATS test, kept running for the netns host's. */
  let service: { origin: string; user: HttpUser } | undefined;
  const network = new TestNetwork('qdt', '10.245.7');

  beforeAll(async () => {
    dir = makeTempDir('containers');
    await removeTestContainers();
    await sweep(netns.settings);
    if (process.env.PEANUT_TEST_IMAGE) return;
    const base = await baseImage();
    const started = Date.now();
    await buildImage(base, IMAGE);
    process.stdout.write(`Container image built in ${(Date.now() - started) / 1000} s\n`);
  }, 1_800_000);

  afterAll(async () => {
    await removeTestContainers();
    await network.cleanup();
    await sweep(netns.settings);
    await nats?.stop();
    if (database) await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    removeDir(dir);
  });

  /** A file holding `text` that the image's user alone reads (a secret). */
  const secretFile = (name: string, text: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${text}\n`, { mode: 0o600 });
    fs.chownSync(file, PEANUT_UID, PEANUT_UID);
    return file;
  };

  /** Starts the service in container `name` on `port` (resolves once /readyz answers). */
  const startService = (
    name: string,
    port: number,
    volume: string,
    env: Record<string, string>,
    mounts: string[] = [],
  ): Promise<number> => runServiceContainer({ name, image: IMAGE, port, volume, env, mounts });

  /** Stops container `name` with SIGTERM (podman stop); its exit code and logs. */
  const stop = async (name: string): Promise<{ code: number; logs: string }> => {
    await podman(['stop', '--time', '20', name]);
    const state = await containerState(name);
    return { code: state.ExitCode, logs: await containerLogs(name) };
  };

  test('the image: the release on the base, as peanut under tini, with its health check', async () => {
    const [config] = JSON.parse(await podman(['image', 'inspect', IMAGE])) as {
      Size: number;
      Config: {
        User: string;
        Entrypoint: string[];
        Cmd: string[];
        Env: string[];
        ExposedPorts: Record<string, unknown>;
        Volumes: Record<string, unknown>;
        Labels: Record<string, string>;
      };
      /** podman keeps it in the docker format only. */
      Healthcheck?: { Test: string[] };
    }[];
    process.stdout.write(`Container image size: ${(config.Size / 1e6).toFixed(1)} MB\n`);
    expect(config.Config.User).toBe('peanut');
    expect(config.Config.Entrypoint).toEqual(['/usr/bin/tini', '--']);
    expect(config.Config.Cmd).toEqual(['node', 'dist/server/server.cjs']);
    expect(config.Config.Env).toEqual(
      expect.arrayContaining(['NODE_ENV=production', 'PORT=8080', 'DATA_DIR=/data']),
    );
    expect(Object.keys(config.Config.ExposedPorts)).toEqual(['8080/tcp']);
    expect(Object.keys(config.Config.Volumes)).toEqual(['/data']);
    expect(config.Config.Labels['org.opencontainers.image.version']).toBe(version);
    expect(config.Healthcheck?.Test).toEqual([
      'CMD',
      'node',
      '/app/deploy/containers/healthcheck.js',
    ]);
    // The Dockerfile's default version is the release's.
    expect(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')).toContain(
      `ARG VERSION=${version}\n`,
    );

    // What /app holds: the release, no sources or tests, no package only the build needs.
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const devOnly = Object.entries(lock.packages)
      .filter(([where, entry]) => entry.dev && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(where))
      .map(([where]) => where);
    const listing = await podman([
      'run',
      '--rm',
      '--entrypoint',
      'sh',
      IMAGE,
      '-c',
      'ls /app; echo ---; cd /app && find node_modules -mindepth 1 -maxdepth 2 -type d; echo ---;' +
        ' find /app -path /app/node_modules -prune -o \\( -name __tests__ -o -name "*.ts" \\) -print;' +
        ' echo ---; id; for t in wireguard-go wg ip nft tini; do command -v $t; done',
    ]);
    const [top, modules, stray, tools] = listing.split('---\n');
    expect(top.split('\n').filter(Boolean).sort()).toEqual(
      [
        'CHANGELOG.md',
        'LICENSE',
        'README.md',
        'bin',
        'deploy',
        'dist',
        'docs',
        'node_modules',
        'package.json',
        'scripts',
      ].sort(),
    );
    const installed = new Set(modules.split('\n').filter(Boolean));
    expect(installed.has('node_modules/fastify')).toBe(true);
    expect(devOnly.length).toBeGreaterThan(100);
    expect(devOnly.filter((where) => installed.has(where))).toEqual([]);
    expect(stray.trim()).toBe('');
    expect(tools).toContain('uid=10001(peanut)');
    for (const tool of ['wireguard-go', 'wg', 'ip', 'nft', 'tini']) expect(tools).toContain(tool);
  });

  test('serves from its volume, stops gracefully on podman stop, and a new container keeps the data', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const volume = `${TEST_NAME}-data`;
    const env = { PROVISIONER: 'simulated', SIMULATED_STEP_MS: '20' };
    const readyMs = await startService(`${TEST_NAME}-a`, port, volume, env);
    process.stdout.write(`Container start to ready (PGlite, new volume): ${readyMs} ms\n`);
    const health = await fetch(`${origin}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', version });
    // The image's own health check passes.
    await healthy(`${TEST_NAME}-a`);

    const user = await signUpOverHttp(origin, 'container');
    const vpnId = await createRunningVpn(origin, user, 'eu-west-3');
    await deleteVpn(origin, user, vpnId);

    const stopped = await stop(`${TEST_NAME}-a`);
    expect(stopped.code).toBe(0);
    expect(stopped.logs).toContain('"msg":"stopped"');

    // A new container on the same volume: the same user signs in and sees the deleted VPN.
    const restartMs = await startService(`${TEST_NAME}-b`, port, volume, env);
    process.stdout.write(`Container start to ready (PGlite, existing volume): ${restartMs} ms\n`);
    const again = { ...user, ...(await signInOverHttp(origin, user.username)) };
    expect(await vpnState(origin, again, vpnId)).toBe('Deleted');
    expect((await stop(`${TEST_NAME}-b`)).code).toBe(0);
  });

  test('on PostgreSQL and NATS, secrets in files: a host container joins and a VPN is placed on it', async () => {
    nats = await startNats(['ct-host', 'ct-netns']);
    const hostPort = await freePort();
    const host = `${TEST_NAME}-host`;
    const natsHostUrl = path.join(dir, 'nats_host_url');
    fs.writeFileSync(natsHostUrl, `${nats.hostUrl('ct-host')}\n`, { mode: 0o600 });
    // The host runs as root (a netns host must); its secret stays root's.
    await podman([
      'run',
      '--detach',
      '--name',
      host,
      '--network',
      'host',
      '--user',
      'root',
      '--volume',
      `${TEST_NAME}-host-data:/data`,
      '--volume',
      `${natsHostUrl}:/run/secrets/nats_host_url:ro`,
      ...envArgs({
        NATS_URL_FILE: '/run/secrets/nats_host_url',
        HOST_ID: 'ct-host',
        HOST_REGIONS: 'eu-west-3',
        PROVISIONER: 'simulated',
        SIMULATED_STEP_MS: '20',
        WG_ENDPOINT_HOST: '127.0.0.1',
        HOST_HEARTBEAT_S: '0.5',
        HOST_HEALTH_PORT: String(hostPort),
      }),
      IMAGE,
      'node',
      'dist/server/host.cjs',
    ]);
    await waitForContainer(host, `http://127.0.0.1:${hostPort}/readyz`);
    await healthy(host);

    const mounts = [`${secretFile('nats_service_url', nats.serviceUrl)}:/run/secrets/nats_url:ro`];
    const env: Record<string, string> = { NATS_URL_FILE: '/run/secrets/nats_url' };
    if (process.env.TEST_DATABASE_URL) {
      database = `peanut_test_${process.pid}_container`;
      await adminQuery(`CREATE DATABASE "${database}"`);
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${database}`;
      mounts.push(`${secretFile('database_url', url.toString())}:/run/secrets/database_url:ro`);
      env.DATABASE_URL_FILE = '/run/secrets/database_url';
    }
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const name = `${TEST_NAME}-service`;
    const readyMs = await startService(name, port, `${TEST_NAME}-data2`, env, mounts);
    process.stdout.write(
      `Container start to ready (${database ? 'PostgreSQL' : 'PGlite'}, NATS): ${readyMs} ms\n`,
    );
    const logs = await containerLogs(name);
    for (const secret of [nats.serviceUrl, nats.hostUrl('ct-host')]) {
      expect(logs).not.toContain(new URL(secret).password);
    }

    const user = await signUpOverHttp(origin, 'containerhost');
    const vpnId = await createRunningVpn(origin, user, 'eu-west-3');
    const config = await httpApi<{ config: string }>(
      origin,
      user,
      'GET',
      `/v1/vpns/${vpnId}/config`,
    );
    expect(Buffer.from(config.body.config, 'base64').toString()).toMatch(
      /^Endpoint = 127\.0\.0\.1:518\d\d$/m,
    );
    await waitFor(
      async () => (await containerLogs(host)).includes(vpnId),
      'the host container logs the VPN',
    );
    if (database) {
      const rows = await adminQuery(`SELECT host_id FROM vpns WHERE vpn_id = '${vpnId}'`, database);
      expect(rows).toEqual([{ host_id: 'ct-host' }]);
    }
    await deleteVpn(origin, user, vpnId);
    const hostStopped = await stop(host);
    expect(hostStopped.code).toBe(0);
    expect(hostStopped.logs).toContain('"msg":"stopped"');
    service = { origin, user };
  });

  test("a netns host container passes a real client's traffic", async () => {
    if (!service || !nats) throw new Error('needs the service of the test before');
    const { origin, user } = service;
    const client = await network.addNamespace('c', 0);
    const target = await network.addNamespace('t', 1);
    await network.serveHttp(target);
    // Without a tunnel, the client cannot reach the target.
    expect(await network.fetchFrom(client, target.address, 10, 1000)).toBe(-1);

    const hostPort = await freePort();
    const host = `${TEST_NAME}-netns`;
    const natsUrl = path.join(dir, 'nats_netns_url');
    fs.writeFileSync(natsUrl, `${nats.hostUrl('ct-netns')}\n`, { mode: 0o600 });
    // As docs/containers.md says a netns host runs.
    await podman([
      'run',
      '--detach',
      '--name',
      host,
      '--user',
      'root',
      '--network',
      'host',
      '--cap-add',
      'NET_ADMIN,SYS_ADMIN',
      '--device',
      '/dev/net/tun',
      '--security-opt',
      'systempaths=unconfined',
      '--volume',
      '/run/netns:/run/netns:rshared',
      '--volume',
      `${TEST_NAME}-netns-data:/data`,
      '--volume',
      `${natsUrl}:/run/secrets/nats_host_url:ro`,
      ...envArgs({
        ...netns.env,
        NATS_URL_FILE: '/run/secrets/nats_host_url',
        HOST_ID: 'ct-netns',
        HOST_REGIONS: 'ap-northeast-1',
        HOST_HEARTBEAT_S: '0.5',
        HOST_HEALTH_PORT: String(hostPort),
      }),
      IMAGE,
      'node',
      'dist/server/host.cjs',
    ]);
    await waitForContainer(host, `http://127.0.0.1:${hostPort}/readyz`);

    const vpnId = await createRunningVpn(origin, user, 'ap-northeast-1');
    const config = await httpApi<{ config: string }>(
      origin,
      user,
      'GET',
      `/v1/vpns/${vpnId}/config`,
    );
    const conf = Buffer.from(config.body.config, 'base64').toString();
    expect(conf).toMatch(/^Endpoint = 10\.245\.7\.1:548\d\d$/m);
    // The VPN's server: a namespace of the machine's, named by the host's prefix.
    expect(fs.readdirSync('/run/netns').filter((entry) => /^qdv\d+$/.test(entry))).toHaveLength(1);
    await network.connectClient(client, conf);
    expect(await network.fetchFrom(client, target.address, MIB)).toBe(MIB);

    await deleteVpn(origin, user, vpnId);
    expect(await network.fetchFrom(client, target.address, 10, 2000)).toBe(-1);
    expect(await leftovers(netns.settings)).toEqual([]);
    expect((await stop(host)).code).toBe(0);
  });

  test('podman-compose accepts compose.yaml', async () => {
    const project = makeTempDir('compose');
    try {
      fs.copyFileSync(path.join(ROOT, 'compose.yaml'), path.join(project, 'compose.yaml'));
      fs.cpSync(path.join(ROOT, 'deploy'), path.join(project, 'deploy'), { recursive: true });
      await run(path.join(project, 'deploy', 'containers', 'make-secrets.sh'), [], {
        cwd: project,
      });
      // Debian's podman-compose (1.0.3) has no `config`: `--dry-run up` parses the file and
      // prints the podman commands (it still makes the project's volumes and network, named
      // after TEST_NAME, which the clean-up removes).
      const { stdout } = await run(
        'podman-compose',
        ['--dry-run', '-p', `${TEST_NAME}-compose`, '-f', 'compose.yaml', 'up', '--no-build', '-d'],
        { cwd: project, env: { ...process.env, CONTAINERS_CONF } },
      );
      const commands = stdout.split('\n').filter((line) => line.startsWith('podman run '));
      const of = (service: string) =>
        commands.find((line) => line.includes(`--name=${TEST_NAME}-compose_${service}_1 `)) ?? '';
      expect(of('postgres')).toContain('POSTGRES_PASSWORD_FILE=/run/secrets/postgres_password');
      expect(of('nats')).toContain('/etc/nats/users.conf:ro');
      expect(of('peanut')).toContain('-e DATABASE_URL_FILE=/run/secrets/database_url');
      expect(of('peanut')).toContain('./secrets/nats_service_url:/run/secrets/nats_service_url');
      for (const part of [
        '--network host',
        '--cap-add NET_ADMIN',
        '--cap-add SYS_ADMIN',
        '--device /dev/net/tun',
        '-v /run/netns:/run/netns:rshared',
        '-u root',
        'node dist/server/host.cjs',
      ]) {
        expect([part, of('host').includes(part)]).toEqual([part, true]);
      }
      // The NATS configuration with the users make-secrets.sh wrote is valid.
      const natsDir = path.join(project, 'nats');
      fs.mkdirSync(natsDir);
      fs.writeFileSync(
        path.join(natsDir, 'nats.conf'),
        fs
          .readFileSync(path.join(ROOT, 'deploy', 'containers', 'nats.conf'), 'utf8')
          .replace('"/data"', `"${path.join(natsDir, 'js')}"`),
      );
      fs.copyFileSync(
        path.join(project, 'secrets', 'nats_users.conf'),
        path.join(natsDir, 'users.conf'),
      );
      const checked = await run('nats-server', ['-t', '-c', path.join(natsDir, 'nats.conf')]);
      expect(checked.stdout + checked.stderr).toContain('is valid');
    } finally {
      removeDir(project);
    }
  });
});

/** Runs `statement` on TEST_DATABASE_URL's server (or in `database` there); its rows. */
async function adminQuery(statement: string, database?: string): Promise<unknown[]> {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  if (database) url.pathname = `/${database}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}
