/**
 * In Debian's Chromium at 1280x900 against the real server: a Running VPN's actions all show
 * without scrolling the table sideways; Delete's confirmation,
 * opened on a Running VPN, stays anchored to its button and inside the window while the list's
 * 10 s reload passes; confirming it then deletes the VPN and the row reaches Deleted. A
 * screenshot of the open confirmation after the reload goes to `dist/e2e/`.
 */
import path from 'node:path';
import { SHOTS, chromiumMissing, signUpAndIn, useServerAndPage, vpnRows } from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;
const VIEWPORT = { width: 1280, height: 900 };

suite("Delete's confirmation across a 10 s reload", () => {
  const fixture = useServerAndPage({ SIMULATED_STEP_MS: '300', METER_INTERVAL_S: '1' }, VIEWPORT);

  it('stays on its button through a reload, then deletes the VPN', async () => {
    const { page, server } = fixture;
    await signUpAndIn(page, server.origin, 'carol-e2e@example.com');
    await page.getByRole('button', { name: 'Create a VPN in Paris, France' }).click();
    const row = vpnRows(page).first();
    await row.getByText('Running').waitFor({ timeout: 30_000 });
    const vpnId = await row.locator('[title]').first().getAttribute('title');
    const deleteButton = row.getByRole('button', { name: `Delete ${vpnId}` });

    // Every action of the row is shown at 1280 px without scrolling the table sideways.
    const table = await page
      .locator('section[aria-labelledby="vpns-title"] .ant-table-content')
      .boundingBox();
    if (!table) throw new Error('the VPN table is not shown');
    const actions = await row.getByRole('button').all();
    expect(actions.length).toBeGreaterThanOrEqual(3);
    for (const action of actions) {
      const box = await action.boundingBox();
      if (!box) throw new Error('an action of the row is not shown');
      expect(box.x).toBeGreaterThanOrEqual(table.x);
      expect(box.x + box.width).toBeLessThanOrEqual(table.x + table.width);
    }

    await deleteButton.click();
    const confirm = page.locator('.ant-popconfirm');
    const ok = confirm.getByRole('button', { name: 'Delete' });
    await ok.waitFor();

    // Let one 10 s reload of the list (and its metric fetches) pass with the confirmation open.
    const reload = await page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/v1/vpns',
      { timeout: 20_000 },
    );
    expect(reload.status()).toBe(200);
    await page.waitForResponse((response) => response.url().includes(`/v1/vpns/${vpnId}`));
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SHOTS, 'delete-confirmation-after-reload.png') });

    const button = await deleteButton.boundingBox();
    const popup = await confirm.boundingBox();
    const okBox = await ok.boundingBox();
    if (!button || !popup || !okBox) throw new Error('the confirmation or its button is not shown');
    // Inside the window...
    expect(popup.x).toBeGreaterThanOrEqual(0);
    expect(popup.y).toBeGreaterThanOrEqual(0);
    expect(popup.x + popup.width).toBeLessThanOrEqual(VIEWPORT.width);
    expect(popup.y + popup.height).toBeLessThanOrEqual(VIEWPORT.height);
    // ...and anchored to its button: just above it, its right edge near the button's.
    expect(popup.y + popup.height).toBeLessThanOrEqual(button.y + 1);
    expect(button.y - (popup.y + popup.height)).toBeLessThan(24);
    expect(Math.abs(popup.x + popup.width - (button.x + button.width))).toBeLessThan(40);

    await ok.click();
    await row.getByText('Deleted').waitFor({ timeout: 30_000 });
    expect(await row.getByRole('button').count()).toBe(0);
  }, 120_000);
});
