/**
 * Issue 4 end to end, in Debian's Chromium against the real server on the built SPA, with the
 * simulated provisioner made fast (SIMULATED_STEP_MS, METER_INTERVAL_S):
 * - sign up, confirm with the code from the local mailbox, sign in; create a VPN, see it reach
 *   Running; download its config and check its content; open the QR window and see the image;
 *   see usage grow; delete it and see Deleted;
 * - with the mock preset (spec §9: limits 60-300 s), a VPN given the shortest deadline and
 *   1 peanut is terminated by the service and the balance is charged.
 * Screenshots of the dashboard with a Running VPN and of the QR window go to `dist/e2e/`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  ROOT,
  chromiumMissing,
  collectErrors,
  launchChromium,
  startServer,
  type RunningServer,
} from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;

const PASSWORD = 'Peanut-e2e-1';
const SHOTS = path.join(ROOT, 'dist/e2e');

/** Signs up `email` through the UI, confirms it with the mailed code and signs in. */
async function signUpAndIn(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Code').waitFor();
  const mails = (await (
    await fetch(`${origin}/dev/mailbox/${encodeURIComponent(email)}`)
  ).json()) as { code: string }[];
  expect(mails.length).toBeGreaterThan(0);
  await page.getByLabel('Code').fill(mails[0].code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Your VPNs' }).waitFor();
}

/** The balance shown by the badge, in peanuts. */
async function shownBalance(page: Page): Promise<number> {
  return Number(await page.getByTestId('balance-amount').innerText());
}

/** Clicks the balance badge's refresh (balance and first page of VPNs). */
async function refreshBalance(page: Page): Promise<void> {
  await page
    .getByRole('status', { name: 'Balance' })
    .getByRole('button', { name: /refresh/i })
    .click();
}

/** The VPN list's body rows. */
function vpnRows(page: Page): Locator {
  return page.locator('section[aria-labelledby="vpns-title"] tbody tr.ant-table-row');
}

/** Clicks Create in the row of `city`. */
async function createIn(page: Page, city: string, country: string): Promise<void> {
  await page.getByRole('button', { name: `Create a VPN in ${city}, ${country}` }).click();
}

suite('renting a VPN in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await browser.newPage({
      viewport: { width: 1280, height: 1000 },
      acceptDownloads: true,
    });
    errors = collectErrors(page);
  });
  afterEach(async () => {
    await page.close();
    expect(errors).toEqual([]);
  });

  describe('with the product preset', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ SIMULATED_STEP_MS: '300', METER_INTERVAL_S: '1' });
    }, 240_000);
    afterAll(async () => {
      await server?.stop();
    });

    it('creates a VPN, downloads its config, shows its QR code, meters it and deletes it', async () => {
      const { origin } = server;
      await signUpAndIn(page, origin, 'ann-e2e@example.com');
      await page.getByText('How it works').waitFor();
      await page.getByText('Configuration', { exact: true }).waitFor();
      expect(await page.getByTestId('delete-after-value').innerText()).toBe('4 hours (14400 s)');
      await page.getByRole('button', { name: 'Create a VPN in Paris, France' }).waitFor();
      expect(await shownBalance(page)).toBe(10);

      await createIn(page, 'Paris', 'France');
      await page
        .getByText(
          'Your VPN is provisioning, please be patient. It should appear at the top of the list above.',
        )
        .waitFor();
      const row = vpnRows(page).first();
      await row.getByText('eu-west-3').waitFor();
      await row.getByText('Running').waitFor({ timeout: 30_000 });
      await row.getByText(/^Data: \d+\.\d\d MiB$/).waitFor();
      const vpnId = await row.locator('[title]').first().getAttribute('title');
      expect(vpnId).toMatch(/^\d+@eu-west-3$/);

      // Config: the decoded .conf under the short name (yyMMddHHmm + euw3).
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: `Download the configuration of ${vpnId}` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^\d{10}euw3\.conf$/);
      const conf = readFileSync(await download.path(), 'utf8');
      expect(conf).toMatch(
        /\[Interface\][\s\S]*PrivateKey = \S+[\s\S]*\[Peer\][\s\S]*Endpoint = \S+:\d+/,
      );

      // QRCode: a window naming the VPN, the instruction and the PNG.
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        row.getByRole('button', { name: `Show the QR code of ${vpnId}` }).click(),
      ]);
      await popup.getByRole('heading', { name: `VPN ${vpnId}` }).waitFor();
      await popup.getByText(/Scan this QR code with your phone in the WireGuard app/).waitFor();
      const image = popup.locator('img');
      await image.waitFor();
      expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await popup.waitForFunction(() => {
        const img = document.querySelector('img');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      await popup.screenshot({ path: path.join(SHOTS, 'qr-window.png') });
      await popup.close();

      // Usage grows (the list reloads every 10 s).
      const usage = async () =>
        Number(/Data: ([\d.]+) MiB/.exec(await row.locator('td').nth(4).innerText())?.[1]);
      const before = await usage();
      await page.waitForFunction(
        ([selector, first]) => {
          const cell = document.querySelectorAll(selector)[0]?.querySelectorAll('td')[4];
          const match = /Data: ([\d.]+) MiB/.exec(cell?.textContent ?? '');
          return !!match && Number(match[1]) > (first as number);
        },
        ['section[aria-labelledby="vpns-title"] tbody tr.ant-table-row', before] as const,
        { timeout: 30_000 },
      );
      await page.screenshot({ path: path.join(SHOTS, 'dashboard-running.png'), fullPage: true });

      // Delete: confirm, then Deleted.
      await row.getByRole('button', { name: `Delete ${vpnId}` }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await row.getByText('Deleted').waitFor({ timeout: 30_000 });
      expect(await row.getByRole('button').count()).toBe(0);
      await refreshBalance(page);
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="balance-amount"]')?.textContent) < 10,
      );
    }, 180_000);
  });

  describe('with the mock preset', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({
        PRESET: 'mock',
        SIMULATED_STEP_MS: '300',
        METER_INTERVAL_S: '1',
      });
    }, 240_000);
    afterAll(async () => {
      await server?.stop();
    });

    it('terminates a VPN at its deadline or when its peanuts run out, and charges the balance', async () => {
      const { origin } = server;
      await signUpAndIn(page, origin, 'bob-e2e@example.com');
      expect(await shownBalance(page)).toBe(37);
      // Shortest deadline (60 s) and 1 peanut.
      const after = page.getByRole('slider', { name: 'Delete after' });
      await after.focus();
      await page.keyboard.press('Home');
      expect(await page.getByTestId('delete-after-value').innerText()).toBe('1 minute (60 s)');
      const peanuts = page.getByRole('slider', { name: 'Max peanuts' });
      await peanuts.focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.getByTestId('max-peanuts-value').innerText()).toBe('1.00 peanuts');

      await createIn(page, 'Montreal', 'Canada');
      const row = vpnRows(page).first();
      await row.getByText('maxPeanuts: 1.00, deleteAfter: 1 minute').waitFor();
      await row.getByText('Running').waitFor({ timeout: 30_000 });
      // The service ends it (peanuts or deadline) without anyone asking.
      await row.getByText('Deleted').waitFor({ timeout: 120_000 });
      const text = await row.innerText();
      const consumed = Number(/Peanuts: ([\d.]+)/.exec(text)?.[1]);
      expect(consumed).toBeGreaterThan(0);
      expect(consumed).toBeLessThanOrEqual(1.01);
      await refreshBalance(page);
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="balance-amount"]')?.textContent) < 37,
      );
      const balance = await shownBalance(page);
      expect(balance).toBeCloseTo(37 - consumed, 1);
    }, 240_000);
  });
});
