/**
 * Helpers of the CLI tests: run `peanut` as a child process (`node bin/peanut.js`, as npm's bin
 * link does) in a temporary config folder against a real server on a random loopback port, and
 * read the confirmation codes of the local mailbox.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLiveServer, type LiveServer } from '../support/liveServer';

/** The `peanut` binary of this checkout. */
export const PEANUT_BIN = path.resolve(__dirname, '../../bin/peanut.js');

/** Settings of the server the CLI tests talk to: fast simulated steps, no rate limit in the way. */
export const CLI_TEST_ENV = { SIMULATED_STEP_MS: '20', RATE_LIMIT_MAX: '1000000' };

/** A password that follows the rule of /doc-cli. */
export const GOOD_PASSWORD = 'Peanut-Passw0rd';

/** What a run printed and exited with. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of one run. */
export interface RunOptions {
  /** Written to standard input, which is then closed (else stdin is empty). */
  input?: string;
  /** Extra environment (the test folder's PEANUT_CONFIG_DIR and the server's PEANUT_URL are set). */
  env?: Record<string, string | undefined>;
  /** Working directory; default the test folder. */
  cwd?: string;
}

/** The environment of a child: this process's, without any PEANUT_* setting, plus `env`. */
export function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('PEANUT_')),
  );
  return { ...base, ...env };
}

/** A test world: a live server, a temporary folder holding the config, and a runner. */
export interface CliWorld {
  server: LiveServer;
  /** Temporary folder: PEANUT_CONFIG_DIR and the working directory of runs. */
  dir: string;
  /** The user config file of the runs. */
  configFile: string;
  /** Runs `peanut ...args` with PEANUT_URL = the server and PEANUT_CONFIG_DIR = `dir`. */
  run(args: readonly string[], options?: RunOptions): Promise<CliRun>;
  /** The newest confirmation code mailed to `email`. */
  mailedCode(email: string): Promise<string>;
  close(): Promise<void>;
}

/** Runs `node bin/peanut.js ...args`. */
export function runPeanut(
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; input?: string },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [PEANUT_BIN, ...args],
      { env: options.env, cwd: options.cwd, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        if (error && code === -1) return reject(error);
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? '');
  });
}

/** Starts a server (test settings plus `env`) and makes a temporary config folder. */
export async function startCliWorld(env: Record<string, string> = {}): Promise<CliWorld> {
  const server = await startLiveServer({ ...CLI_TEST_ENV, ...env });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'peanut-cli-'));
  const configDir = path.join(dir, 'config');
  return {
    server,
    dir,
    configFile: path.join(configDir, 'config.json'),
    run: (args, options = {}) =>
      runPeanut(args, {
        env: childEnv({ PEANUT_URL: server.origin, PEANUT_CONFIG_DIR: configDir, ...options.env }),
        cwd: options.cwd ?? dir,
        input: options.input,
      }),
    async mailedCode(email) {
      const response = await fetch(`${server.origin}/dev/mailbox/${encodeURIComponent(email)}`);
      const mails = (await response.json()) as { code: string }[];
      if (!mails[0]?.code) throw new Error(`No mail for ${email}`);
      return mails[0].code;
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh email address for a test. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Registers `email`, confirms it with the mailed code and signs in, each through the CLI.
 * @throws when a step does not exit 0.
 */
export async function signUpThroughCli(world: CliWorld, email: string): Promise<void> {
  await expectOk(world.run(['register', email, '--password-stdin'], { input: GOOD_PASSWORD }));
  await expectOk(world.run(['confirm-registration', email, await world.mailedCode(email)]));
  await expectOk(world.run(['login', email], { env: { PEANUT_PASSWORD: GOOD_PASSWORD } }));
}

/** Awaits a run and throws with its output unless it exited 0. */
export async function expectOk(running: Promise<CliRun>): Promise<CliRun> {
  const result = await running;
  if (result.code !== 0) {
    throw new Error(`peanut exited ${result.code}: ${result.stderr || result.stdout}`);
  }
  return result;
}

/**
 * Runs `command` under a pseudo-terminal with `script` (util-linux). Each time the terminal shows
 * one more `password: ` prompt, the next of `answers` is typed. The output is everything the
 * terminal showed.
 */
export function runInPseudoTerminal(
  command: string,
  options: { env: NodeJS.ProcessEnv; cwd: string; answers?: readonly string[] },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      env: options.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const answers = [...(options.answers ?? [])];
    let answered = 0;
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const prompts = output.match(/password: /gi)?.length ?? 0;
      while (answered < prompts && answers.length > 0) {
        child.stdin.write(`${answers.shift()}\r`);
        answered++;
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      child.stdin.destroy();
      resolve({ code, output });
    });
  });
}
