import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthState } from '../../src/web/features/auth/authSlice';
import { failOnConsoleErrors, renderApp } from './testUtils';

failOnConsoleErrors();

const anonymous: AuthState = { status: 'unauthenticated', user: null };
const signedIn: AuthState = { status: 'authenticated', user: { username: 'ann', sub: 'sub-1' } };

function mainMenu() {
  return screen.getByRole('menu', { name: 'Main menu' });
}

describe('shell', () => {
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('shows the logo button, the product name and the Beta badge', async () => {
    renderApp({ route: '/pricing', preloadedState: { auth: anonymous } });
    const logo = await screen.findByRole('button', { name: 'Peanut VPN home' });
    expect(within(logo).getByText('Peanut VPN')).toBeInTheDocument();
    expect(logo.querySelector('img')).toHaveAttribute('src', '/logo.svg');
    expect(screen.getByText('Beta')).toBeInTheDocument();
  });

  it('has the top menu links, Sign In for anonymous visitors', async () => {
    renderApp({ route: '/pricing', preloadedState: { auth: anonymous } });
    const menu = await waitFor(mainMenu);
    const expected: Array<[string, string]> = [
      ['Pricing', '/pricing'],
      ['Contribute', '/contribute'],
      ['Make Money', '/makemoney'],
      ['Sign In', '/login'],
    ];
    for (const [name, href] of expected) {
      expect(within(menu).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(menu).getByText('Help')).toBeInTheDocument();
  });

  it('lists Documentation, FAQ, Issue and Support in the Help submenu', async () => {
    // The horizontal menu's popup needs layout measurements jsdom does not make; the same
    // items open inline in the small-screen drawer.
    window.innerWidth = 400;
    const user = userEvent.setup();
    renderApp({ route: '/pricing', preloadedState: { auth: anonymous } });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByText('Help'));
    const expected: Array<[string, string]> = [
      ['Documentation', '/doc'],
      ['FAQ', '/faq'],
      ['Issue', '/issue'],
      ['Support', '/support'],
    ];
    for (const [name, href] of expected) {
      expect(await within(drawer).findByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('hides Sign In while configuring and once signed in', async () => {
    renderApp({ route: '/pricing', preloadedState: { auth: signedIn } });
    const menu = await waitFor(mainMenu);
    expect(within(menu).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('shows only a progress bar at app level while auth is configuring', async () => {
    renderApp({ route: '/pricing' });
    expect(
      await screen.findByRole('progressbar', { name: 'Loading authentication' }),
    ).toBeVisible();
    expect(screen.queryByText('Loading authentication...')).not.toBeInTheDocument();
  });

  it('has the footer sections and links', async () => {
    renderApp({ route: '/pricing', preloadedState: { auth: anonymous } });
    const about = await screen.findByRole('navigation', { name: 'About' });
    expect(within(about).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contactus',
    );
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(within(legal).getByRole('link', { name: 'Terms Of Use' })).toHaveAttribute(
      'href',
      '/terms',
    );
  });

  it('goes home with the logo button', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ route: '/pricing', preloadedState: { auth: anonymous } });
    await user.click(await screen.findByRole('button', { name: 'Peanut VPN home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('collapses the menu into a drawer on small screens', async () => {
    window.innerWidth = 400;
    const user = userEvent.setup();
    renderApp({ route: '/pricing', preloadedState: { auth: anonymous } });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(within(drawer).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('menu', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('scrolls to the top on a path change and to the anchor when there is a hash', async () => {
    jest.useFakeTimers();
    try {
      const scrollTo = jest.spyOn(window, 'scrollTo');
      const { router } = renderApp({ route: '/pricing', preloadedState: { auth: anonymous } });
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      scrollTo.mockClear();
      await act(() => router.navigate('/login'));
      expect(scrollTo).toHaveBeenCalledWith(0, 0);

      const anchor = document.createElement('div');
      anchor.id = 'section-two';
      const scrollIntoView = jest.fn();
      anchor.scrollIntoView = scrollIntoView;
      document.body.appendChild(anchor);
      scrollTo.mockClear();
      await act(() => router.navigate('/login#section-two'));
      expect(scrollIntoView).not.toHaveBeenCalled();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(scrollIntoView).toHaveBeenCalled();
      expect(scrollTo).not.toHaveBeenCalled();
      anchor.remove();
    } finally {
      jest.useRealTimers();
    }
  });
});
