/**
 * End to end, in Debian's Chromium against the real server on the built SPA: the home
 * page lists the 27 regions sorted by country then city, every route of spec §2's route table
 * renders its page (protected ones redirect to /login), an unknown route shows the not-found
 * page, and no page logs a console error.
 */
import type { Browser, Page } from 'playwright-core';
import { sortRegions, type RegionDetailed } from '../../src/core/regions';
import {
  chromiumMissing,
  collectErrors,
  launchChromium,
  startServer,
  type RunningServer,
} from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;

/** Public routes and a heading each must show (spec §2 route table). */
const PUBLIC_ROUTES: [path: string, heading: string][] = [
  ['/pricing', 'Pricing'],
  ['/contribute', 'Contribute'],
  ['/makemoney', 'Make Money'],
  ['/faq', 'Frequently Asked Questions'],
  ['/doc', 'Documentation'],
  ['/doc-cli', 'CLI Documentation'],
  ['/issue', 'Issue'],
  ['/support', 'Support'],
  ['/contactus', 'Contact Us'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/login', 'Sign In'],
  ['/signup', 'Sign Up'],
  ['/referral/terms', 'Referral Program Terms'],
];
/** Routes for signed-in users only. */
const PROTECTED_ROUTES = ['/password', '/unregister', '/referral'];

suite('the product shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = collectErrors(page);
  });
  afterEach(async () => {
    await page.close();
    expect(errors).toEqual([]);
  });

  it('shows the 27 regions on the home page, sorted by country then city, with flags', async () => {
    const api = (await (await fetch(`${server.origin}/v1/regionsDetailed/`)).json()) as {
      regions: RegionDetailed[];
    };
    const expected = sortRegions(api.regions).map((r) => [r.city, r.country]);
    expect(expected).toHaveLength(27);

    await page.goto(server.origin + '/');
    await page.getByRole('link', { name: 'Please authenticate' }).waitFor();
    // Signed out, the table loads once its section is in view after the landing has its packs
    // (or once the visitor scrolls, which a wheel sent before the page is hydrated would not
    // show: the prerendered landing's link is visible before any script runs).
    await page
      .locator('section[aria-labelledby="home-pricing-title"]')
      .getByText('Starter')
      .waitFor();
    await page.locator('#regions-title').scrollIntoViewIfNeeded();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.nth(26).waitFor();
    expect(await rows.count()).toBe(27);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td')]
          .slice(0, 2)
          .map((td) => (td as HTMLElement).innerText.trim()),
      ),
    );
    expect(cells).toEqual(expected);
    expect(cells[0]).toEqual(['Sydney', 'Australia']);
    expect(
      await page.locator('.ant-table-tbody svg, .ant-table-tbody img').count(),
    ).toBeGreaterThanOrEqual(27);

    // Create, signed out, goes to /pricing (spec §2 "Regions table").
    await rows
      .first()
      .getByRole('button', { name: /create/i })
      .click();
    await page.waitForURL(`${server.origin}/pricing`);
    await page.getByRole('heading', { name: 'Pricing' }).waitFor();
    await page.getByText('Starter').first().waitFor();
  });

  it.each(PUBLIC_ROUTES)('renders %s', async (path, heading) => {
    await page.goto(server.origin + path);
    const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await page
      .locator('h1, h2', { hasText: new RegExp(`^${escaped}`) })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  });

  it.each(PROTECTED_ROUTES)('redirects %s to /login when signed out', async (path) => {
    await page.goto(server.origin + path);
    await page.waitForURL(`${server.origin}/login`);
    await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor();
    // The redirect replaced the history entry: back leaves the app rather than looping.
    expect(await page.evaluate(() => history.length)).toBe(2);
  });

  it('shows the not-found page for an unknown route', async () => {
    await page.goto(server.origin + '/no/such/page');
    await page.getByText('Page not found').first().waitFor();
    for (const href of ['/issue', '/', '/faq', '/contactus']) {
      expect(await page.locator(`main a[href="${href}"]`).count()).toBeGreaterThan(0);
    }
  });

  it('navigates from the header menu and the footer, and the FAQ anchors work', async () => {
    await page.goto(server.origin + '/');
    await page.getByRole('menuitem', { name: 'Pricing' }).click();
    await page.waitForURL(`${server.origin}/pricing`);
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${server.origin}/privacy`);
    await page.goto(server.origin + '/faq#whatarepeanuts');
    const anchor = page.locator('#whatarepeanuts');
    await anchor.waitFor();
    await expect(anchor.isVisible()).resolves.toBe(true);
    expect(await page.locator('#connection').count()).toBe(1);
  });
});
