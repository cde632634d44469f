/**
 * Buying peanuts in the SPA: a malformed stored referral code stops the purchase with
 * the spec's message, and the balance badge reloads when the user comes back from the checkout
 * tab.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BalanceBadge } from '../../src/web/features/balance/BalanceBadge';
import type { AuthState } from '../../src/web/features/auth/authSlice';
import {
  buildPurchaseUrl,
  REFERRAL_CODE_LENGTH_MESSAGE,
} from '../../src/web/features/pricing/purchaseUrl';
import { ANN } from './fakeIdentity';
import { failOnConsoleErrors, fakeFetch, jsonResponse, renderWithProviders } from './testUtils';

failOnConsoleErrors();

const signedIn: AuthState = {
  status: 'authenticated',
  user: { username: ANN.username, email: ANN.email, sub: ANN.sub },
};

describe('buildPurchaseUrl and the stored referral code', () => {
  it.each(['ABC', 'ABCDEF123', ''])(
    "refuses a code of %j: 'Referral code must be 8 characters long.'",
    (code) => {
      expect(REFERRAL_CODE_LENGTH_MESSAGE).toBe('Referral code must be 8 characters long.');
      expect(() =>
        buildPurchaseUrl('/checkout/starter', 'http://localhost:8080', {
          sub: ANN.sub,
          referralCode: code,
        }),
      ).toThrow(REFERRAL_CODE_LENGTH_MESSAGE);
    },
  );

  it('appends an 8-character code to the sub', () => {
    const url = new URL(
      buildPurchaseUrl('/checkout/starter', 'http://localhost:8080', {
        sub: ANN.sub,
        referralCode: 'ABCDEF12',
      }),
    );
    expect(url.searchParams.get('client_reference_id')).toBe(`${ANN.sub}ABCDEF12`);
  });
});

describe('BalanceBadge after a purchase in another tab', () => {
  /** A balance endpoint answering `balances` in turn (the last one repeated). */
  const balanceFetch = (...balances: number[]) => {
    let calls = 0;
    return fakeFetch({
      'GET /v1/peanuts': () =>
        jsonResponse({ balance: balances[Math.min(calls++, balances.length - 1)] }),
    });
  };

  it('reloads the balance when the window gets the focus back', async () => {
    renderWithProviders(<BalanceBadge />, {
      preloadedState: { auth: signedIn },
      storeOptions: { fetch: balanceFetch(10, 27) },
    });
    expect(await screen.findByText('10.00')).toBeInTheDocument();
    act(() => {
      fireEvent.focus(window);
    });
    expect(await screen.findByText('27.00')).toBeInTheDocument();
  });

  it('reloads the balance when the tab becomes visible again', async () => {
    renderWithProviders(<BalanceBadge />, {
      preloadedState: { auth: signedIn },
      storeOptions: { fetch: balanceFetch(10, 44) },
    });
    expect(await screen.findByText('10.00')).toBeInTheDocument();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByText('44.00')).toBeInTheDocument();
  });
});

describe('the peanut statement', () => {
  const page1 = {
    entries: [
      {
        date: '2026-01-15T12:05:00.000Z',
        kind: 'refund',
        amount: -17,
        balanceAfter: 10,
        reference: 'cs_test_a',
        pack: 'starter',
        purchaseState: 'refunded',
      },
      {
        date: '2026-01-15T12:03:00.000Z',
        kind: 'usage',
        amount: -0.5,
        balanceAfter: 27,
        reference: '1000@eu-west-3',
      },
    ],
    nextCursor: '7',
  };
  const page2 = {
    entries: [
      {
        date: '2026-01-15T12:01:00.000Z',
        kind: 'purchase',
        amount: 17,
        balanceAfter: 27.5,
        reference: 'cs_test_a',
        pack: 'starter',
        purchaseState: 'refunded',
      },
      {
        date: '2026-01-15T12:00:00.000Z',
        kind: 'signup_bonus',
        amount: 10,
        balanceAfter: 10.5,
        reference: null,
      },
    ],
    nextCursor: null,
  };

  it('shows the balance changes newest first and loads older ones', async () => {
    const cursors: (string | null)[] = [];
    const fetch = jest.fn(async (input: Parameters<typeof globalThis.fetch>[0]) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      if (url.pathname === '/v1/peanuts') return jsonResponse({ balance: 10 });
      if (url.pathname === '/v1/peanuts/history') {
        cursors.push(url.searchParams.get('cursor'));
        return jsonResponse(url.searchParams.get('cursor') === '7' ? page2 : page1);
      }
      return jsonResponse({ message: 'Not found' }, 404);
    });
    const user = userEvent.setup();
    renderWithProviders(<BalanceBadge />, {
      preloadedState: { auth: signedIn },
      storeOptions: { fetch },
    });
    await user.click(await screen.findByRole('button', { name: /Statement/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Peanut statement')).toBeInTheDocument();
    await within(drawer).findByText('Refund');
    const rows = () =>
      within(drawer)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .slice(1)
            .map((cell) => cell.textContent),
        );
    expect(rows()).toEqual([
      ['Refund', '-17.00', '10.00', 'Starter packrefunded'],
      ['VPN usage', '-0.50', '27.00', '1000@eu-west-3'],
    ]);
    await user.click(within(drawer).getByRole('button', { name: 'Load more' }));
    await within(drawer).findByText('Sign-up bonus');
    expect(rows()).toEqual([
      ['Refund', '-17.00', '10.00', 'Starter packrefunded'],
      ['VPN usage', '-0.50', '27.00', '1000@eu-west-3'],
      ['Purchase', '+17.00', '27.50', 'Starter packrefunded'],
      ['Sign-up bonus', '+10.00', '10.50', '-'],
    ]);
    expect(within(drawer).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(cursors).toEqual([null, '7']);
  });
});
