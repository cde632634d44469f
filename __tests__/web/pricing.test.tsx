import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGNUP_BONUS_PEANUTS } from '../../src/core/constants';
import { packDescription, type PeanutsPack } from '../../src/core/packs';
import type { AuthState } from '../../src/web/features/auth/authSlice';
import { formatUsd } from '../../src/web/features/pricing/PackCard';
import { buildPurchaseUrl } from '../../src/web/features/pricing/purchaseUrl';
import { appStarted } from '../../src/web/app/appActions';
import { ANN, fakeIdentity } from './fakeIdentity';
import { fakeFetch, failOnConsoleErrors, jsonResponse, renderApp } from './testUtils';

failOnConsoleErrors();

const packs: PeanutsPack[] = [
  {
    id: 'starter',
    name: 'Starter',
    peanuts: 17,
    price: 2.71,
    description: packDescription(17),
    url: '/checkout/starter',
  },
  {
    id: 'pro',
    name: 'Pro',
    peanuts: 34,
    price: 4.89,
    description: packDescription(34),
    url: '/checkout/pro',
  },
  {
    id: 'elite',
    name: 'Elite',
    peanuts: 73,
    price: 9.87,
    description: packDescription(73),
    url: '/checkout/elite',
  },
];
const anonymous: AuthState = { status: 'unauthenticated', user: null };
const packsFetch = () =>
  fakeFetch({
    'GET /v1/peanuts/packs/': () => jsonResponse({ packs }),
    'GET /v1/regionsDetailed/': () => jsonResponse({ regions: [] }),
  });

describe('pricing page', () => {
  it('shows a linear loader while the pack list is empty, and the rules of peanuts', async () => {
    renderApp({ route: '/pricing', preloadedState: { auth: anonymous } });
    expect(
      await screen.findByRole('progressbar', { name: 'Loading peanut packs' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /A VPN must be given peanuts when it is created, and it ends when they are consumed/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Duration estimates are informational only, because they vary by region.'),
    ).toBeInTheDocument();
  });

  it('shows a card per pack with peanuts, USD price, estimates and Sign In for anonymous visitors', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      route: '/pricing',
      preloadedState: { auth: anonymous },
      storeOptions: { fetch: packsFetch() },
    });
    const starter = await screen.findByRole('article', { name: 'Starter' });
    expect(within(starter).getByText('17')).toBeInTheDocument();
    expect(within(starter).getByText('$2.71 USD')).toBeInTheDocument();
    const bullets = within(starter)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(bullets).toEqual(packDescription(17));
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('Elite')).toBeInTheDocument();
    expect(
      screen.queryByRole('progressbar', { name: 'Loading peanut packs' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
    const signIn = within(starter).getByRole('link', { name: 'Sign In' });
    expect(signIn).toHaveAttribute('href', '/login');
    await user.click(signIn);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the purchase link in a new tab for a signed-in user', async () => {
    const user = userEvent.setup();
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      renderApp({
        route: '/pricing?coupon=SPRING',
        preloadedState: {
          auth: { status: 'authenticated', user: { sub: 'sub-123', email: 'ann@example.com' } },
        },
        storeOptions: { fetch: packsFetch() },
      });
      const pro = await screen.findByRole('article', { name: 'Pro' });
      await user.click(within(pro).getByRole('button', { name: /Buy/ }));
      expect(open).toHaveBeenCalledWith(
        'http://api.test/checkout/pro?client_reference_id=sub-123&prefilled_email=ann%40example.com&prefilled_promo_code=SPRING',
        '_blank',
        'noopener,noreferrer',
      );
    } finally {
      open.mockRestore();
    }
  });
});

describe('pricing for a user signed in through the identity client', () => {
  it("buys with the signed-in user's sub and email", async () => {
    const user = userEvent.setup();
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      const identity = fakeIdentity(ANN);
      const { store } = renderApp({
        route: '/pricing',
        storeOptions: { fetch: packsFetch(), identity },
      });
      store.dispatch(appStarted());
      const starter = await screen.findByRole('article', { name: 'Starter' });
      await user.click(await within(starter).findByRole('button', { name: /Buy/ }));
      expect(open).toHaveBeenCalledWith(
        `http://api.test/checkout/starter?client_reference_id=${ANN.sub}&prefilled_email=ann%40example.com`,
        '_blank',
        'noopener,noreferrer',
      );
    } finally {
      open.mockRestore();
    }
  });
});

describe('buildPurchaseUrl', () => {
  it('appends the referral code to the sub and leaves out absent parameters', () => {
    expect(
      buildPurchaseUrl('https://buy.stripe.com/abc?x=1', 'http://ignored', {
        sub: 'u1',
        referralCode: 'ABCDEF12',
      }),
    ).toBe('https://buy.stripe.com/abc?x=1&client_reference_id=u1ABCDEF12');
  });

  it('formats prices in US dollars', () => {
    expect(formatUsd(2.71)).toBe('$2.71 USD');
    expect(formatUsd(10)).toBe('$10.00 USD');
  });
});

describe('home page (anonymous)', () => {
  it('links to sign-in, describes the service, offers the sign-up bonus, then packs and regions', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      route: '/',
      preloadedState: { auth: anonymous },
      storeOptions: { fetch: packsFetch() },
    });
    expect(await screen.findByRole('link', { name: 'Please authenticate' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByText(/prepaid VPN service/)).toBeInTheDocument();
    expect(screen.getByText('secure')).toBeInTheDocument();
    expect(screen.getByText(/it runs WireGuard/)).toBeInTheDocument();
    expect(screen.getByText('isolated')).toBeInTheDocument();
    expect(screen.getByText('temporary')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(main).getByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      '/contactus',
    );
    expect(await screen.findByText('Starter')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Regions' })).toBeInTheDocument();
    const cta = screen.getByRole('link', {
      name: new RegExp(`Sign up and get ${SIGNUP_BONUS_PEANUTS} free peanuts$`),
    });
    expect(cta).toHaveAttribute('href', '/signup');
    await user.click(cta);
    expect(router.state.location.pathname).toBe('/signup');
  });
});
