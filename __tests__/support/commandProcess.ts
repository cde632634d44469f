/**
 * Runs one of the release's real commands (`npm start`, `npm run host`, a unit's ExecStart) as a
 * child process of the tests: its output, its exit, signals, and the helpers that tell whether
 * it left anything running or listening.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { Readable } from 'node:stream';

/** A running command. */
export interface CommandProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with its exit code and signal once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and resolves with the exit and the seconds it took. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; seconds: number }>;
}

/**
 * Resolves with `child`'s exit code and signal once it has exited and its stdout and stderr have
 * been read to their end: 'exit' can come before the last chunks of its pipes. A grandchild
 * holding them open could keep them open for ever, so it waits at most a second for them.
 */
export function exitOf(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const drained = (stream: Readable | null): Promise<void> =>
    stream && !stream.readableEnded
      ? new Promise((resolve) => {
          stream.once('end', resolve);
          stream.once('close', resolve);
        })
      : Promise.resolve();
  const ended = Promise.all([drained(child.stdout), drained(child.stderr)]);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      const done = () => resolve({ code, signal });
      const timer = setTimeout(done, 1000);
      void ended.then(() => {
        clearTimeout(timer);
        done();
      });
    }),
  );
}

/** Spawns `command` in `cwd` with `env` (added to this process's environment). */
export function runCommand(
  command: readonly string[],
  cwd: string,
  env: Record<string, string>,
): CommandProcess {
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = exitOf(child);
  return {
    child,
    output: () => text,
    exited,
    async stop(signal) {
      const started = performance.now();
      child.kill(signal);
      const { code } = await exited;
      return { code, seconds: (performance.now() - started) / 1000 };
    },
  };
}

/**
 * Kills `command` and its children (npm's node) with SIGKILL when it still runs (a failed
 * test's cleanup: a SIGKILLed npm would leave its node running).
 */
export async function killCommand(command: CommandProcess | undefined): Promise<void> {
  if (!command || command.child.exitCode !== null || command.child.signalCode !== null) return;
  const children = childrenOf(command.child.pid ?? 0);
  command.child.kill('SIGKILL');
  for (const pid of children) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  await command.exited;
}

/** The pids of the live children of process `pid` (from /proc). */
export function childrenOf(pid: number): number[] {
  try {
    const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return text === '' ? [] : text.split(/\s+/).map(Number);
  } catch {
    return [];
  }
}

/** True while process `pid` exists (a zombie counts as gone). */
export function processAlive(pid: number): boolean {
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Resolves true when a TCP connection to `port` on loopback is refused. */
export function portRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls `url` until it answers 200 (throws with `command`'s output after `timeoutMs`). */
export async function waitForOk(
  url: string,
  command: CommandProcess,
  timeoutMs = 240_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (command.child.exitCode !== null) throw new Error(`exited:\n${command.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} never answered 200:\n${command.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
