/**
 * Helpers of the container tests (docs/containers.md "Testing the image"): podman with the
 * settings of deploy/containers/containers.conf, the local base image that
 * scripts/container-base.sh builds once per machine, the image of the Dockerfile built on it, and
 * containers, volumes and images that the suite removes again. Every name the suite makes begins
 * with `peanut-test-<pid>` so that a cleanup removes only its own.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { TEST_SERVER_ENV } from './helpers';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');

/** The podman settings of the tests and of scripts/container-base.sh. */
export const CONTAINERS_CONF = path.join(ROOT, 'deploy', 'containers', 'containers.conf');

/** The prefix of every container, volume and image name of this process. */
export const TEST_NAME = `peanut-test-${process.pid}`;

const ENV = { ...process.env, CONTAINERS_CONF };

/** Whether `tool` is on PATH. */
function onPath(tool: string): boolean {
  return (process.env.PATH ?? '/usr/bin:/bin')
    .split(':')
    .some((dir) => dir !== '' && fs.existsSync(path.join(dir, tool)));
}

/**
 * Why the container tests cannot run here, or undefined. Under CI=true a missing tool (podman,
 * runc, debootstrap, podman-compose; `.ci/run` installs them) or a podman that cannot run a
 * container throws instead; elsewhere the reason is printed and the suite skipped.
 */
export function podmanSkipReason(): string | undefined {
  let reason: string | undefined;
  const missing = ['podman', 'runc', 'debootstrap', 'podman-compose'].filter(
    (tool) => !onPath(tool),
  );
  if (missing.length > 0) {
    reason = `missing ${missing.join(', ')} (apt-get install podman runc debootstrap podman-compose)`;
  } else if (process.getuid?.() !== 0) {
    reason = 'needs root (debootstrap, and containers on the host network)';
  } else {
    try {
      execFileSync('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}'], {
        env: ENV,
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 60_000,
      });
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
      reason = `podman cannot run here: ${stderr || String(error)}`;
    }
  }
  if (reason === undefined) return undefined;
  const message = `Container tests skipped: ${reason}`;
  if (process.env.CI === 'true') throw new Error(`${message} (required under CI=true)`);
  process.stdout.write(`${message}\n`);
  return message;
}

/** Runs `podman args` (settings of CONTAINERS_CONF); resolves with its trimmed stdout. */
export async function podman(args: string[], timeoutMs = 120_000): Promise<string> {
  try {
    const { stdout } = await run('podman', args, {
      env: ENV,
      maxBuffer: 64 * 1024 * 1024,
      timeout: timeoutMs,
    });
    return stdout.trim();
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`podman ${args.join(' ')} failed: ${stderr || stdout || String(error)}`);
  }
}

/**
 * The local base image (`localhost/peanut-base:<key>`), built by scripts/container-base.sh
 * unless this machine has it already (about 3 minutes the first time).
 */
