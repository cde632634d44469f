/**
 * End to end, in Debian's Chromium against the real server on the built SPA: sign up
 * and in, Buy on the Starter pack (a new tab on the local checkout), Pay, come back and see the
 * balance go from 10 to 27 and the purchase in the statement; Refund it on the checkout page and
 * see 10 again, the purchase marked refunded. Screenshots of the checkout and the statement go
 * to `dist/e2e/`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  chromiumMissing,
  collectErrors,
  launchChromium,
  startServer,
  type RunningServer,
  SHOTS,
} from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;

const PASSWORD = 'Peanut-e2e-1';

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
  await page.getByLabel('Code').fill(mails[0].code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Your VPNs' }).waitFor();
}

/** Waits until the balance badge shows `peanuts`. */
async function waitForBalance(page: Page, peanuts: string): Promise<void> {
  await page.getByTestId('balance-amount').filter({ hasText: peanuts }).waitFor();
}

suite('buying peanuts in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let server: RunningServer;

  beforeAll(async () => {
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
  }, 240_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('buys the Starter pack on the local checkout, sees it in the statement, then refunds it', async () => {
    const { origin } = server;
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signUpAndIn(page, origin, 'buyer-e2e@example.com');
    await waitForBalance(page, '10.00');

    // A mark that a reload would wipe: the balance must refresh without one.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await page.getByRole('link', { name: 'Buy More' }).click();
    const starter = page.getByRole('article', { name: 'Starter' });
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      starter.getByRole('button', { name: /Buy/ }).click(),
    ]);
    await checkout.waitForLoadState();
    expect(new URL(checkout.url()).pathname).toBe('/checkout/starter');
    await checkout.getByText('buyer-e2e@example.com').waitFor();
    await checkout.screenshot({ path: path.join(SHOTS, 'checkout.png') });
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await checkout.getByText('Payment received').waitFor();

    // Back on the first tab (its focus returns): the dashboard shows the new balance.
    await page.goBack();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await waitForBalance(page, '27.00');
    expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
    await page.getByRole('button', { name: /Statement/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('cell', { name: 'Purchase', exact: true }).waitFor();
    await drawer.getByText('Starter pack').waitFor();
    await drawer.getByText('paid', { exact: true }).waitFor();
    await page.waitForTimeout(500); // the drawer's opening animation, for the screenshot
    await page.screenshot({ path: path.join(SHOTS, 'statement.png') });
    await drawer.getByRole('button', { name: 'Close' }).click();

    await checkout.bringToFront();
    await checkout.getByRole('button', { name: 'Refund' }).click();
    await checkout.getByText('This payment was refunded').waitFor();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await waitForBalance(page, '10.00');
    await page.getByRole('button', { name: /Statement/ }).click();
    const statement = page.getByRole('dialog');
    await statement.getByRole('cell', { name: 'Refund', exact: true }).waitFor();
    await statement.getByText('refunded', { exact: true }).first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SHOTS, 'statement-refunded.png') });
    expect(errors).toEqual([]);
  }, 120_000);
});
