/**
 * The system side of the `netns` provisioner: running `ip`, `nft`, `nsenter` and `wireguard-go`
 * through `execFile` (never a shell; secrets never in argv: only on stdin or over the WireGuard
 * socket), and checking that this host has what the provisioner needs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from './commandRunner';

/** The tools the provisioner runs (`wg` is what a person uses to look at our servers). */
export const NETNS_TOOLS = ['wireguard-go', 'wg', 'ip', 'nft'] as const;

/** Longest run of one command, milliseconds. */
const COMMAND_TIMEOUT_MS = 15_000;

/** A command that failed: its name, arguments and the first line(s) of its error output. */
export class CommandError extends Error {
  constructor(
    readonly command: string,
    readonly stderr: string,
  ) {
    super(`${command} failed: ${stderr.trim().split('\n').slice(0, 3).join(' / ') || 'no output'}`);
    this.name = 'CommandError';
  }
}

/**
 * Runs `file` with `args` (no shell, from the helper of commandRunner.ts), writing `input` to
 * its stdin; resolves with its stdout.
 * @throws CommandError when it exits non-zero or cannot start; the message holds the command
 *   line (never secrets: callers pass them on stdin) and its error output.
 */
export async function run(
  file: string,
  args: readonly string[],
  options: { input?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const result = await runCommand({
    file,
    args,
    input: options.input,
    env: options.env,
    timeoutMs: COMMAND_TIMEOUT_MS,
  });
  if (!result.ok) throw new CommandError(`${file} ${args.join(' ')}`, result.stderr);
  return result.stdout;
}

/** Runs `ip` with `args`. */
export function ip(args: readonly string[], input?: string): Promise<string> {
  return run('ip', args, { input });
}

/** Runs the `ip` commands `lines` (one per line, without `ip`) in one process, in `namespace`. */
export function ipBatch(lines: readonly string[], namespace?: string): Promise<string> {
  const args = namespace ? ['-n', namespace, '-batch', '-'] : ['-batch', '-'];
  return ip(args, `${lines.join('\n')}\n`);
}

/** Runs the nft script `script` (read from stdin, applied atomically). */
export function nft(script: string): Promise<string> {
  return run('nft', ['-f', '-'], { input: script });
}

/**
 * The names of the network interfaces of this process's network namespace, from
 * `/proc/self/net/dev` (not `/sys/class/net`, which shows the namespace `/sys` was mounted in:
 * a VPN host started with `nsenter --net` keeps the machine's `/sys`).
 */
export function linkNames(): Set<string> {
  const names = new Set<string>();
  for (const line of fs.readFileSync('/proc/self/net/dev', 'utf8').split('\n').slice(2)) {
    const name = line.split(':')[0].trim();
    if (name) names.add(name);
  }
  return names;
}

/** True when interface `name` of this process's network namespace is up (administratively). */
export async function linkUp(name: string): Promise<boolean> {
  try {
    const [link] = JSON.parse(await ip(['-j', 'link', 'show', 'dev', name])) as {
      flags?: string[];
    }[];
    return link?.flags?.includes('UP') ?? false;
  } catch {
    return false;
  }
}

/**
 * True when this process runs in a mount namespace of its own whose `/run/netns` receives the
 * machine's mounts but does not give its own back (a `master:` tag in `/proc/self/mountinfo`),
 * as under `ip netns exec`: a network namespace named from here would be seen by no one else and
 * would vanish with this process.
 */
export function netnsMountsPrivate(mountinfo?: string): boolean {
  let text = mountinfo;
  try {
    text ??= fs.readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return false;
  }
  // `id parent major:minor root mountpoint options [optional fields...] - type source ...`
  return text.split('\n').some((line) => {
    const fields = line.split(' ');
    const mountPoint = fields[4];
    if (mountPoint !== '/run/netns' && mountPoint !== '/var/run/netns') return false;
    const optional = fields.slice(6, fields.indexOf('-'));
    return optional.some((field) => field.startsWith('master:'));
  });
}

/** Finds `name` on `searchPath` (default PATH); its absolute path or undefined. */
export function findTool(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(':')) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Whether this host can run the `netns` provisioner, and what is missing when it cannot. */
export interface NetnsAvailability {
  available: boolean;
  /** What is missing, e.g. `['root', 'wireguard-go']`; empty when available. */
  missing: string[];
}

/** Checks for Linux, root and the tools of {@link NETNS_TOOLS}. */
export function netnsAvailability(): NetnsAvailability {
  const missing: string[] = [];
  if (process.platform !== 'linux') missing.push('Linux');
  if (process.getuid?.() !== 0) missing.push('root');
  for (const tool of NETNS_TOOLS) if (!findTool(tool)) missing.push(tool);
  return { available: missing.length === 0, missing };
}

/**
 * The ids of the processes running in network namespace `name` (empty when it does not exist),
 * as `ip netns pids` finds them: those whose `/proc/<pid>/ns/net` is the namespace's inode.
 */
export function namespacePids(name: string): number[] {
  let inode: number;
  try {
    inode = fs.statSync(`/var/run/netns/${name}`).ino;
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.statSync(`/proc/${entry}/ns/net`).ino === inode) pids.push(Number(entry));
    } catch {
      // gone, or not ours to see
    }
  }
  return pids;
}

/** True when process `pid` runs (a zombie, dead but not yet reaped by its parent, does not). */
export function processExists(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ...`: comm may hold spaces and parentheses, the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Kills the processes `pids` (SIGKILL: a VPN server keeps nothing worth a graceful stop, and
 * wireguard-go takes over a second to end on SIGTERM) and resolves once they are gone.
 */
export async function killProcesses(pids: readonly number[]): Promise<void> {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  const deadline = Date.now() + 5000;
  while (pids.some(processExists) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Resident memory of process `pid` in bytes (VmRSS), or undefined when it is gone. */
export function residentBytes(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
