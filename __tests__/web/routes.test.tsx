import { lazy } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageRoutes } from '../../src/web/app/routes';
import type { AuthState } from '../../src/web/features/auth/authSlice';
import { UNREGISTER_WARNING } from '../../src/web/pages/UnregisterPage';
import { allowConsoleErrors, failOnConsoleErrors, renderApp } from './testUtils';

failOnConsoleErrors();

const anonymous: AuthState = { status: 'unauthenticated', user: null };
const signedIn: AuthState = { status: 'authenticated', user: { username: 'ann' } };

function Boom(): never {
  throw new Error('Render exploded');
}

describe('route table', () => {
  it('has every route of spec §2, /account (two-factor set-up) and the operator console', () => {
    expect(pageRoutes.map((route) => (route.index ? '/' : `/${route.path}`))).toEqual([
      '/',
      '/pricing',
      '/contribute',
      '/makemoney',
      '/faq',
      '/doc',
      '/doc-cli',
      '/issue',
      '/support',
      '/contactus',
      '/privacy',
      '/terms',
      '/login',
      '/signup',
      '/password',
      '/account',
      '/unregister',
      '/referral',
      '/referral/terms',
      '/admin/*',
      '/ticket',
      '/*',
    ]);
  });

  it("sends the FAQ's region request link /ticket to /issue", async () => {
    renderApp({ route: '/ticket', preloadedState: { auth: anonymous } });
    expect(await screen.findByRole('heading', { name: /^Issue/ })).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Sign In'],
    ['/signup', 'Sign Up'],
  ])('renders the authenticator page at %s', async (route, heading) => {
    renderApp({ route, preloadedState: { auth: anonymous } });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: heading })).toBeInTheDocument();
  });

  it('renders the unregister warning for a signed-in user', async () => {
    renderApp({ route: '/unregister', preloadedState: { auth: signedIn } });
    expect(await screen.findByRole('heading', { name: 'Unregister' })).toBeInTheDocument();
    expect(screen.getByText(UNREGISTER_WARNING)).toBeInTheDocument();
    expect(UNREGISTER_WARNING).toBe(
      'This will delete your account! There is no way to rollback. Please double check this is what you want to do.',
    );
  });

  it.each(['/faq', '/doc', '/contactus', '/terms', '/privacy'])(
    'lazy-loads the informational page %s inside the layout',
    async (route) => {
      renderApp({ route, preloadedState: { auth: anonymous } });
      expect((await screen.findAllByRole('heading')).length).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: 'Peanut VPN home' })).toBeInTheDocument();
    },
  );
});

describe('page not found', () => {
  it('says the error is on our side and links to /issue, /, /faq and /contactus', async () => {
    renderApp({ route: '/no/such/page', preloadedState: { auth: anonymous } });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Page not found');
    expect(banner).toHaveTextContent(/on us/);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'report the issue' })).toHaveAttribute(
      'href',
      '/issue',
    );
    expect(within(main).getByRole('link', { name: 'home page' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(main).getByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      '/contactus',
    );
    // The shell stays around it.
    expect(screen.getByRole('button', { name: 'Peanut VPN home' })).toBeInTheDocument();
  });
});

describe('error element', () => {
  it("shows 'Unexpected Application Error!' with a link home for a render error", async () => {
    allowConsoleErrors(); // React reports the caught error
    renderApp({
      route: '/boom',
      pages: [{ path: 'boom', element: <Boom /> }],
      preloadedState: { auth: anonymous },
    });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Render exploded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // Inside the layout: the header is still there.
    expect(screen.getByRole('button', { name: 'Peanut VPN home' })).toBeInTheDocument();
  });

  it("shows 'Loading chunk failed (ChunkLoadError)' with a Reload button when a page chunk fails", async () => {
    allowConsoleErrors();
    const chunkError = Object.assign(
      new Error('Loading chunk page-faq failed.\n(error: http://localhost/assets/page-faq.js)'),
      { name: 'ChunkLoadError' },
    );
    const Broken = lazy(() => Promise.reject(chunkError));
    renderApp({
      route: '/faq',
      pages: [{ path: 'faq', element: <Broken /> }],
      preloadedState: { auth: anonymous },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading chunk failed (ChunkLoadError)');
    expect(within(alert).getByRole('button', { name: /Reload/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Peanut VPN home' })).toBeInTheDocument();
  });

  it('navigates home from the not found page links', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ route: '/nowhere', preloadedState: { auth: anonymous } });
    await user.click(await screen.findByRole('link', { name: 'home page' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
