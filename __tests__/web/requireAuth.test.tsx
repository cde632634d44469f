import { act, screen, waitFor } from '@testing-library/react';
import { RequireAuth, LOADING_AUTH_TEXT } from '../../src/web/features/auth/RequireAuth';
import type { AuthState } from '../../src/web/features/auth/authSlice';
import { failOnConsoleErrors, renderApp, renderWithProviders } from './testUtils';

failOnConsoleErrors();

const guarded = (
  <RequireAuth>
    <p>Secret page</p>
  </RequireAuth>
);
const loginRoute = { path: '/login', element: <p>Login page</p> };

function renderGuarded(auth: AuthState) {
  return renderWithProviders(guarded, {
    route: '/referral?ref=ABCDEF12',
    path: '/referral',
    routes: [loginRoute],
    preloadedState: { auth },
  });
}

describe('RequireAuth', () => {
  it("shows 'Loading authentication...' while the auth status is configuring", () => {
    renderGuarded({ status: 'configuring', user: null });
    expect(screen.getByText(LOADING_AUTH_TEXT)).toBeInTheDocument();
    expect(LOADING_AUTH_TEXT).toBe('Loading authentication...');
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('redirects an anonymous visitor to /login with the previous location, replacing history', async () => {
    const { router } = renderGuarded({ status: 'unauthenticated', user: null });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({
      from: expect.objectContaining({ pathname: '/referral', search: '?ref=ABCDEF12' }),
    });
    expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
  });

  it('renders the page for a signed-in user', () => {
    renderGuarded({ status: 'authenticated', user: { username: 'ann' } });
    expect(screen.getByText('Secret page')).toBeInTheDocument();
  });

  it('guards /password, /unregister, /referral and /account in the route table', async () => {
    for (const route of ['/password', '/unregister', '/referral', '/account']) {
      const { router, unmount } = renderApp({
        route,
        preloadedState: { auth: { status: 'unauthenticated', user: null } },
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
      unmount();
    }
  });

  it('sends a signed-in user who opens /login or /signup to /', async () => {
    for (const route of ['/login', '/signup']) {
      const { router, unmount } = renderApp({
        route,
        preloadedState: { auth: { status: 'authenticated', user: { username: 'ann' } } },
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(router.state.historyAction).toBe('REPLACE');
      unmount();
    }
  });

  it('keeps /login for a user on the way out (sign-out navigates there first)', async () => {
    const { router } = renderApp({
      route: '/',
      preloadedState: { auth: { status: 'authenticated', user: { username: 'ann' } } },
    });
    await act(() => router.navigate('/login', { state: { leaving: true } }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens /referral/terms without signing in', async () => {
    const { router } = renderApp({
      route: '/referral/terms',
      preloadedState: { auth: { status: 'unauthenticated', user: null } },
    });
    await screen.findAllByRole('heading');
    expect(router.state.location.pathname).toBe('/referral/terms');
  });
});
