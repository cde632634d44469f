/**
 * Runs the built server (dist/server/server.cjs) as a child process, as `npm start` does (reliability tests, issue
 * 12): its URL once it listens, its output, SIGTERM/SIGKILL and its exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { builtProgram, ROOT } from './builtServer';
import { exitOf } from './commandProcess';
import { TEST_SERVER_ENV } from './helpers';

/** A server child process. */
export interface ServerProcess {
  child: ChildProcess;
  /** Its origin, e.g. `http://127.0.0.1:43117` (known once `started` resolves). */
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when `text` appears in its output (rejects after `timeoutMs` or on exit). */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<void>;
}

/**
 * Starts the server with `env` on a free loopback port and resolves once it listens (rejects
 * when it exits first or takes longer than `timeoutMs`). With `keepOutput: false`, its output
 * after that line is dropped (long runs).
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  options: { keepOutput?: boolean } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [builtProgram('server')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...TEST_SERVER_ENV,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      PROVISIONER: 'simulated',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  let listening = false;
  const collect = (chunk: Buffer): void => {
    // A long run (the soak bench) keeps only what came before the server listened.
    if (listening && options.keepOutput === false) return;
    text += chunk.toString();
    for (const listener of [...listeners]) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = exitOf(child);
  let gone = false;
  void exited.then(() => {
    gone = true;
    for (const listener of [...listeners]) listener();
  });

  const waitForOutput = (wanted: string | RegExp, limitMs = 60_000): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const found = typeof wanted === 'string' ? text.includes(wanted) : wanted.test(text);
        if (found || gone) {
          listeners.delete(check);
          clearTimeout(timer);
          if (found) resolve();
          else reject(new Error(`server exited before printing ${String(wanted)}:\n${text}`));
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no ${String(wanted)} in the server output:\n${text}`));
      }, limitMs);
      listeners.add(check);
      check();
    });

  const server: ServerProcess = {
    child,
    url: '',
    output: () => text,
    exited,
    waitForOutput,
  };
  try {
    await waitForOutput(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  listening = true;
  server.url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1] ?? '';
  return server;
}

/** Kills `server` with SIGKILL (when still running) and waits for its exit. */
export async function killServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
  }
  await server.exited;
}
