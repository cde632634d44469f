/**
 * The operator console end to end, in Debian's Chromium against the real server on the built
 * SPA (docs/operator-console.md): a customer sees no Admin entry, gets the not-found page at
 * /admin and never downloads the console's chunk; an operator (ADMIN_EMAILS) finds the customer,
 * credits 3 peanuts with a reason, and the customer sees the adjustment on their statement; a
 * real unmatched payment (a signed checkout event naming no account) is on the Payments page and
 * the operator credits it to the customer, who gets its pack. Screenshots of each console page go
 * to `dist/e2e/admin-*.png`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  chromiumMissing,
  collectErrors,
  launchChromium,
  signUpAndIn,
  startServer,
  type RunningServer,
  SHOTS,
} from './support';
import { sessionCompleted, sign } from '../support/billingHelpers';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;

const OPERATOR = 'operator-e2e@example.com';
const CUSTOMER = 'customer-e2e@example.com';

/** Waits until the page settles (animations, lazy chunks), then takes `name`'s screenshot. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `admin-${name}.png`), fullPage: true });
}

suite('the operator console in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  // The signed-in customer and operator of the first test, used by the next ones.
  let customer: Page;
  let operator: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer({ ADMIN_EMAILS: OPERATOR });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('hides the console from a customer; an operator credits 3 peanuts the customer then sees', async () => {
    const { origin } = server;
    const viewport = { width: 1280, height: 900 };
    customer = await (await browser.newContext({ viewport })).newPage();
    const customerErrors = collectErrors(customer);
    const requested: string[] = [];
    customer.on('request', (request) => requested.push(request.url()));
    await signUpAndIn(customer, origin, CUSTOMER);
    await customer.goto(`${origin}/admin`);
    await customer.getByRole('heading', { name: 'Page not found' }).waitFor();
    await customer
      .getByRole('menuitem', { name: /Pricing/ })
      .first()
      .waitFor();
    expect(await customer.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    expect(requested.filter((url) => url.includes('page-admin'))).toEqual([]);
    await shot(customer, 'customer-404');

    operator = await (await browser.newContext({ viewport })).newPage();
    const operatorErrors = collectErrors(operator);
    await signUpAndIn(operator, origin, OPERATOR);
    await operator.getByRole('link', { name: 'Admin', exact: true }).click();
    await operator.getByRole('heading', { name: 'Operator console' }).waitFor();
    await operator.getByRole('img', { name: /Peanuts sold and consumed/ }).waitFor();
    await shot(operator, 'overview');

    await operator.getByRole('link', { name: 'Users' }).click();
    await operator.getByLabel('Email prefix or sub').fill('customer-e2e');
    await operator.getByRole('button', { name: 'Search' }).click();
    await operator.getByRole('link', { name: CUSTOMER }).click();
    await operator.getByRole('heading', { name: CUSTOMER, level: 2 }).waitFor();
    await operator.getByRole('button', { name: 'Credit or debit peanuts' }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByLabel('Peanuts (negative to debit)').fill('3');
    await dialog.getByLabel('Reason').fill('VPN in Tokyo never connected');
    await shot(operator, 'confirm');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await operator.getByText('13.00').first().waitFor();
    await shot(operator, 'user');

    for (const [link, heading, name] of [
      ['VPNs', 'VPNs', 'vpns'],
      ['Hosts', 'Hosts', 'hosts'],
      ['Regions', 'Regions', 'regions'],
      ['Audit log', 'Audit log', 'audit'],
    ] as const) {
      await operator
        .getByRole('navigation', { name: 'Operator console pages' })
        .getByRole('link', { name: link })
        .click();
      await operator.getByRole('heading', { name: heading, level: 2 }).waitFor();
      await shot(operator, name);
    }
    await operator.getByRole('cell', { name: 'VPN in Tokyo never connected' }).waitFor();

    await customer.goto(origin);
    await customer.getByTestId('balance-amount').filter({ hasText: '13.00' }).waitFor();
    await customer.getByRole('button', { name: /Statement/ }).click();
    const statement = customer.getByRole('dialog');
    await statement.getByRole('cell', { name: 'Adjustment', exact: true }).waitFor();
    await statement.getByRole('cell', { name: '+3.00' }).waitFor();
    await customer.waitForTimeout(500);
    await shot(customer, 'customer-statement');
    expect(requested.filter((url) => url.includes('page-admin'))).toEqual([]);
    expect(customerErrors).toEqual([]);
    expect(operatorErrors).toEqual([]);
  }, 180_000);

  it('shows a real unmatched payment that the operator credits to the customer as its pack', async () => {
    const { origin } = server;
    const operatorErrors = collectErrors(operator);
    const customerErrors = collectErrors(customer);
    // The Starter pack paid through a link that named no account (no client_reference_id).
    const event = sessionCompleted({ packId: 'starter', clientReferenceId: null });
    const sessionId = (event.data as { object: { id: string } }).object.id;
    const payload = JSON.stringify(event);
    const delivered = await fetch(`${origin}/v1/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      body: payload,
    });
    expect(delivered.status).toBe(200);

    await operator
      .getByRole('navigation', { name: 'Operator console pages' })
      .getByRole('link', { name: 'Payments' })
      .click();
    await operator.getByRole('heading', { name: 'Unmatched payments', level: 2 }).waitFor();
    const row = operator.locator(`tr[data-row-key="${sessionId}"]`);
    await row.getByRole('cell', { name: 'client_reference_id names no user' }).waitFor();
    await shot(operator, 'payments');
    await row.getByRole('button', { name: 'Credit' }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Account' }).fill('customer-e2e');
    await operator.locator('.ant-select-item-option', { hasText: CUSTOMER }).click();
    await dialog.getByText('Starter: 17 peanuts').waitFor();
    await dialog.getByLabel('Reason').fill('Paid through a link without an account');
    await shot(operator, 'payments-credit');
    await dialog.getByRole('button', { name: 'Credit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await operator.getByText('No unmatched payment.').waitFor();
    await operator.getByRole('checkbox', { name: 'Show those credited by hand too' }).check();
    await row.getByText('credited', { exact: true }).waitFor();

    await customer.goto(origin);
    await customer.getByTestId('balance-amount').filter({ hasText: '30.00' }).waitFor();
    expect(operatorErrors).toEqual([]);
    expect(customerErrors).toEqual([]);
  }, 120_000);
});
