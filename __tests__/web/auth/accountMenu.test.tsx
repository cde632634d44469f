import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountLabel } from '../../../src/web/features/auth/authUser';
import {
  ACCOUNT_MENU_KEY,
  buildMenuItems,
  LOGOUT_KEY,
} from '../../../src/web/app/layout/menuItems';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import { ANN, fakeIdentity } from '../fakeIdentity';
import { failOnConsoleErrors, renderApp } from '../testUtils';

failOnConsoleErrors();

const signedIn: AuthState = {
  status: 'authenticated',
  user: { username: ANN.username, email: ANN.email, sub: ANN.sub },
};

describe('accountLabel', () => {
  it('is the email, else the phone number, else the username, else Account', () => {
    expect(
      accountLabel({ email: 'a@example.com', phoneNumber: '+1555', username: 'ann', sub: 's' }),
    ).toBe('a@example.com');
    expect(accountLabel({ phoneNumber: '+15550100', username: 'ann' })).toBe('+15550100');
    expect(accountLabel({ email: '', username: 'ann' })).toBe('ann');
    expect(accountLabel({ sub: 's' })).toBe('Account');
    expect(accountLabel(null)).toBe('Account');
  });
});

describe('buildMenuItems', () => {
  it('puts the account menu (Referral Program, Password Change, Logout, Delete Your Account) in place of Sign In', () => {
    const items = buildMenuItems({ status: 'authenticated', user: signedIn.user }) as Array<{
      key: string;
      label: unknown;
      children?: Array<{ key: string }>;
    }>;
    expect(items.map((item) => item.key)).not.toContain('/login');
    const account = items[items.length - 1];
    expect(account.key).toBe(ACCOUNT_MENU_KEY);
    // The email, cut with an ellipsis when long, its whole text the tooltip.
    const label = account.label as { props: { title: string; children: string } };
    expect(label.props.children).toBe(ANN.email);
    expect(label.props.title).toBe(ANN.email);
    expect(account.children?.map((item) => item.key)).toEqual([
      '/account',
      '/referral',
      '/password',
      LOGOUT_KEY,
      '/unregister',
    ]);
  });
});

describe('the account menu in the header', () => {
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('is labelled by the email instead of Sign In', async () => {
    renderApp({ route: '/pricing', preloadedState: { auth: signedIn } });
    const menu = await screen.findByRole('menu', { name: 'Main menu' });
    expect(within(menu).getByText(ANN.email as string)).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it("is labelled 'Account' when the user has no email, phone or username", async () => {
    renderApp({
      route: '/pricing',
      preloadedState: { auth: { status: 'authenticated', user: { sub: 's' } } },
    });
    const menu = await screen.findByRole('menu', { name: 'Main menu' });
    expect(within(menu).getByText('Account')).toBeInTheDocument();
  });

  it('links Referral Program, Password Change and Delete Your Account; Logout signs out and goes to /login', async () => {
    // The horizontal menu's popup needs layout measurements jsdom does not make; the same
    // items open inline in the small-screen drawer.
    window.innerWidth = 400;
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    const { router, store } = renderApp({
      route: '/password',
      preloadedState: { auth: signedIn },
      storeOptions: { identity },
    });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByText(ANN.email as string));
    for (const [name, href] of [
      ['Account Settings', '/account'],
      ['Referral Program', '/referral'],
      ['Password Change', '/password'],
      ['Delete Your Account', '/unregister'],
    ]) {
      expect(await within(drawer).findByRole('link', { name })).toHaveAttribute('href', href);
    }

    await user.click(within(drawer).getByText('Logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Straight to /login, not through the guard (no `from` to come back to).
    // No `from`: the next sign-in lands on /, not on the page left.
    expect(router.state.location.state).toEqual({ leaving: true });
    expect(store.getState().auth).toEqual({ status: 'unauthenticated', user: null });
    await waitFor(() => expect(identity.signOut).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });
});
