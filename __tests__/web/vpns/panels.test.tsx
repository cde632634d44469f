import './abortPolyfill';
import { screen, within } from '@testing-library/react';
import { MOCK_VPN_CONFIG_LIMITS, DEFAULT_VPN_CONFIG_LIMITS } from '../../../src/core/limits';
import type { VpnConfigLimits } from '../../../src/core/limits';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import {
  ConfigurationPanel,
  deleteAfterLabel,
  maxPeanutsLabel,
} from '../../../src/web/features/vpns/ConfigurationPanel';
import { STEPS, StepsPanel } from '../../../src/web/features/vpns/StepsPanel';
import { initialVpnsState, type VpnsState } from '../../../src/web/features/vpns/vpnsSlice';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';
import { fakeVpnApi } from './fakeVpnApi';

failOnConsoleErrors();

const signedIn: AuthState = { status: 'authenticated', user: { username: 'ann', sub: 'sub-ann' } };

function renderPanel(
  limits: VpnConfigLimits | null,
  balance: number,
  vpns: Partial<VpnsState> = {},
) {
  const api = fakeVpnApi({ balance });
  return renderWithProviders(<ConfigurationPanel />, {
    preloadedState: { auth: signedIn, vpns: { ...initialVpnsState, limits, ...vpns } },
    storeOptions: { fetch: api.fetch },
  });
}

function slider(name: string): HTMLElement {
  return screen.getByRole('slider', { name });
}

describe('ConfigurationPanel', () => {
  it('is titled Configuration; delete-after runs min to max, default 14400 s, step 60 when the minimum is 300 or more', async () => {
    renderPanel(DEFAULT_VPN_CONFIG_LIMITS, 10);
    expect(screen.getByText('Configuration')).toBeInTheDocument();
    await screen.findByText('0: all your peanuts');
    const after = slider('Delete after');
    expect(after).toHaveAttribute('aria-valuemin', '300');
    expect(after).toHaveAttribute('aria-valuemax', '86400');
    expect(after).toHaveAttribute('aria-valuenow', '14400');
    expect(screen.getByTestId('delete-after-value')).toHaveTextContent('4 hours (14400 s)');
  });

  it('below a 300 s minimum, defaults to half the range with step 1', async () => {
    renderPanel(MOCK_VPN_CONFIG_LIMITS, 37);
    await screen.findByText('0: the maximum, 2.00 peanuts');
    const after = slider('Delete after');
    expect(after).toHaveAttribute('aria-valuemin', '60');
    expect(after).toHaveAttribute('aria-valuemax', '300');
    expect(after).toHaveAttribute('aria-valuenow', '180');
    expect(deleteAfterLabel(180)).toBe('3 minutes (180 s)');
  });

  it('max peanuts runs from 0 to the lower of the limit and the balance, step 1, from 0', async () => {
    renderPanel(DEFAULT_VPN_CONFIG_LIMITS, 7.6);
    await screen.findByText('0: all your peanuts');
    const peanuts = slider('Max peanuts');
    expect(peanuts).toHaveAttribute('aria-valuemin', '0');
    expect(peanuts).toHaveAttribute('aria-valuemax', '7');
    expect(peanuts).toHaveAttribute('aria-valuenow', '0');
  });

  it('shows the chosen values with units', async () => {
    renderPanel(DEFAULT_VPN_CONFIG_LIMITS, 50, { deleteAfter: 3660, maxPeanuts: 3 });
    await screen.findByText('3.00 peanuts');
    expect(screen.getByTestId('delete-after-value')).toHaveTextContent('an hour (3660 s)');
    expect(maxPeanutsLabel(0, 150, 100)).toBe('0: the maximum, 100.00 peanuts');
    expect(maxPeanutsLabel(0, 5, 100)).toBe('0: all your peanuts');
  });

  it('shows why the limits are unavailable', () => {
    renderPanel(null, 10, { limitsError: 'Failed to decode token' });
    expect(screen.getByText(/Failed to decode token/)).toBeInTheDocument();
  });
});

describe('StepsPanel', () => {
  it('numbers the four steps from 0 and links to the FAQ connection section', () => {
    renderWithProviders(<StepsPanel />, { preloadedState: { auth: signedIn } });
    const items = document.querySelectorAll('.ant-steps-item');
    expect(items).toHaveLength(4);
    items.forEach((item, index) => {
      expect(within(item as HTMLElement).getByText(String(index))).toBeInTheDocument();
      expect(item).toHaveTextContent(STEPS[index].title);
    });
    expect(STEPS[0].description).toMatch(/WireGuard is installed.*enough peanuts/);
    expect(STEPS[1].description).toMatch(/Create a VPN in the region/);
    expect(STEPS[2].description).toMatch(/Download the configuration.*connect/);
    expect(STEPS[3].description).toMatch(/Delete the VPN when you are done/);
    expect(screen.getByRole('link', { name: 'how to connect' })).toHaveAttribute(
      'href',
      '/faq#connection',
    );
  });
});

describe('StepsPanel with a Running VPN', () => {
  it('highlights step 2 and keeps every number', () => {
    const running = {
      vpn: {
        vpnId: '1763700000000@eu-west-3',
        createdAt: '2025-11-21T04:40:00.000Z',
        region: 'eu-west-3',
        state: 'Running' as const,
        config: { type: 'wireguard' as const, deleteAfter: 300, maxPeanuts: 1 },
      },
    };
    renderWithProviders(<StepsPanel />, {
      preloadedState: { auth: signedIn, vpns: { ...initialVpnsState, items: [running] } },
    });
    const items = [...document.querySelectorAll('.ant-steps-item')];
    expect(items.map((item) => item.querySelector('.ant-steps-item-icon')?.textContent)).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
    expect(items[2]).toHaveClass('ant-steps-item-process');
  });
});
