/**
 * Runs the `netns` provisioner's commands from a small helper process instead of the server's.
 *
 * Why: Linux forks a process to start a command, copying its page tables; the server holds
 * hundreds of MiB (the embedded database), which made each `ip` or `nft` cost ~100 ms instead
 * of ~6 ms. The helper is a bare `node -e` with a tiny heap that receives `{file, args, input,
 * env}` over its IPC channel, runs it with `execFile` (never a shell) and answers with stdout
 * or the error output. No secret ever goes through it (keys travel over the WireGuard socket).
 * It exits when the server's end of the channel closes (the server ended, even by SIGKILL);
 * while idle it does not keep the server alive.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** A command to run. */
export interface CommandRequest {
  file: string;
  args: readonly string[];
  /** Written to its stdin (then closed). */
  input?: string;
  /** Its environment (default: the helper's, which is the server's at start). */
  env?: NodeJS.ProcessEnv;
  /** Killed after this many milliseconds. */
  timeoutMs: number;
}

/** How a command ended. */
export interface CommandResult {
  ok: boolean;
  stdout: string;
  /** Its error output, or why it could not run. */
  stderr: string;
}

/** The helper's program (plain JavaScript for `node -e`). */
const HELPER = `
const { execFile } = require('node:child_process');
process.on('message', (m) => {
  const child = execFile(m.file, m.args, { timeout: m.timeoutMs, maxBuffer: 16777216, env: m.env || process.env },
    (error, stdout, stderr) => process.send({ id: m.id, ok: !error, stdout: String(stdout),
      stderr: String(stderr || (error && error.message) || '') }));
  child.stdin.on('error', () => {});
  child.stdin.end(m.input || '');
});
process.on('disconnect', () => process.exit(0));
`;

/** A reply of the helper. */
interface Reply extends CommandResult {
  id: number;
}

let helper: ChildProcess | undefined;
let nextId = 0;
const pending = new Map<number, (result: CommandResult) => void>();

/** Keeps the server alive only while commands are under way. */
function holdWhileBusy(child: ChildProcess): void {
  const channel = child.channel as { ref(): void; unref(): void } | undefined;
  if (pending.size > 0) channel?.ref();
  else channel?.unref();
}

/** The helper, started on first use and again after it ended. */
function runner(): ChildProcess {
  if (helper?.connected) return helper;
  const child = spawn(process.execPath, ['-e', HELPER], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  child.on('message', (reply: Reply) => {
    const settle = pending.get(reply.id);
    pending.delete(reply.id);
    settle?.(reply);
    holdWhileBusy(child);
  });
  const fail = (reason: string) => {
    if (helper === child) helper = undefined;
    for (const [id, settle] of pending) {
      pending.delete(id);
      settle({ ok: false, stdout: '', stderr: reason });
    }
  };
  child.on('exit', (code, signal) => fail(`the command helper ended (${signal ?? code})`));
  child.on('error', (error) => fail(`the command helper failed: ${error.message}`));
  child.unref();
  helper = child;
  return child;
}

/** Runs `request` in the helper process. Never rejects: a failure is `ok: false`. */
export function runCommand(request: CommandRequest): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = runner();
    const id = nextId++;
    pending.set(id, resolve);
    holdWhileBusy(child);
    child.send({ id, ...request }, (error) => {
      if (!error || !pending.has(id)) return;
      pending.delete(id);
      resolve({
        ok: false,
        stdout: '',
        stderr: `could not reach the command helper: ${error.message}`,
      });
    });
  });
}
