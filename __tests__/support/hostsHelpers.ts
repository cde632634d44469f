/**
 * Helpers of the VPN host tests: a `nats-server` of the test's own (random loopback
 * port, JetStream in a temporary directory, one user per role with the permissions of
 * docs/hosts.md), VPN host processes (`src/server/hostAgent/main.ts` through tsx, as
 * `npm run host` runs it) and polling. Users log in with a password (in the URL), an nkey seed
 * file or a creds file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { nkeys } from 'nats';
import { builtProgram } from './builtServer';
import { makeTempDir, removeDir } from './helpers';
import { hostPermissions, NatsOperator, seedText, type NatsPermissions } from './natsAuth';

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
 * The NATS server configuration of a service and hosts `hostIds` (as docs/hosts.md shows it): one
 * account with JetStream; the service may do anything in it; each host may subscribe only to its
 * own command delivery and publish only its own reports and the acks of its own consumer.
 */
export function natsConfig(
  storeDir: string,
  servicePassword: string,
  hosts: readonly { id: string; password: string }[],
  address = '127.0.0.1',
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
  return `listen: ${address}:-1
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

/** How the test's NATS users log in. */
export type NatsAuth = 'password' | 'nkey' | 'creds';

/** A `permissions` block of a NATS server configuration. */
function permissionsBlock(permissions: NatsPermissions): string {
  const list = (subjects: string[]) => subjects.map((subject) => `"${subject}"`).join(', ');
  return `permissions: {
          publish: { allow: [${list(permissions.publish)}] }
          subscribe: { allow: [${list(permissions.subscribe)}] }
        }`;
}

/** The configuration of {@link natsConfig} with nkey users (public keys `U...`) instead. */
export function natsNkeyConfig(
  storeDir: string,
  servicePublicKey: string,
  hosts: readonly { id: string; publicKey: string }[],
): string {
  const hostUsers = hosts.map(
    ({ id, publicKey }) => `      {
        nkey: ${publicKey}
        ${permissionsBlock(hostPermissions(id))}
      }`,
  );
  return `listen: 127.0.0.1:-1
jetstream { store_dir: "${storeDir}" }
accounts {
  PEANUT {
    jetstream: enabled
    users = [
      { nkey: ${servicePublicKey} }
${hostUsers.join('\n')}
    ]
  }
}
`;
}

/** A running nats-server of the test. */
export interface TestNats {
  /** `nats://service:<password>@127.0.0.1:<port>` (password auth; else without credentials). */
  serviceUrl: string;
  /** The URL with host `hostId`'s credentials (password auth; else without credentials). */
  hostUrl(hostId: string): string;
  /** The service's NATS settings (NATS_URL and, with nkeys or creds, the file's setting). */
  serviceEnv(): Record<string, string>;
  /** Host `hostId`'s NATS settings. */
  hostEnv(hostId: string): Record<string, string>;
  /** The server's directory (credential files are written there). */
  dir: string;
  port: number;
  /** Kills the server and removes its directory. */
  stop(): Promise<void>;
}

/**
 * Starts a nats-server for the service and `hostIds` (resolves once it listens), its users logging
 * in by `auth`, on a random port of `address` (default loopback; an address of the test's own
 * network for hosts in namespaces).
 */
