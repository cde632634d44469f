import './abortPolyfill';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_VPN_CONFIG_LIMITS } from '../../../src/core/limits';
import type { Clock } from '../../../src/sdk/waitForState';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import { ErrorCard } from '../../../src/web/features/errors/ErrorCard';
import {
  PROVISIONING_MESSAGE,
  RUNNING_MESSAGE,
} from '../../../src/web/features/vpns/sagas/createSaga';
import { initialVpnsState } from '../../../src/web/features/vpns/vpnsSlice';
import HomePage from '../../../src/web/pages/HomePage';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';
import { fakeVpnApi, manualClock, metricsAfter } from './fakeVpnApi';

failOnConsoleErrors();

const signedIn: AuthState = { status: 'authenticated', user: { username: 'ann', sub: 'sub-ann' } };

/** A clock whose sleeps never end: no reload besides the ones a test asks for. */
const stillClock = { now: Date.now, sleep: () => new Promise<void>(() => undefined) };

function renderHome(api: ReturnType<typeof fakeVpnApi>, vpnClock: Clock = stillClock) {
  return renderWithProviders(
    <>
      <ErrorCard />
      <HomePage />
    </>,
    {
      preloadedState: {
        auth: signedIn,
        vpns: { ...initialVpnsState, limits: DEFAULT_VPN_CONFIG_LIMITS },
      },
      storeOptions: { fetch: api.fetch, vpnClock },
    },
  );
}

describe('the signed-in dashboard', () => {
  it('shows the steps, the balance, the VPN list, the configuration panel, then the regions', async () => {
    const api = fakeVpnApi({ balance: 12 });
    api.add(Date.UTC(2026, 10, 20), 'eu-west-3', 'Running', metricsAfter(30));
    const { container } = renderHome(api);
    // The dashboard is its own lazy chunk: its first load may be slow on a busy machine.
    await screen.findByText('Running', {}, { timeout: 30_000 });
    const order = [
      screen.getByText('How it works'),
      screen.getByRole('status', { name: 'Balance' }),
      screen.getByRole('heading', { name: 'Your VPNs' }),
      screen.getByText('Configuration'),
      container.querySelector('.ant-divider') as Element,
      screen.getByRole('heading', { name: 'Regions' }),
    ];
    for (let i = 1; i < order.length; i += 1) {
      expect(
        order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
  });

  it('the balance refresh reloads the first page of VPNs and the balance', async () => {
    const api = fakeVpnApi({ balance: 12 });
    renderHome(api);
    await screen.findByText(/No VPNs yet/, {}, { timeout: 30_000 });
    await waitFor(() => expect(api.calls('GET', '/v1/peanuts').length).toBeGreaterThan(0));
    const lists = api.calls('GET', '/v1/vpns').length;
    const balances = api.calls('GET', '/v1/peanuts').length;
    api.add(Date.UTC(2026, 10, 20), 'eu-west-3', 'Deleted', metricsAfter(30));
    const badge = screen.getByRole('status', { name: 'Balance' });
    await userEvent.click(within(badge).getByRole('button', { name: /refresh/i }));
    await screen.findByText('Deleted');
    expect(api.calls('GET', '/v1/vpns').length).toBe(lists + 1);
    await waitFor(() => expect(api.calls('GET', '/v1/peanuts').length).toBe(balances + 1));
  });

  it('Create in a region: the button loads, the row says the VPN provisions, the VPN shows on top and reaches Running', async () => {
    const api = fakeVpnApi({
      balance: 12,
      createScript: ['Provisioning', 'Provisioning', 'Running'],
    });
    // Time moves only when the test says so: Provisioning stays on screen until then.
    const clock = manualClock();
    renderHome(api, clock);
    const create = await screen.findByRole('button', { name: 'Create a VPN in Paris, France' });
    await screen.findByText(/No VPNs yet/, {}, { timeout: 30_000 });
    await userEvent.click(create);
    expect(await screen.findByText(PROVISIONING_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(create).toHaveClass('ant-btn-loading'));
    expect(await screen.findByText('Provisioning')).toBeInTheDocument();
    expect(screen.getByText(/3 minutes/)).toBeInTheDocument();
    expect(api.calls('POST', '/v1/vpns/')[0].body).toEqual({
      region: 'eu-west-3',
      config: { type: 'wireguard', maxPeanuts: 0, deleteAfter: 14400 },
    });
    await act(() => clock.advance(10_000));
    expect(await screen.findByText('Running')).toBeInTheDocument();
    expect(await screen.findByText(RUNNING_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(create).not.toHaveClass('ant-btn-loading'));
  });
});
