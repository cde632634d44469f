/**
 * The usage drawer (UsageDrawer.tsx) from the VPN list: a Running VPN's row shows its forecast
 * and keeps its three actions; its Usage cell opens the drawer, which charts the VPN's points
 * (the chart itself, uPlot on a canvas, is drawn in Chromium: usageDrawer.e2e.test.ts) and
 * whose Extend form, prefilled with the VPN's config, sends only what changed.
 */
import './abortPolyfill';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { DEFAULT_VPN_CONFIG_LIMITS } from '../../../src/core/limits';
import type { TimeSeriesChartProps } from '../../../src/web/components/charts';
import { initialVpnsState } from '../../../src/web/features/vpns/vpnsSlice';
import { VpnList } from '../../../src/web/features/vpns/VpnList';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';
import { fakeVpnApi, metricsAfter } from './fakeVpnApi';

// jsdom has no canvas: the chart is replaced by a list of what it is given.
jest.mock('../../../src/web/components/charts', () => ({
  ...jest.requireActual('../../../src/web/components/charts'),
  LazyTimeSeriesChart: (props: TimeSeriesChartProps): ReactElement => (
    <ul aria-label={props.ariaLabel}>
      {props.series.map((s) => (
        <li key={s.label}>
          {`${s.label}: ${s.values.map((v) => (v === null ? '-' : (s.format ?? ((n: number) => n.toFixed(2)))(v))).join(' ')}`}
          {s.flatMax === undefined ? '' : ` (flat: 0 to ${s.flatMax})`}
        </li>
      ))}
    </ul>
  ),
}));

failOnConsoleErrors();

describe('the usage drawer', () => {
  it('charts the points, shows the forecast and extends the VPN with what changed', async () => {
    const api = fakeVpnApi();
    const record = api.add(Date.UTC(2026, 10, 20, 12), 'eu-west-3', 'Running', metricsAfter(60));
    record.vpn.forecast = {
      endsAt: new Date(Date.now() + 2 * 3_600_000 + 60_000).toISOString(),
      reason: 'max-peanuts',
    };
    const { vpnId } = record.vpn;
    renderWithProviders(<VpnList />, {
      preloadedState: {
        auth: { status: 'authenticated', user: { username: 'ann', sub: 'sub-ann' } },
        vpns: { ...initialVpnsState, limits: DEFAULT_VPN_CONFIG_LIMITS },
      },
      storeOptions: { fetch: api.fetch },
    });
    expect(await screen.findByTestId('row-forecast')).toHaveTextContent(
      'ends in about 2 hours: max-peanuts',
    );
    const row = screen.getByTestId('row-forecast').closest('tr') as HTMLElement;
    expect(
      within(row).getAllByRole('button', { name: /^(Config: download|QRCode: show|Delete) / }),
    ).toHaveLength(3);

    await userEvent.click(
      within(row).getByRole('button', { name: `Usage over time, forecast and Extend of ${vpnId}` }),
    );
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(`Usage of ${vpnId}`)).toBeInTheDocument();
    const chart = await within(drawer).findByRole('list', {
      name: `Traffic and peanuts of VPN ${vpnId} over time`,
    });
    // Traffic in bytes, in binary units; with no traffic its axis would read 0 B to 1 KiB.
    expect(chart).toHaveTextContent('Traffic: 0 B 2 MiB (flat: 0 to 1024)');
    expect(chart).toHaveTextContent('Peanuts: 0.00 1.14');
    expect(within(drawer).getByTestId('drawer-forecast')).toHaveTextContent(/max-peanuts$/);

    // Prefilled with the VPN's config; Extend is off until something changes.
    const form = within(drawer).getByTestId('extend-form');
    expect(within(form).getByTestId('extend-delete-after-value')).toHaveTextContent(
      '4 hours (14400 s)',
    );
    expect(within(form).getByTestId('extend-max-peanuts-value')).toHaveTextContent('2.00 peanuts');
    const extend = within(form).getByRole('button', { name: 'Extend' });
    expect(extend).toBeDisabled();
    fireEvent.keyDown(within(form).getByRole('slider', { name: 'Delete after' }), {
      key: 'ArrowRight',
      keyCode: 39,
      which: 39,
    });
    expect(within(form).getByTestId('extend-delete-after-value')).toHaveTextContent('14460 s');
    await userEvent.click(extend);
    await waitFor(() =>
      expect(api.calls('PATCH', `/v1/vpns/${vpnId}`)).toEqual([
        { method: 'PATCH', path: `/v1/vpns/${vpnId}`, body: { config: { deleteAfter: 14460 } } },
      ]),
    );
    await waitFor(() => expect(row).toHaveTextContent('deleteAfter: 4 hours'));
  });

  it('offers no usage over time for a Deleted VPN, whose points are wiped', async () => {
    const api = fakeVpnApi();
    const { vpnId } = api.add(
      Date.UTC(2026, 10, 20, 12),
      'eu-west-3',
      'Deleted',
      metricsAfter(60),
    ).vpn;
    renderWithProviders(<VpnList />, {
      preloadedState: {
        auth: { status: 'authenticated', user: { username: 'ann', sub: 'sub-ann' } },
        vpns: { ...initialVpnsState, limits: DEFAULT_VPN_CONFIG_LIMITS },
      },
      storeOptions: { fetch: api.fetch },
    });
    const row = (await screen.findByText('Deleted')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/^Time:/)).toBeInTheDocument();
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: new RegExp(vpnId) })).toBeNull();
  });
});
