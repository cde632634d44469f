import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BALANCE_ERROR_AT_OR_BELOW, BALANCE_WARNING_UP_TO } from '../../src/core/constants';
import { BalanceBadge } from '../../src/web/features/balance/BalanceBadge';
import { balanceSeverity, formatBalance } from '../../src/web/features/balance/balanceSeverity';
import type { AuthState } from '../../src/web/features/auth/authSlice';
import { ANN, fakeIdentity } from './fakeIdentity';
import {
  failOnConsoleErrors,
  fakeFetch,
  jsonResponse,
  renderApp,
  renderWithProviders,
} from './testUtils';

failOnConsoleErrors();

const signedIn: AuthState = {
  status: 'authenticated',
  user: { username: ANN.username, email: ANN.email, sub: ANN.sub },
};

function balanceFetch(...balances: number[]) {
  let calls = 0;
  return fakeFetch({
    'GET /v1/peanuts': () =>
      jsonResponse({ balance: balances[Math.min(calls++, balances.length - 1)] }),
    'GET /v1/regionsDetailed/': () => jsonResponse({ regions: [] }),
  });
}

describe('balanceSeverity', () => {
  it('is error at 0 or below, warning above 0 up to 5, info above 5 (spec §2, §9)', () => {
    expect([BALANCE_ERROR_AT_OR_BELOW, BALANCE_WARNING_UP_TO]).toEqual([0, 5]);
    expect(balanceSeverity(-3.2)).toBe('error');
    expect(balanceSeverity(0)).toBe('error');
    expect(balanceSeverity(0.000000001)).toBe('warning');
    expect(balanceSeverity(5)).toBe('warning');
    expect(balanceSeverity(5.000000001)).toBe('info');
    expect(balanceSeverity(10)).toBe('info');
  });

  it('formats the balance with 2 decimals', () => {
    expect(formatBalance(10)).toBe('10.00');
    expect(formatBalance(4.999)).toBe('5.00');
    expect(formatBalance(0.004)).toBe('0.00');
    expect(formatBalance(-0.001)).toBe('0.00');
    expect(formatBalance(-1.5)).toBe('-1.50');
  });
});

describe('BalanceBadge', () => {
  it.each([
    [10, '10.00', 'info'],
    [5, '5.00', 'warning'],
    [0.5, '0.50', 'warning'],
    [0, '0.00', 'error'],
    [-1.25, '-1.25', 'error'],
  ])('shows a balance of %s as %s in the %s colour', async (balance, text, severity) => {
    renderWithProviders(<BalanceBadge />, {
      preloadedState: { auth: signedIn },
      storeOptions: { fetch: balanceFetch(balance) },
    });
    const badge = screen.getByRole('status', { name: 'Balance' });
    expect(badge).toHaveTextContent('Balance');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(badge).toHaveAttribute('data-severity', severity);
    // The peanut symbol is an SVG with its name, not an emoji (no box without an emoji font).
    const peanut = screen.getByRole('img', { name: 'peanuts' });
    expect(peanut.tagName.toLowerCase()).toBe('svg');
    expect(badge).not.toHaveTextContent(/\p{Extended_Pictographic}/u);
  });

  it('sends the id token of the session', async () => {
    const fetch = balanceFetch(10);
    renderWithProviders(<BalanceBadge />, {
      preloadedState: { auth: signedIn },
      storeOptions: { fetch, identity: fakeIdentity(ANN) },
    });
    expect(await screen.findByText('10.00')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0];
    expect(String(url)).toBe('http://api.test/v1/peanuts');
    expect((init?.headers as Record<string, string>).authorization).toBe('id-token');
  });

  it('goes to /pricing with Buy More', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<BalanceBadge />, {
      route: '/',
      path: '/',
      routes: [{ path: '/pricing', element: <p>Pricing page</p> }],
      preloadedState: { auth: signedIn },
      storeOptions: { fetch: balanceFetch(10) },
    });
    const buyMore = screen.getByRole('link', { name: /Buy More/ });
    expect(buyMore).toHaveAttribute('href', '/pricing');
    await user.click(buyMore);
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('reloads the balance (and calls onRefresh) with the refresh button', async () => {
    const user = userEvent.setup();
    const onRefresh = jest.fn();
    const fetch = balanceFetch(10, 7.5);
    renderWithProviders(<BalanceBadge onRefresh={onRefresh} />, {
      preloadedState: { auth: signedIn },
      storeOptions: { fetch },
    });
    expect(await screen.findByText('10.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Refresh/ }));
    expect(await screen.findByText('7.50')).toBeInTheDocument();
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('reports a failed load in the global error card', async () => {
    const fetch = fakeFetch({
      'GET /v1/peanuts': () =>
        jsonResponse({ message: 'User needs to be authenticated to call this API.' }, 401),
    });
    const { store } = renderWithProviders(<BalanceBadge />, {
      preloadedState: { auth: signedIn },
      storeOptions: { fetch },
    });
    await waitFor(() =>
      expect(store.getState().errors.message).toContain(
        'User needs to be authenticated to call this API.',
      ),
    );
    expect(screen.getByRole('status', { name: 'Balance' })).not.toHaveAttribute('data-severity');
  });
});

describe('home', () => {
  it('shows the dashboard with the balance badge to a signed-in user', async () => {
    renderApp({
      route: '/',
      preloadedState: { auth: signedIn },
      storeOptions: { fetch: balanceFetch(10) },
    });
    // The whole app with its lazy home route: slow on a loaded machine.
    expect(await screen.findByText('10.00', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Balance' })).toHaveAttribute(
      'data-severity',
      'info',
    );
    expect(screen.queryByText('Please authenticate')).not.toBeInTheDocument();
  });

  it('shows the landing panel to anonymous visitors, without a balance', async () => {
    const fetch = balanceFetch(10);
    renderApp({
      route: '/',
      preloadedState: { auth: { status: 'unauthenticated', user: null } },
      storeOptions: { fetch },
    });
    expect(await screen.findByText('Please authenticate')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Balance' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain(
      'http://api.test/v1/peanuts',
    );
  });
});
