/**
 * `npm run bench`, part 3: the landing page (issue 11, goal 3). Starts the server on the built
 * SPA (dist/web; built when missing) and opens `/` as an anonymous visitor in headless Chromium
 * (playwright-core, /usr/bin/chromium) with the CPU throttled 4x (CDP
 * Emulation.setCPUThrottlingRate), cache disabled, three times. Prints the JavaScript loaded
 * (files, and their exact gzip size at level 9: the bytes a gzip-serving proxy would send), the
 * largest contentful paint (PerformanceObserver, buffered) and whether the dashboard's chunk was
 * loaded, next to the goals: <= 250 KiB, LCP <= 1 s, no dashboard chunk.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { chromiumMissing, launchChromium, ROOT, startServer } from '../__tests__/e2e/support';

/** Runs of the page (the median LCP is printed). */
const RUNS = 3;

/** The gzip size of a built asset, bytes. */
function gzipSize(urlPath: string): number {
  const file = path.join(ROOT, 'dist/web', decodeURIComponent(urlPath));
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Loads `url` once with 4x CPU throttling: the scripts fetched and the LCP, ms. */
async function measure(page: Page, url: string): Promise<{ scripts: string[]; lcpMs: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  return { scripts, lcpMs };
}

/** Measures and prints. */
async function main(): Promise<void> {
  const missing = chromiumMissing();
  if (missing) {
    process.stdout.write(`Landing page bench skipped: ${missing}\n`);
    return;
  }
  const server = await startServer();
  const browser = await launchChromium();
  const runs: { scripts: string[]; lcpMs: number }[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      runs.push(await measure(page, `${server.origin}/`));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const scripts = [...new Set(runs[0].scripts)];
  const sizes = scripts.map((script) => [script, gzipSize(script)] as const);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  const lcps = runs.map((run) => run.lcpMs).sort((a, b) => a - b);
  const lcp = lcps[Math.floor(lcps.length / 2)];
  const dashboard = runs.some((run) => run.scripts.some((s) => s.includes('dashboard')));

  process.stdout.write(
    `\nLanding page / (anonymous), Chromium, CPU throttled 4x, ${RUNS} loads\n\n`,
  );
  for (const [script, size] of sizes) {
    process.stdout.write(`  ${(size / 1024).toFixed(1).padStart(7)} KiB gzip  ${script}\n`);
  }
  process.stdout.write(
    `\n| what | measured | goal | met |\n| --- | ---: | ---: | --- |\n` +
      `| JavaScript for / (gzip, ${scripts.length} files) | ${(total / 1024).toFixed(1)} KiB | <= 250 KiB | ${total <= 250 * 1024 ? 'yes' : 'NO'} |\n` +
      `| LCP, median of ${RUNS} (${lcps.map((v) => v.toFixed(0)).join(', ')} ms) | ${lcp.toFixed(0)} ms | <= 1000 ms | ${lcp <= 1000 ? 'yes' : 'NO'} |\n` +
      `| dashboard chunk loaded when signed out | ${dashboard ? 'yes' : 'no'} | no | ${dashboard ? 'NO' : 'yes'} |\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
