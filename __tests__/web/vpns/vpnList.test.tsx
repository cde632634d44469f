import './abortPolyfill';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VpnState } from '../../../src/core/vpn';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import {
  QR_SCAN_INSTRUCTION,
  WINDOW_BLOCKED_MESSAGE,
} from '../../../src/web/features/vpns/browserFiles';
import { VpnList } from '../../../src/web/features/vpns/VpnList';
import { ErrorCard } from '../../../src/web/features/errors/ErrorCard';
import { allowConsoleErrors, failOnConsoleErrors, renderWithProviders } from '../testUtils';
import { CONFIG_TEXT, QR_BASE64, fakeVpnApi, metricsAfter } from './fakeVpnApi';

failOnConsoleErrors();

const signedIn: AuthState = { status: 'authenticated', user: { username: 'ann', sub: 'sub-ann' } };
const DAY = Date.UTC(2026, 10, 20, 12, 0, 0);

function renderList(api: ReturnType<typeof fakeVpnApi>) {
  return renderWithProviders(
    <>
      <ErrorCard />
      <VpnList />
    </>,
    { preloadedState: { auth: signedIn }, storeOptions: { fetch: api.fetch } },
  );
}

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .filter((row) => row.closest('tbody') && !row.classList.contains('ant-table-placeholder'));
}

function rowOf(vpnId: string): HTMLElement {
  const row = bodyRows().find((r) => r.querySelector(`[title="${vpnId}"]`));
  if (!row) throw new Error(`no row for ${vpnId}`);
  return row;
}

