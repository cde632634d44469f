/**
 * The landing page's budget, as a regression check on the built SPA (dist/web, or `WEB_DIR`)
 * in Chromium: an anonymous visitor's `/` loads at most 250 KiB of gzip'd JavaScript (exact
 * bytes, gzip level 9, as bench/landing.ts counts them: a heavy module back on `/` fails here),
 * none of the dashboard's, the identity library's or the translation runtime's chunks, and the
 * landing's hero is in the HTML itself (painted before any script runs), which the app then
 * hydrates without an error. The timing (LCP) is the bench's, not a test's.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import {
  chromiumMissing,
  collectErrors,
  launchChromium,
  ROOT,
  startServer,
  type RunningServer,
} from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;

/** The built SPA: `WEB_DIR` (e.g. another commit's build) or dist/web. */
const WEB_DIR = path.resolve(ROOT, process.env.WEB_DIR ?? 'dist/web');
/** The goal: JavaScript loaded for `/`, gzip bytes. */
const BUDGET_BYTES = 250 * 1024;
/** The network counts as done once nothing was in flight for this long, ms. */
const QUIET_MS = 2_000;

suite('the landing page budget in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ WEB_DIR });
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  }, 120_000);

  it('serves the hero in the HTML and loads at most 250 KiB of JavaScript for /', async () => {
    const html = await (
      await fetch(`${server.origin}/`, { headers: { accept: 'text/html' } })
    ).text();
    expect(html).toContain('Prepaid, temporary VPNs');
    expect(html).toContain('Please authenticate');

    const page = await browser.newPage();
    const errors = collectErrors(page);
    const scripts: string[] = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    page.on('request', (request) => {
      inFlight += 1;
      lastActivity = Date.now();
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    const settle = () => {
      inFlight -= 1;
      lastActivity = Date.now();
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    // Hydrated: the packs list mounted and the packs came (they are not in the shell).
    await page.getByText('Starter').first().waitFor({ timeout: 120_000 });
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const bytes = [...new Set(scripts)].map((script) => {
      const file = path.join(WEB_DIR, decodeURIComponent(script));
      return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    });
    const total = bytes.reduce((sum, size) => sum + size, 0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(scripts.some((script) => /\/(dashboard|identity)\./.test(script))).toBe(false);
    // English needs no translation runtime (i18next) nor catalogue (docs/languages.md).
    expect(scripts.some((script) => /\/(i18n|locale-[a-z]+)\./.test(script))).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
