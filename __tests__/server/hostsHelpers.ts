/**
 * Helpers of the VPN host tests (issue 18): a `nats-server` of the test's own (random loopback
 * port, JetStream in a temporary directory, one user per role with the README's permissions),
 * VPN host processes (`src/server/hosts/main.ts` through tsx, as `npm run host` runs it) and
 * polling.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir, removeDir } from './helpers';

/** Debian's nats-server (`.ci/run` installs it). */
export const NATS_SERVER = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';

/** Why the host tests cannot run here (no nats-server), or undefined; under CI=true it throws. */
export function natsSkipReason(): string | undefined {
  if (fs.existsSync(NATS_SERVER)) return undefined;
  const reason = `VPN host tests skipped: ${NATS_SERVER} is missing`;
  if (process.env.CI === 'true') throw new Error(`${reason} (required under CI=true)`);
  process.stdout.write(`${reason}\n`);
  return reason;
}

/**
 * The NATS server configuration of a service and hosts `hostIds` (as the README shows it): one
 * account with JetStream; the service may do anything in it; each host may subscribe only to its
 * own command delivery and publish only its own reports and the acks of its own consumer.
 */
export function natsConfig(
  storeDir: string,
  servicePassword: string,
  hosts: readonly { id: string; password: string }[],
): string {
  const hostUsers = hosts.map(
    ({ id, password }) => `      {
        user: "${id}", password: "${password}"
        permissions: {
          publish: { allow: ["peanut.host.${id}.>", "$JS.ACK.PEANUT_COMMANDS.host-${id}.>"] }
          subscribe: { allow: ["peanut.deliver.${id}"] }
        }
      }`,
  );
  return `listen: 127.0.0.1:-1
jetstream { store_dir: "${storeDir}" }
accounts {
  PEANUT {
    jetstream: enabled
    users = [
      { user: "service", password: "${servicePassword}" }
${hostUsers.join('\n')}
    ]
  }
}
`;
}

/** A running nats-server of the test. */
export interface TestNats {
  /** `nats://service:<password>@127.0.0.1:<port>`. */
  serviceUrl: string;
  /** The URL with host `hostId`'s credentials. */
  hostUrl(hostId: string): string;
  port: number;
  /** Kills the server and removes its directory. */
  stop(): Promise<void>;
}

/** Starts a nats-server for the service and `hostIds` (resolves once it listens). */
export async function startNats(hostIds: readonly string[]): Promise<TestNats> {
  const dir = makeTempDir('nats');
  const password = () => randomBytes(12).toString('hex');
  const servicePassword = password();
  const hosts = hostIds.map((id) => ({ id, password: password() }));
  const configFile = path.join(dir, 'nats.conf');
  fs.writeFileSync(configFile, natsConfig(path.join(dir, 'js'), servicePassword, hosts));
  const child = spawn(NATS_SERVER, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`nats-server did not start: ${output}`)),
      60_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening for client connections on [\d.]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`nats-server exited: ${output}`));
    });
  });
  child.stderr?.resume();
  const url = (user: string, pass: string) => `nats://${user}:${pass}@127.0.0.1:${port}`;
  return {
    port,
    serviceUrl: url('service', servicePassword),
    hostUrl: (hostId) => {
      const host = hosts.find((entry) => entry.id === hostId);
      if (!host) throw new Error(`no NATS user for host ${hostId}`);
      return url(hostId, host.password);
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      removeDir(dir);
    },
  };
}

/** A VPN host process of the test. */
export interface TestHost {
  hostId: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything it printed. */
  output(): string;
  /** Sends `signal` and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** What a test host runs with. */
export interface TestHostOptions {
  natsUrl: string;
  hostId: string;
  regions: string[];
  dataDir: string;
  endpointHost: string;
  env?: Record<string, string>;
}

const ROOT = path.resolve(__dirname, '..', '..');

/** Starts `npm run host`'s program (resolves once it serves). */
export async function startHost(options: TestHostOptions): Promise<TestHost> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'src', 'server', 'hosts', 'main.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        NATS_URL: options.natsUrl,
        HOST_ID: options.hostId,
        HOST_REGIONS: options.regions.join(','),
        PROVISIONER: 'simulated',
        SIMULATED_STEP_MS: '20',
        WG_ENDPOINT_HOST: options.endpointHost,
        DATA_DIR: options.dataDir,
        HOST_HEARTBEAT_S: '0.2',
        ...options.env,
      },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const host: TestHost = {
    hostId: options.hostId,
    dataDir: options.dataDir,
    child,
    output: () => output,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  try {
    await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`host exited: ${output}`);
        return output.includes('VPN host serving');
      },
      `host ${options.hostId} serving`,
      90_000,
    );
  } catch (error) {
    await host.kill('SIGKILL');
    throw error;
  }
  return host;
}

/** Polls `check` every 50 ms until it returns true (throws `what` after `timeoutMs`). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
