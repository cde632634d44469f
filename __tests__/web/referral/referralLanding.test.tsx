/**
 * Referral landing links (spec §2 "Route table", §3, §5): `ref`, `referral` and `referralCode`
 * are read whenever the query changes, normalised and kept as the pending code, which the
 * purchase link carries (spec §2 "Pricing"); and /referral/terms states the configured rewards.
 */
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { PackList } from '../../../src/web/features/pricing/PackList';
import { PENDING_CODE_KEY, readPendingCode } from '../../../src/web/features/referral/pendingCode';
import {
  normalizeReferralCode,
  referralCodeFromQuery,
  referralCodeSyntaxError,
} from '../../../src/web/features/referral/referralCode';
import { referralSettingsOf } from '../../../src/web/features/referral/referralSettings';
import ReferralTermsPage from '../../../src/web/pages/info/ReferralTermsPage';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import { ANN } from '../fakeIdentity';
import {
  failOnConsoleErrors,
  fakeFetch,
  jsonResponse,
  renderApp,
  renderWithProviders,
  TEST_APP_CONFIG,
} from '../testUtils';

configure({ asyncUtilTimeout: 15_000 });
failOnConsoleErrors();

const signedIn: AuthState = {
  status: 'authenticated',
  user: { username: ANN.username, email: ANN.email, sub: ANN.sub },
};

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('referral code rules (spec §5)', () => {
  it('normalises: uppercase, A-Z and 0-9 only, cut to 8', () => {
    expect(normalizeReferralCode(' ab-cd ef12 99 ')).toBe('ABCDEF12');
    expect(normalizeReferralCode('c0ffée')).toBe('C0FFE');
  });

  it('reads ref, then referral, then referralCode', () => {
    expect(referralCodeFromQuery('?ref=abcdef12')).toBe('ABCDEF12');
    expect(referralCodeFromQuery('?referral=c0ffee42')).toBe('C0FFEE42');
    expect(referralCodeFromQuery('?referralCode=beef-0001')).toBe('BEEF0001');
    expect(referralCodeFromQuery('?referralCode=BBBBBBBB&ref=AAAAAAAA')).toBe('AAAAAAAA');
    expect(referralCodeFromQuery('?coupon=X')).toBeNull();
    expect(referralCodeFromQuery('?ref=--')).toBeNull();
  });

  it('accepts exactly 8 uppercase letters or digits before asking the backend', () => {
    expect(referralCodeSyntaxError('ABCDEF12')).toBeNull();
    expect(referralCodeSyntaxError('ABCDEF1')).toBe(
      'Error with referral code: ABCDEF1: Code must be of 8 hexadecimal digits, e.g.: ABCDEF12',
    );
    expect(referralCodeSyntaxError('abcdef12')).not.toBeNull();
  });
});

describe('landing links', () => {
  it('stores the code of ?ref= on any page and follows later query changes', async () => {
    const { router } = renderApp({ route: '/pricing?ref=ab-cd%20ef12' });
    await waitFor(() => expect(readPendingCode()).toBe('ABCDEF12'));
    expect(window.sessionStorage.getItem(PENDING_CODE_KEY)).toBe('ABCDEF12');
    await act(() => router.navigate('/pricing?referral=c0ffee42'));
    await waitFor(() => expect(readPendingCode()).toBe('C0FFEE42'));
    await act(() => router.navigate('/faq?referralCode=beef0001'));
    await waitFor(() => expect(readPendingCode()).toBe('BEEF0001'));
    // A query without a code keeps the stored one.
    await act(() => router.navigate('/pricing?coupon=SPRING'));
    expect(readPendingCode()).toBe('BEEF0001');
  });

  it('stores the code when a signed-out visitor opens /referral?ref= and is sent to /login', async () => {
    const { router } = renderApp({
      route: '/referral?ref=c0ffee42',
      preloadedState: { auth: { status: 'unauthenticated', user: null } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readPendingCode()).toBe('C0FFEE42');
  });
});

describe('purchase link with the stored code (spec §2 "Pricing")', () => {
  const packs = [
    {
      id: 'starter',
      name: 'Starter',
      description: ['About 10 hours'],
      peanuts: 17,
      price: 2.71,
      url: '/checkout/starter',
    },
  ];

  it('appends the stored code to the sub in client_reference_id', async () => {
    window.sessionStorage.setItem(PENDING_CODE_KEY, 'C0FFEE42');
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<PackList />, {
      preloadedState: { auth: signedIn },
      storeOptions: {
        fetch: fakeFetch({ 'GET /v1/peanuts/packs/': () => jsonResponse({ packs }) }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Buy/ }));
    const url = new URL(String(open.mock.lastCall?.[0]));
    expect(url.searchParams.get('client_reference_id')).toBe(`${ANN.sub}C0FFEE42`);
  });

  it("refuses a stored code that is not 8 characters: 'Referral code must be 8 characters long.'", async () => {
    window.sessionStorage.setItem(PENDING_CODE_KEY, 'ABC');
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const { store } = renderWithProviders(<PackList />, {
      preloadedState: { auth: signedIn },
      storeOptions: {
        fetch: fakeFetch({ 'GET /v1/peanuts/packs/': () => jsonResponse({ packs }) }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Buy/ }));
    expect(open).not.toHaveBeenCalled();
    expect(store.getState().errors.message).toContain('Referral code must be 8 characters long.');
  });
});

describe('/referral/terms', () => {
  it('falls back to 5 peanuts and no hold when the app config has no referral block', () => {
    expect(referralSettingsOf(TEST_APP_CONFIG)).toEqual({
      enabled: true,
      rewardPeanuts: 5,
      holdSeconds: 0,
    });
    renderWithProviders(<ReferralTermsPage />);
    expect(screen.getByText('You and your friend each receive 5 peanuts.')).toBeInTheDocument();
    expect(screen.getByText(/Rewards are not held/)).toBeInTheDocument();
    expect(screen.getByText(/Rewards may take up to 48 hours to appear/)).toBeInTheDocument();
  });

  it('states the configured reward and hold period', () => {
    renderWithProviders(<ReferralTermsPage />, {
      preloadedState: {
        appConfig: {
          ...TEST_APP_CONFIG,
          referral: { enabled: false, rewardPeanuts: 7, holdSeconds: 172800 },
        } as typeof TEST_APP_CONFIG,
      },
    });
    expect(screen.getByText('You and your friend each receive 7 peanuts.')).toBeInTheDocument();
    expect(screen.getByText(/Rewards are held for 2 days/)).toBeInTheDocument();
    expect(screen.getByText(/Referral service is currently disabled\./)).toBeInTheDocument();
  });
});
