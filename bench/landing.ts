/**
 * `npm run bench`, part 3: the landing page. Starts the server on the built
 * SPA (dist/web; built when missing) and opens `/` as an anonymous visitor in headless Chromium
 * (playwright-core, /usr/bin/chromium; viewport 1280x720) with the CPU throttled 4x (CDP
 * Emulation.setCPUThrottlingRate), cache disabled, RUNS times. A load ends when the network has
 * been quiet for QUIET_MS (a chunk requested late under throttling, such as the flags, counts).
 *
 * Prints the JavaScript loaded (files, and their exact gzip size at level 9: the bytes a
 * gzip-serving proxy would send), the largest contentful paint (PerformanceObserver, buffered:
 * median and spread) and whether the dashboard's or the identity library's chunk was loaded,
 * next to the goals: <= 250 KiB, LCP <= 1 s, neither chunk. Then, for the record, what scrolling
 * to the bottom adds (the regions table loads when wanted) and the machine's load average.
 * `WEB_DIR=<dir>` measures another build (e.g. the previous commit's, side by side).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  chromiumMissing,
  collectErrors,
  launchChromium,
  ROOT,
  startServer,
} from '../__tests__/e2e/support';

/** Loads of the page (the median LCP is printed, with the spread). */
const RUNS = 7;
/** A load or a scroll is over once no request has been in flight for this long, ms. */
const QUIET_MS = 2_000;
/** Longest wait for quiet, ms. */
const QUIET_DEADLINE_MS = 60_000;

/** The built SPA served and measured: `WEB_DIR` (e.g. another commit's build) or dist/web. */
const WEB_DIR = path.resolve(ROOT, process.env.WEB_DIR ?? 'dist/web');

