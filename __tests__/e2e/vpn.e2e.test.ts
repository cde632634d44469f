/**
 * End to end, in Debian's Chromium against the real server on the built SPA, with the
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
import type { Browser, Page } from 'playwright-core';
import {
  chromiumMissing,
  collectErrors,
  launchChromium,
  signUpAndIn,
  startServer,
  vpnRows,
  type RunningServer,
  SHOTS,
} from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;

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
  }, 120_000);
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
      // Info logs: a failure below shows the VPN's lifecycle lines and the requests on it.
      server = await startServer({
        SIMULATED_STEP_MS: '300',
        METER_INTERVAL_S: '1',
        LOG_LEVEL: 'info',
      });
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
        row.getByRole('button', { name: `Config: download the configuration of ${vpnId}` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^\d{10}euw3\.conf$/);
      const conf = readFileSync(await download.path(), 'utf8');
      expect(conf).toMatch(
        /\[Interface\][\s\S]*PrivateKey = \S+[\s\S]*\[Peer\][\s\S]*Endpoint = \S+:\d+/,
      );

      // QRCode: a window naming the VPN, the instruction and the PNG.
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        row.getByRole('button', { name: `QRCode: show the QR code of ${vpnId}` }).click(),
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
      const deleting = Date.now();
      await row
        .getByText('Deleted')
        .waitFor({ timeout: 30_000 })
        .catch((error: unknown) => {
          // Whether the server or the page was late: the server's lines on this VPN, with times.
          const lines = server
            .output()
            .split('\n')
            .filter((line) => line.includes(String(vpnId)));
          throw new Error(
            `${String(error)}\nclick at ${new Date(deleting).toISOString()}; server:\n${lines.slice(-20).join('\n')}`,
          );
        });
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
      expect(await page.getByTestId('delete-after-value').innerText()).toBe('a minute (60 s)');
      const peanuts = page.getByRole('slider', { name: 'Max peanuts' });
      await peanuts.focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.getByTestId('max-peanuts-value').innerText()).toBe('1.00 peanuts');

      await createIn(page, 'Montreal', 'Canada');
      const row = vpnRows(page).first();
      await row.getByText('maxPeanuts: 1.00, deleteAfter: a minute').waitFor();
      await row.getByText('Running').waitFor({ timeout: 30_000 });
      // The service ends it (peanuts or deadline) without anyone asking.
      await row.getByText('Deleted').waitFor({ timeout: 120_000 });
      // A reload of the page shows the final usage and balance as the server has them.
      await page.reload();
      await vpnRows(page).first().getByText('Deleted').waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="balance-amount"]')?.textContent) < 37,
      );
      // The balance and the list reload separately: read both until they agree (10 s at most).
      let consumed = NaN;
      let balance = NaN;
      for (let tries = 0; tries < 20; tries++) {
        // The Usage cell's line ("Peanuts: 1.02" and the peanut icon), not the Config cell's "maxPeanuts: 1.00".
        const usage = await vpnRows(page).first().innerText();
        consumed = Number(/(?:^|\n)\s*Peanuts: ([\d.]+)/.exec(usage)?.[1]);
        balance = await shownBalance(page);
        if (Math.abs(balance - (37 - consumed)) < 0.05) break;
        await page.waitForTimeout(500);
      }
      expect(consumed).toBeGreaterThan(0);
      // The interval that crosses 1 peanut is charged in full, then the VPN ends:
      // at most one metering interval (5 s of time and traffic) past the limit.
      expect(consumed).toBeLessThan(1.5);
      expect(balance).toBeCloseTo(37 - consumed, 1);
    }, 240_000);
  });
});
