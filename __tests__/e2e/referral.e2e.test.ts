/**
 * End to end, in Debian's Chromium against the real server on the built SPA, with two
 * people: A buys a pack and shares the referral link from /referral; B opens that link signed
 * out, signs up and in, finds A's code pre-filled and valid on /referral, buys a pack on the
 * local checkout; both balances show the 5-peanut rewards, both histories and stats show the
 * referral; B's refund takes both rewards back. Screenshots go to `dist/e2e/`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  chromiumMissing,
  collectErrors,
  launchChromium,
  signUpAndIn,
  startServer,
  type RunningServer,
  SHOTS,
} from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;

/** Waits until the balance badge of `page` shows `peanuts` (its focus refreshes it). */
async function waitForBalance(page: Page, peanuts: string): Promise<void> {
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page
    .getByTestId('balance-amount')
    .filter({ hasText: new RegExp(`^${peanuts.replace('.', '\\.')}$`) })
    .waitFor({ timeout: 30_000 });
}

/**
 * Buys the Starter pack from the pricing page of `page` (a new tab on the local checkout) and
 * pays; answers the checkout tab, left open for a refund.
 */
async function buyStarter(context: BrowserContext, page: Page): Promise<Page> {
  await page.goto(new URL('/', page.url()).toString());
  await page.getByRole('link', { name: 'Buy More' }).click();
  const starter = page.getByRole('article', { name: 'Starter' });
  const [checkout] = await Promise.all([
    context.waitForEvent('page'),
    starter.getByRole('button', { name: /Buy/ }).click(),
  ]);
  await checkout.waitForLoadState();
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await checkout.getByText('Payment received').waitFor();
  await page.bringToFront();
  await page.goto(new URL('/', page.url()).toString());
  return checkout;
}

/** The referral page's statistics card values: [total referrals, peanuts earned]. */
async function stats(page: Page): Promise<string[]> {
  const card = page.getByLabel('Referral statistics');
  await card.getByText('Total Referrals').waitFor();
  return card.locator('.ant-statistic-content').allInnerTexts();
}

suite('the referral programme in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
  }, 240_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  async function person(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    contexts.push(context);
    const page = await context.newPage();
    return { context, page, errors: collectErrors(page) };
  }

  it('rewards both sides of a shared link on the first purchase and reverses on refund', async () => {
    const { origin } = server;

    // A: a buyer (both sides must have bought a pack), then shares the link.
    const a = await person();
    await signUpAndIn(a.page, origin, 'referrer-e2e@example.com');
    await buyStarter(a.context, a.page);
    await waitForBalance(a.page, '27.00');
    await a.page.goto(`${origin}/referral`);
    const linkBox = a.page.getByLabel('referral link', { exact: true });
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    const code = await a.page.getByLabel('referral code', { exact: true }).inputValue();
    expect(code).toMatch(/^[0-9A-F]{8}$/);
    expect(link).toBe(`${origin}/referral?ref=${code}`);
    await a.page
      .getByLabel('Referral statistics')
      .getByText('Start sharing your referral code to see your statistics here!')
      .waitFor();

    // B: opens the link signed out, signs up and in, and finds the code pre-filled and valid.
    const b = await person();
    await b.page.goto(link);
    await b.page.waitForURL(/\/login/);
    await signUpAndIn(b.page, origin, 'referee-e2e@example.com');
    await b.page.goto(`${origin}/referral`);
    const field = b.page.getByLabel("Friend's referral code");
    await b.page
      .getByText('This code is valid! Get bonus peanuts on your first purchase.')
      .waitFor({ timeout: 30_000 });
    expect(await field.inputValue()).toBe(code);
    await b.page.screenshot({ path: path.join(SHOTS, 'referral-referee.png'), fullPage: true });

    // B buys: 10 + 17 + 5 for B, 27 + 5 for A.
    const checkout = await buyStarter(b.context, b.page);
    await waitForBalance(b.page, '32.00');
    await a.page.goto(`${origin}/`);
    await waitForBalance(a.page, '32.00');

    // Both see the referral in their statistics and history.
    for (const side of [a, b]) {
      await side.page.goto(`${origin}/referral`);
      expect(await stats(side.page)).toEqual(['1', '5.00']);
      // One row: its date, the user's +5 and the friend's +5.
      const history = side.page.locator('section').filter({ hasText: 'Your Referral History' });
      const row = history.locator('tbody tr.ant-table-row');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      expect(await row.getByRole('cell', { name: '+5' }).count()).toBe(2);
    }
    await a.page.screenshot({ path: path.join(SHOTS, 'referral-referrer.png'), fullPage: true });
    // B's page now says a code was used.
    await b.page
      .getByText("You've already used a referral code. For more peanuts, share yours!")
      .waitFor();

    // B's refund takes back the pack and both rewards.
    await checkout.bringToFront();
    await checkout.getByRole('button', { name: 'Refund' }).click();
    await checkout.getByText('This payment was refunded').waitFor();
    await b.page.goto(`${origin}/`);
    await waitForBalance(b.page, '10.00');
    await a.page.goto(`${origin}/`);
    await waitForBalance(a.page, '27.00');
    await a.page.goto(`${origin}/referral`);
    // A reversed referral counts for nothing: back to the empty statistics.
    await a.page
      .getByLabel('Referral statistics')
      .getByText('Start sharing your referral code to see your statistics here!')
      .waitFor();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  }, 240_000);
});