/** The gzip size of a built asset, bytes. */
function gzipSize(urlPath: string): number {
  const file = path.join(WEB_DIR, decodeURIComponent(urlPath));
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Tracks the page's requests: the scripts fetched and when the network was last busy. */
function trackRequests(page: Page) {
  const scripts: string[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const settle = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('request', (request) => {
    inFlight += 1;
    lastActivity = Date.now();
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  /** Resolves once nothing was in flight for QUIET_MS from now on (or at the deadline). */
  const quiet = async () => {
    lastActivity = Math.max(lastActivity, Date.now());
    const deadline = Date.now() + QUIET_DEADLINE_MS;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < QUIET_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { scripts, quiet };
}

/** One largest-contentful-paint entry: when, how large (px²) and which element. */
interface LcpEntry {
  ms: number;
  size: number;
  element: string;
}

interface Run {
  scripts: string[];
  lcpMs: number;
  /** When the document's first byte arrived, its last byte, and the first contentful paint, ms. */
  firstByteMs: number;
  lastByteMs: number;
  fcpMs: number;
  /** Every LCP entry of the load, in order (a later, larger element reports a new one). */
  lcpEntries: LcpEntry[];
  /** Console errors and uncaught errors (a hydration mismatch shows here). */
  errors: string[];
  /** Scripts fetched after scrolling to the bottom (first run only). */
  scrolled: string[];
}

/** Loads `url` once with 4x CPU throttling; on `scroll`, then scrolls to the bottom. */
async function measure(page: Page, url: string, scroll: boolean): Promise<Run> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const requests = trackRequests(page);
  const errors = collectErrors(page);
  await page.goto(url, { waitUntil: 'load' });
  await requests.quiet();
  const scripts = [...requests.scripts];
  const lcpEntries = await page.evaluate(
    () =>
      new Promise<LcpEntry[]>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(
            (list.getEntries() as LargestContentfulPaint[]).map((entry) => ({
              ms: entry.startTime,
              size: entry.size,
              element: entry.element
                ? `<${entry.element.tagName.toLowerCase()}> ${(entry.element.textContent ?? '').slice(0, 40)}`
                : '(removed)',
            })),
          );
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  const lcpMs = lcpEntries[lcpEntries.length - 1].ms;
  const [firstByteMs, lastByteMs, fcpMs] = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return [navigation.responseStart, navigation.responseEnd, fcp ? fcp.startTime : Number.NaN];
  });
  let scrolled: string[] = [];
  if (scroll) {
    await page.mouse.wheel(0, 10_000);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await requests.quiet();
    scrolled = requests.scripts.slice(scripts.length);
  }
  return { scripts, lcpMs, firstByteMs, lastByteMs, fcpMs, lcpEntries, errors, scrolled };
}

/** `bytes` in KiB with one decimal. */
const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** Measures and prints. */
async function main(): Promise<void> {
  const missing = chromiumMissing();
  if (missing) {
    process.stdout.write(`Landing page bench skipped: ${missing}\n`);
    return;
  }
  const loadBefore = os.loadavg();
  const server = await startServer({ WEB_DIR });
  const browser = await launchChromium();
  const runs: Run[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      runs.push(await measure(page, `${server.origin}/`, i === 0));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const loadAfter = os.loadavg();
  const scripts = [...new Set(runs.flatMap((run) => run.scripts))];
  const sizes = scripts.map((script) => [script, gzipSize(script)] as const);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  const scrolled = [...new Set(runs[0].scrolled)].filter((script) => !scripts.includes(script));
  const scrolledBytes = scrolled.reduce((sum, script) => sum + gzipSize(script), 0);
  const lcps = runs.map((run) => run.lcpMs).sort((a, b) => a - b);
  const lcp = lcps[Math.floor(lcps.length / 2)];
  const loaded = (name: string) =>
    runs.some((run) => run.scripts.some((s) => path.basename(s).startsWith(`${name}.`)));
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(0);
  const dashboard = loaded('dashboard');
  const identity = loaded('identity');

  process.stdout.write(
    `\nLanding page / (anonymous) of ${path.relative(ROOT, WEB_DIR) || WEB_DIR}, Chromium 1280x720,` +
      ` CPU throttled 4x, ${RUNS} loads\n\n`,
  );
  for (const [script, size] of sizes) {
    process.stdout.write(`  ${kib(size).padStart(7)} KiB gzip  ${script}\n`);
  }
  process.stdout.write(
    `\n| what | measured | goal | met |\n| --- | ---: | ---: | --- |\n` +
      `| JavaScript for / (gzip, ${scripts.length} files) | ${kib(total)} KiB | <= 250 KiB | ${total <= 250 * 1024 ? 'yes' : 'NO'} |\n` +
      `| LCP, median of ${RUNS} (${lcps.map((v) => v.toFixed(0)).join(', ')} ms) | ${lcp.toFixed(0)} ms | <= 1000 ms | ${lcp <= 1000 ? 'yes' : 'NO'} |\n` +
      `| dashboard chunk loaded when signed out | ${dashboard ? 'yes' : 'no'} | no | ${dashboard ? 'NO' : 'yes'} |\n` +
      `| identity library loaded when signed out | ${identity ? 'yes' : 'no'} | no | ${identity ? 'NO' : 'yes'} |\n` +
      `\nMedians: document first byte ${median(runs.map((r) => r.firstByteMs))} ms, last byte` +
      ` ${median(runs.map((r) => r.lastByteMs))} ms, first contentful paint` +
      ` ${median(runs.map((r) => r.fcpMs))} ms.\n` +
      `LCP entries of the first load: ${runs[0].lcpEntries.map((e) => `${e.ms.toFixed(0)} ms ${e.size} px² ${e.element}`).join('; ')}.\n` +
      `Console errors: ${runs.flatMap((run) => run.errors).join('; ') || 'none'}.\n` +
      `Scrolling to the bottom then loads ${scrolled.length} more files, ${kib(scrolledBytes)} KiB gzip` +
      ` (${scrolled.map((s) => path.basename(s).split('.')[0]).join(', ') || 'none'}).\n` +
      `Load average (1, 5, 15 min) before: ${loadBefore.map((v) => v.toFixed(2)).join(' ')};` +
      ` after: ${loadAfter.map((v) => v.toFixed(2)).join(' ')} (${os.cpus().length} CPUs).\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