describe('VpnList', () => {
  it('has the columns Created At, Region, Config, State, Usage, Actions', async () => {
    const api = fakeVpnApi();
    renderList(api);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Created At',
      'Region',
      'Config',
      'State',
      'Usage',
      'Actions',
    ]);
    expect(await screen.findByText(/No VPNs yet/)).toBeInTheDocument();
  });

  it('shows 4 VPNs per page, newest first, and reads the next page with its token', async () => {
    const api = fakeVpnApi();
    for (let i = 0; i < 6; i += 1) api.add(DAY + i * 60_000, 'eu-west-3', 'Deleted');
    renderList(api);
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    const ids = () => bodyRows().map((r) => r.querySelector('[title]')?.getAttribute('title'));
    expect(ids()).toEqual([5, 4, 3, 2].map((i) => `${DAY + i * 60_000}@eu-west-3`));
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(ids()).toEqual([1, 0].map((i) => `${DAY + i * 60_000}@eu-west-3`));
    expect(api.requests.filter((r) => r.path === '/v1/vpns').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the region, the config, and usage in MiB, human duration and peanuts', async () => {
    const api = fakeVpnApi();
    const { vpn } = api.add(DAY, 'eu-west-3', 'Deleted', {
      duration: 3665,
      bytes: 5 * 1024 * 1024 + 5243,
      peanuts: 1.23456,
    });
    renderList(api);
    await screen.findByText('Paris');
    const cells = within(rowOf(vpn.vpnId)).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('Paris');
    expect(cells[1]).toHaveTextContent('eu-west-3');
    expect(cells[2]).toHaveTextContent('maxPeanuts: 2.00, deleteAfter: 4 hours');
    expect(cells[3]).toHaveTextContent('Deleted');
    expect(cells[4]).toHaveTextContent('Data: 5.01 MiB');
    expect(cells[4]).toHaveTextContent('Time: an hour');
    expect(cells[4]).toHaveTextContent('Peanuts: 1.23');
  });

  it('shows N/A for missing metric values, and a loader when the metrics are absent', async () => {
    const api = fakeVpnApi({ failingGets: [`${DAY}@eu-west-3`] });
    api.add(DAY, 'eu-west-3', 'Deleted');
    const withNulls = api.add(DAY + 1000, 'eu-west-3', 'Failed', {
      duration: null,
      bytes: null,
      peanuts: null,
    });
    allowConsoleErrors(); // the SDK logs the failed metric fetch

    renderList(api);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const usage = within(rowOf(withNulls.vpn.vpnId)).getAllByRole('cell')[4];
    expect(usage).toHaveTextContent('Data: N/A');
    expect(usage).toHaveTextContent('Time: N/A');
    expect(usage).toHaveTextContent('Peanuts: N/A');
    const missing = within(rowOf(`${DAY}@eu-west-3`)).getAllByRole('cell')[4];
    expect(within(missing).getByLabelText('Loading usage')).toBeInTheDocument();
    expect(
      await screen.findByText(/1 errors occured while listing vpns\. See the console log/),
    ).toBeInTheDocument();
  });

  it.each<[VpnState, boolean]>([
    ['Creating', true],
    ['Created', true],
    ['Provisioning', true],
    ['Deprovisioning', true],
    ['Running', false],
    ['Failed', false],
    ['Deleted', false],
    ['Paused', false],
  ])(
    'in state %s shows the spinner and the 3 minutes hint: %s; actions only while Running',
    async (state, inProgress) => {
      const api = fakeVpnApi();
      const { vpn } = api.add(DAY, 'eu-west-3', state, metricsAfter(5));
      renderList(api);
      await screen.findByText(state);
      const cells = within(rowOf(vpn.vpnId)).getAllByRole('cell');
      expect(cells[3]).toHaveTextContent(state);
      if (inProgress) {
        expect(cells[3]).toHaveTextContent('3 minutes');
        expect(within(cells[3]).getByLabelText(`${state}...`)).toBeInTheDocument();
      } else {
        expect(cells[3]).not.toHaveTextContent('3 minutes');
      }
      const buttons = within(cells[5])
        .queryAllByRole('button')
        .map((b) => b.textContent);
      expect(buttons).toEqual(state === 'Running' ? ['Config', 'QRCode', 'Delete'] : []);
    },
  );

  it('Config downloads the decoded .conf under the short name of the VPN id', async () => {
    const api = fakeVpnApi();
    const { vpn } = api.add(Date.UTC(2024, 2, 20, 10, 40), 'eu-west-3', 'Running', metricsAfter(5));
    let saved: { name: string; blob: Blob } | undefined;
    const blobs = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        blobs.set('blob:1', blob);
        return 'blob:1';
      }),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved = { name: this.download, blob: blobs.get(this.getAttribute('href') ?? '') as Blob };
    });
    renderList(api);
    await userEvent.click(
      await screen.findByRole('button', {
        name: `Config: download the configuration of ${vpn.vpnId}`,
      }),
    );
    await waitFor(() => expect(saved).toBeDefined());
    click.mockRestore();
    expect(saved?.name).toBe('2403201040euw3.conf');
    expect(await readBlob(saved!.blob)).toBe(CONFIG_TEXT);
  });

  it('QRCode opens a window naming the VPN, with the scan instruction and the PNG', async () => {
    const api = fakeVpnApi();
    const { vpn } = api.add(DAY, 'eu-west-3', 'Running', metricsAfter(5));
    const popup = { document: document.implementation.createHTMLDocument(''), close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderList(api);
    await userEvent.click(
      await screen.findByRole('button', { name: `QRCode: show the QR code of ${vpn.vpnId}` }),
    );
    await waitFor(() => expect(popup.document.querySelector('img')).not.toBeNull());
    open.mockRestore();
    expect(popup.document.querySelector('h1')?.textContent).toBe(`VPN ${vpn.vpnId}`);
    expect(popup.document.body.textContent).toContain(QR_SCAN_INSTRUCTION);
    expect(popup.document.body.textContent).toMatch(/phone/);
    expect(popup.document.body.textContent).toMatch(/WireGuard app/);
    expect(popup.document.querySelector('img')?.getAttribute('src')).toBe(
      `data:image/png;base64,${QR_BASE64}`,
    );
  });

  it("fails with 'Could not open new window' in the error card when the window is blocked", async () => {
    const api = fakeVpnApi();
    const { vpn } = api.add(DAY, 'eu-west-3', 'Running', metricsAfter(5));
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderList(api);
    await userEvent.click(
      await screen.findByRole('button', { name: `QRCode: show the QR code of ${vpn.vpnId}` }),
    );
    // The whole text of the error card (spec §8 catalogue), without a prefix.
    expect(await screen.findByText(WINDOW_BLOCKED_MESSAGE)).toBeInTheDocument();
    open.mockRestore();
    expect(api.calls('GET', `/v1/vpns/${vpn.vpnId}/qrconfig`)).toEqual([]);
  });

  it('Delete, once confirmed, deletes the VPN and the row ends Deleted', async () => {
    const api = fakeVpnApi();
    const { vpn } = api.add(DAY, 'eu-west-3', 'Running', metricsAfter(5));
    renderList(api);
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${vpn.vpnId}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    // Deprovisioning (the deletion's answer), then Deleted; the actions go with Running.
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Delete ${vpn.vpnId}` })).not.toBeInTheDocument();
    expect(api.calls('DELETE', `/v1/vpns/${vpn.vpnId}`)).toHaveLength(1);
  });
});

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
