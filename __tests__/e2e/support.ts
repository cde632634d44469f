/**
 * End-to-end test support: start the real server (`src/server/server.ts`, as `npm start` does,
 * on the built SPA in dist/web) on a free port with a fresh data dir, and launch Debian's
 * Chromium through playwright-core. Missing Chromium skips with a printed reason, except under
 * CI=true where it is a failure (docs/architecture.md "Tests").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { builtProgram, ensureBuilt as ensureBuiltParts } from '../support/builtServer';

export const ROOT = path.resolve(__dirname, '../..');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Returns null when Chromium is usable, else the reason it is not.
 * @throws under CI=true when Chromium is missing.
 */
export function chromiumMissing(): string | null {
  if (existsSync(CHROME_PATH)) return null;
  const reason = `Chromium not found at ${CHROME_PATH} (install Debian's chromium or set CHROME_PATH)`;
  if (process.env.CI === 'true') throw new Error(reason);
  console.warn(`Skipping end-to-end tests: ${reason}`);
  return reason;
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A running server process. */
export interface RunningServer {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** Everything the process printed. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Builds the server and the SPA when missing or older than their sources. */
export function ensureBuilt(): void {
  ensureBuiltParts(['server', 'web']);
}

/** Starts the built server (as `npm start` does) on a free port with a fresh PGlite data dir. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  ensureBuilt();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peanut-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [builtProgram('server')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PROVISIONER: 'simulated', // npm start would pick netns as root
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/app-config.json`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start in 150 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, output: () => output, stop };
}

/** Launches headless Chromium with the flags of docs/architecture.md and a fresh profile. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
}

/**
 * Chromium's report of a request it aborted because an IP address of the machine changed. The
 * suites that run VPNs in network namespaces give each VPN's host-side veth an address in the
 * root namespace, and they run beside the browser suites (__tests__/support/jestRunner.js):
 * Chromium then aborts the requests in flight and logs this. That is the test machine's doing,
 * not the page's (a laptop changing network does the same); what the page shows after it is
 * still checked by each test's own assertions.
 */
const NETWORK_CHANGED = /net::ERR_NETWORK_CHANGED\b/;

/**
 * Collects console errors and page errors of a page, for a no-console-errors assertion; a
 * request aborted by a network change of the test machine ({@link NETWORK_CHANGED}) is not one.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !NETWORK_CHANGED.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The password of the end-to-end users. */
export const E2E_PASSWORD = 'Peanut-e2e-1';

/** Signs up `email` through the UI, confirms it with the mailed code and signs in. */
export async function signUpAndIn(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel('Confirm Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Code').waitFor();
  const mails = (await (
    await fetch(`${origin}/dev/mailbox/${encodeURIComponent(email)}`)
  ).json()) as { code: string }[];
  if (mails.length === 0) throw new Error(`no confirmation mail for ${email}`);
  await page.getByLabel('Code').fill(mails[0].code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Your VPNs' }).waitFor();
}

/** The VPN list's body rows. */
export function vpnRows(page: Page): Locator {
  return page.locator('section[aria-labelledby="vpns-title"] tbody tr.ant-table-row');
}

/** Where the end-to-end tests write their screenshots. */
export const SHOTS = path.join(ROOT, 'dist/e2e');

/** A suite's server and the current test's page (see {@link useServerAndPage}). */
export interface ServerAndPage {
  readonly server: RunningServer;
  readonly page: Page;
}

/**
 * Registers, in the calling `describe`: Chromium and a server started with `env` once for the
 * suite (the screenshots folder made), and a new page of `viewport` for each test, whose console
 * and page errors fail that test.
 */
export function useServerAndPage(
  env: Record<string, string>,
  viewport = { width: 1280, height: 900 },
): ServerAndPage {
  let browser: Browser;
  let server: RunningServer;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchChromium();
    server = await startServer(env);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage({ viewport });
    errors = collectErrors(page);
  });
  afterEach(async () => {
    await page.close();
    expect(errors).toEqual([]);
  });
  return {
    get server() {
      return server;
    },
    get page() {
      return page;
    },
  };
}