export async function startNats(
  hostIds: readonly string[],
  auth: NatsAuth = 'password',
  address = '127.0.0.1',
): Promise<TestNats> {
  const dir = makeTempDir('nats');
  const password = () => randomBytes(12).toString('hex');
  const servicePassword = password();
  const hosts = hostIds.map((id) => ({ id, password: password() }));
  const configFile = path.join(dir, 'nats.conf');
  const storeDir = path.join(dir, 'js');
  /** A credentials file of user `name` (mode 0600). */
  const secretFile = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text, { mode: 0o600 });
    return file;
  };
  const files = new Map<string, string>();
  if (auth === 'password') {
    fs.writeFileSync(configFile, natsConfig(storeDir, servicePassword, hosts, address));
  } else if (auth === 'nkey') {
    const pairs = new Map(['service', ...hostIds].map((id) => [id, nkeys.createUser()]));
    for (const [id, pair] of pairs) files.set(id, secretFile(`${id}.nk`, `${seedText(pair)}\n`));
    const publicKey = (id: string) => pairs.get(id)!.getPublicKey();
    const hostKeys = hostIds.map((id) => ({ id, publicKey: publicKey(id) }));
    fs.writeFileSync(configFile, natsNkeyConfig(storeDir, publicKey('service'), hostKeys));
  } else {
    const operator = new NatsOperator();
    files.set('service', secretFile('service.creds', operator.userCreds('service')));
    for (const id of hostIds) {
      files.set(id, secretFile(`${id}.creds`, operator.userCreds(id, hostPermissions(id))));
    }
    fs.writeFileSync(
      configFile,
      `listen: ${address}:-1\njetstream { store_dir: "${storeDir}" }\n${operator.serverConfig()}`,
    );
  }
  const { port, stop } = await spawnNatsServer(configFile);
  const bare = `nats://${address}:${port}`;
  const url = (user: string, pass: string) =>
    auth === 'password' ? `nats://${user}:${pass}@${address}:${port}` : bare;
  const hostUrl = (hostId: string) => {
    const host = hosts.find((entry) => entry.id === hostId);
    if (!host) throw new Error(`no NATS user for host ${hostId}`);
    return url(hostId, host.password);
  };
  const envOf = (id: string, natsUrl: string): Record<string, string> => {
    if (auth === 'password') return { NATS_URL: natsUrl };
    const setting = auth === 'nkey' ? 'NATS_NKEY_SEED_FILE' : 'NATS_CREDS';
    return { NATS_URL: bare, [setting]: files.get(id)! };
  };
  return {
    port,
    dir,
    serviceUrl: url('service', servicePassword),
    hostUrl,
    serviceEnv: () => envOf('service', url('service', servicePassword)),
    hostEnv: (hostId) => envOf(hostId, hostUrl(hostId)),
    stop: async () => {
      await stop();
      removeDir(dir);
    },
  };
}

/** A nats-server process of a test. */
export interface NatsServerProcess {
  /** Its client port. */
  port: number;
  /** Its leaf node port, when its configuration listens for leaf nodes. */
  leafPort?: number;
  /** Everything it printed so far. */
  output(): string;
  /** Kills it (and waits for the exit). */
  stop(): Promise<void>;
}

/**
 * Starts `nats-server -c configFile` (resolves once it listens for clients and, when
 * `leafListener`, for leaf nodes).
 */
export async function spawnNatsServer(
  configFile: string,
  leafListener = false,
): Promise<NatsServerProcess> {
  const child = spawn(NATS_SERVER, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const portOf = (what: string) =>
    new RegExp(`Listening for ${what} connections on [\\d.]+:(\\d+)`).exec(output)?.[1];
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`nats-server exited: ${output}`);
        return (
          portOf('client') !== undefined && (!leafListener || portOf('leafnode') !== undefined)
        );
      },
      `nats-server listening (${configFile})`,
      60_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const leafPort = portOf('leafnode');
  return {
    port: Number(portOf('client')),
    leafPort: leafPort === undefined ? undefined : Number(leafPort),
    output: () => output,
    stop,
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
  /** A command the host runs under, e.g. `['nsenter', '--net=/var/run/netns/x', '--']`. */
  wrapper?: string[];
}

const ROOT = path.resolve(__dirname, '..', '..');

/** Spawns `npm run host`'s program (under `options.wrapper`, when given). */
function spawnHost(options: TestHostOptions): ChildProcess {
  const command = [...(options.wrapper ?? []), process.execPath, builtProgram('host')];
  return spawn(command[0], command.slice(1), {
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
  });
}

/**
 * Runs `npm run host`'s program expecting it to stop by itself (a host that refuses to start):
 * resolves with its exit code and everything it printed; kills it after `timeoutMs`.
 */
export async function runHostToExit(
  options: TestHostOptions,
  timeoutMs = 90_000,
): Promise<{ code: number | null; output: string }> {
  const child = spawnHost(options);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  // 'close': after the exit and the end of its output.
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { code, output };
}

/** Starts `npm run host`'s program (resolves once it serves). */
export async function startHost(options: TestHostOptions): Promise<TestHost> {
  const child = spawnHost(options);
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
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}; it printed:\n${output}`,
    );
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
