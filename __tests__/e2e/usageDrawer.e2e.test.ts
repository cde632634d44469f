/**
 * In Debian's Chromium at 1280x900 against the real server: a Running VPN's row shows its
 * forecast; its Usage cell opens the usage drawer, whose chart draws the server's real points
 * (uPlot's canvas, loaded in its own chunk) and whose Extend form, prefilled with the VPN's
 * config, extends it: the row's Config then shows the new values and the server has them.
 * Screenshots of the drawer go to `dist/e2e/`.
 */
import path from 'node:path';
import { SHOTS, chromiumMissing, signUpAndIn, useServerAndPage, vpnRows } from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;
const VIEWPORT = { width: 1280, height: 900 };

suite('the usage drawer: chart, forecast and Extend', () => {
  const fixture = useServerAndPage({ SIMULATED_STEP_MS: '300', METER_INTERVAL_S: '1' }, VIEWPORT);

  it('charts the real points and extends the VPN from the row', async () => {
    const { page, server } = fixture;
    await signUpAndIn(page, server.origin, 'dora-e2e@example.com');
    await page.getByRole('button', { name: 'Create a VPN in Paris, France' }).click();
    const row = vpnRows(page).first();
    await row.getByText('Running').waitFor({ timeout: 30_000 });
    const vpnId = await row.locator('[title]').first().getAttribute('title');
    // The row keeps its three actions, and shows its forecast once reloaded.
    expect(
      await row.getByRole('button', { name: /^(Config: download|QRCode: show|Delete) / }).count(),
    ).toBe(3);
    await row.getByTestId('row-forecast').waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('row-forecast').textContent()).toMatch(
      /^ends in about .+: (max-peanuts|balance|deadline)$/,
    );

    // A few metering passes (every second) before the drawer reads the points.
    await page.waitForTimeout(3000);
    const usage = page.waitForResponse((r) => r.url().endsWith(`/v1/vpns/${vpnId}/usage`));
    await row
      .getByRole('button', { name: `Usage over time, forecast and Extend of ${vpnId}` })
      .click();
    const points = (await (await usage).json()) as { points: { at: string; bytes: number }[] };
    expect(points.points.length).toBeGreaterThanOrEqual(2);
    const drawer = page.locator('.ant-drawer');
    const canvas = drawer.locator('[data-testid="usage-chart"] canvas');
    await canvas.first().waitFor({ timeout: 20_000 });
    // uPlot drew on its canvas: some pixels are not transparent.
    const drawn = await canvas.first().evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
      return n;
    });
    expect(drawn).toBeGreaterThan(100);
    await drawer.getByTestId('drawer-forecast').waitFor();

    // The Extend form is prefilled with the VPN's config (the dashboard's defaults).
    const form = drawer.getByTestId('extend-form');
    const afterValue = form.getByTestId('extend-delete-after-value');
    expect(await afterValue.textContent()).toBe('4 hours (14400 s)');
    const afterHandle = form.getByRole('slider', { name: 'Delete after' });
    await afterHandle.focus();
    for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowRight');
    expect(await afterValue.textContent()).toBe('5 hours (18000 s)');
    await page.screenshot({ path: path.join(SHOTS, 'usage-drawer-extend.png') });

    const patched = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/v1/vpns/${vpnId}`),
    );
    await form.getByRole('button', { name: 'Extend' }).click();
    expect((await patched).status()).toBe(200);
    // Only what was moved is sent: the unlimited VPN stays unlimited.
    await row.getByText('maxPeanuts: unlimited, deleteAfter: 5 hours').waitFor({ timeout: 10_000 });
    await drawer.getByTestId('drawer-forecast').waitFor();
    const answer = await page.evaluate(
      async ({ origin, id }) => {
        const token = Object.entries(localStorage).find(([k]) => k.endsWith('.idToken'))?.[1];
        const r = await fetch(`${origin}/v1/vpns/${id}`, {
          headers: { authorization: token ?? '' },
        });
        return (await r.json()) as { vpn: { config: { deleteAfter: number; maxPeanuts: number } } };
      },
      { origin: server.origin, id: vpnId },
    );
    expect(answer.vpn.config).toMatchObject({ deleteAfter: 18_000, maxPeanuts: -1 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SHOTS, 'usage-drawer-chart.png') });
  }, 180_000);
});