export async function baseImage(): Promise<string> {
  const { stdout } = await run(path.join(ROOT, 'scripts', 'container-base.sh'), [], {
    env: ENV,
    cwd: ROOT,
    timeout: 900_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout.trim().split('\n').pop() ?? '';
}

/**
 * Builds the Dockerfile on `base` as `tag` in the docker format (which keeps HEALTHCHECK), on
 * the host's network (the npm registry); no intermediate image is kept. The CA bundle this
 * machine's node trusts (NODE_EXTRA_CA_CERTS, for a proxy that intercepts TLS) is given to
 * `npm ci` as the build secret `npm_ca`.
 */
export async function buildImage(base: string, tag: string): Promise<void> {
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  // A RUN step gets 1024 open files unless told (npm ci with a warm cache runs out): up to
  // 16384 within this process's hard limit.
  const hard = execFileSync('sh', ['-c', 'ulimit -Hn']).toString().trim();
  const files = hard === 'unlimited' ? 16384 : Math.min(16384, Number(hard));
  await podman(
    [
      'build',
      '--ulimit',
      `nofile=${files}:${files}`,
      ...(ca && fs.existsSync(ca) ? ['--secret', `id=npm_ca,src=${ca}`] : []),
      '--format',
      'docker',
      '--network',
      'host',
      '--layers=false',
      '--build-arg',
      `BASE=${base}`,
      '--tag',
      tag,
      ROOT,
    ],
    1_200_000,
  );
}

/** A container's state as `podman inspect` gives it. */
export interface ContainerState {
  Running: boolean;
  ExitCode: number;
}

/** `podman inspect`'s state of container `name`. */
export async function containerState(name: string): Promise<ContainerState> {
  return JSON.parse(
    await podman(['inspect', '--format', '{{json .State}}', name]),
  ) as ContainerState;
}

/** Everything container `name` printed (stdout and stderr). */
export async function containerLogs(name: string): Promise<string> {
  try {
    const { stdout, stderr } = await run('podman', ['logs', name], {
      env: ENV,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout + stderr;
  } catch (error) {
    return `(no logs: ${String(error)})`;
  }
}

/**
 * Polls `url` until it answers 200; throws with container `name`'s logs when the container
 * stops or `timeoutMs` passes.
 */
export async function waitForContainer(
  name: string,
  url: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    const state = await containerState(name);
    if (!state.Running) {
      throw new Error(`${name} exited ${state.ExitCode}:\n${await containerLogs(name)}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${url} never answered 200:\n${await containerLogs(name)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `-e NAME=value` for each entry of `env`. */
export function envArgs(env: Record<string, string>): string[] {
  return Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
}

/** A service container to start: {@link runServiceContainer}. */
export interface ServiceContainer {
  /** The container's name (begins with {@link TEST_NAME}). */
  name: string;
  image: string;
  /** The port it serves on 127.0.0.1 (the host's network). */
  port: number;
  /** The named volume mounted at `/data` (DATA_DIR). */
  volume: string;
  /** Settings over the tests' (TEST_SERVER_ENV, development, LOG_LEVEL info). */
  env?: Record<string, string>;
  /** More `--volume` arguments (`source:target[:options]`). */
  mounts?: string[];
}

/**
 * Starts the service image as a detached container on the host's network, with the tests'
 * settings (the local mailbox of development included); resolves with the milliseconds from
 * `podman run` to the first 200 of `/readyz`. @throws with its logs when it exits first.
 */
export async function runServiceContainer(container: ServiceContainer): Promise<number> {
  const { name, image, port, volume, env = {}, mounts = [] } = container;
  const started = Date.now();
  await podman([
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    '--volume',
    `${volume}:/data`,
    ...mounts.flatMap((mount) => ['--volume', mount]),
    ...envArgs({
      ...TEST_SERVER_ENV,
      // The local mailbox (/dev/) of the tests is there in development only.
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      ...env,
    }),
    image,
  ]);
  await waitForContainer(name, `http://127.0.0.1:${port}/readyz`);
  return Date.now() - started;
}

/**
 * Removes every container (with its anonymous volumes), then volume, network and image whose
 * name begins with {@link TEST_NAME} (the base image stays).
 */
export async function removeTestContainers(): Promise<void> {
  const list = async (args: string[]) =>
    (await podman(args).catch(() => ''))
      .split('\n')
      .filter((name) => name.startsWith(TEST_NAME) || name.includes(`/${TEST_NAME}`));
  const containers = await list(['ps', '-a', '--format', '{{.Names}}']);
  if (containers.length > 0) {
    await podman(['rm', '--force', '--volumes', '--time', '0', ...containers]).catch(() => '');
  }
  const volumes = await list(['volume', 'ls', '--format', '{{.Name}}']);
  if (volumes.length > 0) await podman(['volume', 'rm', '-f', ...volumes]).catch(() => '');
  const networks = await list(['network', 'ls', '--format', '{{.Name}}']);
  if (networks.length > 0) await podman(['network', 'rm', '-f', ...networks]).catch(() => '');
  const images = await list(['images', '--format', '{{.Repository}}:{{.Tag}}']);
  if (images.length > 0) await podman(['rmi', '-f', ...images]).catch(() => '');
}
