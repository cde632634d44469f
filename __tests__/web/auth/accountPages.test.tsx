import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import PasswordPage, { PASSWORD_CHANGED_MESSAGE } from '../../../src/web/pages/PasswordPage';
import UnregisterPage, {
  DEREGISTERED_TEXT,
  DEREGISTERED_TITLE,
  UNREGISTER_WARNING,
} from '../../../src/web/pages/UnregisterPage';
import { ANN, cognitoError, fakeIdentity, type FakeIdentity } from '../fakeIdentity';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';

failOnConsoleErrors();

const signedIn: AuthState = {
  status: 'authenticated',
  user: { username: ANN.username, email: ANN.email, sub: ANN.sub },
};
const anonymous: AuthState = { status: 'unauthenticated', user: null };
const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/login', element: <p>Login page</p> },
];

function renderPage(
  page: 'password' | 'unregister',
  auth: AuthState,
  identity: FakeIdentity = fakeIdentity(ANN),
) {
  return renderWithProviders(page === 'password' ? <PasswordPage /> : <UnregisterPage />, {
    route: `/${page}`,
    path: `/${page}`,
    routes,
    preloadedState: { auth },
    storeOptions: { identity },
  });
}

describe('/password', () => {
  it("shows a 'Please authenticate' link when not signed in", () => {
    renderPage('password', anonymous);
    expect(screen.getByRole('link', { name: 'Please authenticate' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("changes the password, alerts 'Password is successfully changed!' and goes home", async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    const { router } = renderPage('password', signedIn, identity);
    expect(screen.getByRole('heading', { name: 'Password Change' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Password Change' });
    await user.type(within(form).getByLabelText('Current Password'), 'Peanut-Passw0rd');
    await user.type(within(form).getByLabelText('New Password'), 'Changed-Passw0rd');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'Changed-Passw0rd');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText(PASSWORD_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(PASSWORD_CHANGED_MESSAGE).toBe('Password is successfully changed!');
    expect(identity.changePassword).toHaveBeenCalledWith('Peanut-Passw0rd', 'Changed-Passw0rd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a refused current password inline and stays', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    identity.changePassword.mockRejectedValue(
      cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    const { router, store } = renderPage('password', signedIn, identity);
    const form = screen.getByRole('form', { name: 'Password Change' });
    await user.type(within(form).getByLabelText('Current Password'), 'Wrong-Passw0rd');
    await user.type(within(form).getByLabelText('New Password'), 'Changed-Passw0rd');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'Changed-Passw0rd');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(router.state.location.pathname).toBe('/password');
    // A wrong password is not a lost session.
    expect(store.getState().auth.status).toBe('authenticated');
  });

  it('checks the new password and its confirmation', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    renderPage('password', signedIn, identity);
    const form = screen.getByRole('form', { name: 'Password Change' });
    await user.type(within(form).getByLabelText('Current Password'), 'Peanut-Passw0rd');
    await user.type(within(form).getByLabelText('New Password'), 'weak');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'weak2');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(
      await within(form).findByText('The password must have at least 8 characters.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('The passwords do not match.')).toBeInTheDocument();
    expect(identity.changePassword).not.toHaveBeenCalled();
  });
});

describe('/unregister', () => {
  it("shows the warning and a 'Please authenticate' link when not signed in", () => {
    renderPage('unregister', anonymous);
    expect(screen.getByRole('heading', { name: 'Unregister' })).toBeInTheDocument();
    expect(screen.getByText(UNREGISTER_WARNING)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Please authenticate' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.queryByRole('button', { name: /Delete Your Account/ })).not.toBeInTheDocument();
  });

  it('deletes the account after confirmation, says so, signs out and goes to /login', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    const { router, store } = renderPage('unregister', signedIn, identity);
    expect(screen.getByText(UNREGISTER_WARNING)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Delete Your Account/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete your account?').length).toBeGreaterThan(0);
    expect(identity.deleteUser).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));

    // antd renders a modal's title twice (visible and for the dialog's label).
    expect((await screen.findAllByText(DEREGISTERED_TITLE)).length).toBeGreaterThan(0);
    expect(screen.getByText(DEREGISTERED_TEXT, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contactus');
    expect(identity.deleteUser).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // No `from`: the next sign-in lands on /, not on the page left.
    expect(router.state.location.state).toEqual({ leaving: true });
    expect(store.getState().auth).toEqual({ status: 'unauthenticated', user: null });
  });

  it('keeps the account when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    renderPage('unregister', signedIn, identity);
    await user.click(screen.getByRole('button', { name: /Delete Your Account/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(identity.deleteUser).not.toHaveBeenCalled();
  });

  it('shows a failed deletion inline', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    identity.deleteUser.mockRejectedValue(cognitoError('NetworkError', 'Network error'));
    const { router, store } = renderPage('unregister', signedIn, identity);
    await user.click(screen.getByRole('button', { name: /Delete Your Account/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unregister');
    expect(store.getState().auth.status).toBe('authenticated');
  });
});
