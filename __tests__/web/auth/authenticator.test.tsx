import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_TEXT } from '../../../src/web/features/auth/authText';
import { fill } from '../../../src/web/i18n/translator';

const NOTICES = {
  ...AUTH_TEXT.notices,
  codeSent: (destination: string) => fill(AUTH_TEXT.notices.codeSent, { destination }),
  resetCodeSent: (destination: string) => fill(AUTH_TEXT.notices.resetCodeSent, { destination }),
};
import { PASSWORD_HINT } from '../../../src/web/features/auth/passwordRule';
import AuthPage from '../../../src/web/pages/AuthPage';
import { cognitoError, fakeIdentity, type FakeIdentity } from '../fakeIdentity';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';

failOnConsoleErrors();

const EMAIL = 'ann@example.com';
const PASSWORD = 'Peanut-Passw0rd';

const otherRoutes = [
  { path: '/signup', element: <AuthPage mode="signUp" /> },
  { path: '/', element: <p>Home page</p> },
  { path: '/referral', element: <p>Referral page</p> },
];

/** Renders the authenticator at `route` (/login or /signup) with a fake identity client. */
function renderAuth(route: '/login' | '/signup', identity: FakeIdentity, routeState?: unknown) {
  const routes =
    route === '/login'
      ? otherRoutes
      : [{ path: '/login', element: <AuthPage mode="signIn" /> }, ...otherRoutes.slice(1)];
  return renderWithProviders(<AuthPage mode={route === '/login' ? 'signIn' : 'signUp'} />, {
    route,
    path: route,
    routes,
    routeState,
    preloadedState: { auth: { status: 'unauthenticated', user: null } },
    storeOptions: { identity },
  });
}

/** The authenticator's form of the mode titled `title`. */
async function form(title: string) {
  return screen.findByRole('form', { name: title });
}

describe('sign in (/login)', () => {
  it('signs in and goes back to the page the guard redirected from', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity({ username: EMAIL, email: EMAIL, sub: 'sub-ann' });
    const from = { pathname: '/referral', search: '?ref=ABCDEF12', hash: '' };
    const { router, store } = renderAuth('/login', identity, { from });
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    const signIn = await form('Sign In');
    await user.type(within(signIn).getByLabelText('Email'), EMAIL);
    await user.type(within(signIn).getByLabelText('Password'), PASSWORD);
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Referral page')).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/referral', search: '?ref=ABCDEF12' });
    expect(identity.signIn).toHaveBeenCalledWith(EMAIL, PASSWORD);
    expect(store.getState().auth).toEqual({
      status: 'authenticated',
      user: { username: EMAIL, email: EMAIL, sub: 'sub-ann' },
    });
  });

  it('goes home after signing in without a previous page', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity({ username: EMAIL, email: EMAIL, sub: 'sub-ann' });
    const { router } = renderAuth('/login', identity);
    const signIn = await form('Sign In');
    await user.type(within(signIn).getByLabelText('Email'), EMAIL);
    await user.type(within(signIn).getByLabelText('Password'), PASSWORD);
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows Cognito's message inline (not in the global error card) when sign-in fails", async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity();
    identity.signIn.mockRejectedValue(
      cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    const { store, router } = renderAuth('/login', identity);
    const signIn = await form('Sign In');
    await user.type(within(signIn).getByLabelText('Email'), EMAIL);
    await user.type(within(signIn).getByLabelText('Password'), 'wrong');
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.status).toBe('unauthenticated');
    expect(store.getState().errors.message).toBeNull();
  });

  it('checks the fields before calling the identity provider', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity();
    renderAuth('/login', identity);
    const signIn = await form('Sign In');
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter your email.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    await user.type(within(signIn).getByLabelText('Email'), 'not-an-email');
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(identity.signIn).not.toHaveBeenCalled();
  });

  it('asks for the code when the account is not confirmed yet', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity();
    identity.signIn.mockRejectedValue(
      cognitoError('UserNotConfirmedException', 'User is not confirmed.'),
    );
    renderAuth('/login', identity);
    const signIn = await form('Sign In');
    await user.type(within(signIn).getByLabelText('Email'), EMAIL);
    await user.type(within(signIn).getByLabelText('Password'), PASSWORD);
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));

    const confirm = await form('Confirm Sign Up');
    expect(screen.getByRole('heading', { name: 'Confirm Sign Up' })).toBeInTheDocument();
    expect(screen.getByText(NOTICES.notConfirmed)).toBeInTheDocument();
    expect(within(confirm).getByLabelText('Email')).toHaveValue(EMAIL);
  });

  it('resets a forgotten password: code by email, then code and new password', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity();
    const { router } = renderAuth('/login', identity);
    const signIn = await form('Sign In');
    await user.type(within(signIn).getByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));

    const forgot = await form('Reset Password');
    expect(within(forgot).getByLabelText('Email')).toHaveValue(EMAIL);
    await user.click(within(forgot).getByRole('button', { name: 'Send Code' }));
    expect(identity.forgotPassword).toHaveBeenCalledWith(EMAIL);

    expect(await screen.findByText(NOTICES.resetCodeSent('a***@e***'))).toBeInTheDocument();
    const reset = await screen.findByRole('form', { name: 'Reset Password' });
    identity.confirmForgotPassword.mockRejectedValueOnce(
      cognitoError(
        'CodeMismatchException',
        'Invalid verification code provided, please try again.',
      ),
    );
    await user.type(within(reset).getByLabelText('Code'), '123456');
    await user.type(within(reset).getByLabelText('New Password'), 'New-Passw0rd');
    await user.type(within(reset).getByLabelText('Confirm New Password'), 'New-Passw0rd');
    await user.click(within(reset).getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Invalid verification code provided, please try again.'),
    ).toBeInTheDocument();

    await user.click(within(reset).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByText(NOTICES.passwordReset)).toBeInTheDocument());
    expect(identity.confirmForgotPassword).toHaveBeenLastCalledWith(
      EMAIL,
      '123456',
      'New-Passw0rd',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(within(await form('Sign In')).getByLabelText('Email')).toHaveValue(EMAIL);
  });
});

describe('sign up (/signup)', () => {
  it('opens in sign-up mode with the password rule and checks it', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity();
    renderAuth('/signup', identity);
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    const signUp = await form('Sign Up');
    expect(within(signUp).getByText(PASSWORD_HINT)).toBeInTheDocument();
    expect(PASSWORD_HINT).toBe(
      'At least 8 characters with a digit, a lower-case letter, an upper-case letter and a symbol.',
    );

    await user.type(within(signUp).getByLabelText('Email'), EMAIL);
    const password = within(signUp).getByLabelText('Password');
    for (const [value, problem] of [
      ['Sh0rt!', 'The password must have at least 8 characters.'],
      ['NoDigits-here', 'The password must have a digit.'],
      ['NO-LOWER-1', 'The password must have a lower-case letter.'],
      ['no-upper-1', 'The password must have an upper-case letter.'],
      ['NoSymbol123', 'The password must have a symbol.'],
    ]) {
      await user.clear(password);
      await user.type(password, value);
      expect(await within(signUp).findByText(problem)).toBeInTheDocument();
    }
    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.type(within(signUp).getByLabelText('Confirm Password'), 'Other-Passw0rd');
    await user.click(within(signUp).getByRole('button', { name: 'Create Account' }));
    expect(await within(signUp).findByText('The passwords do not match.')).toBeInTheDocument();
    expect(identity.signUp).not.toHaveBeenCalled();
  });

  it("shows 'User already exists' inline", async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity();
    identity.signUp.mockRejectedValue(
      cognitoError('UsernameExistsException', 'User already exists'),
    );
    renderAuth('/signup', identity);
    const signUp = await form('Sign Up');
    await user.type(within(signUp).getByLabelText('Email'), EMAIL);
    await user.type(within(signUp).getByLabelText('Password'), PASSWORD);
    await user.type(within(signUp).getByLabelText('Confirm Password'), PASSWORD);
    await user.click(within(signUp).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
  });

  it('signs up, confirms with the emailed code (wrong code inline, resend), then offers sign-in with the email filled', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity();
    const { router } = renderAuth('/signup', identity);
    const signUp = await form('Sign Up');
    await user.type(within(signUp).getByLabelText('Email'), ` ${EMAIL} `);
    await user.type(within(signUp).getByLabelText('Password'), PASSWORD);
    await user.type(within(signUp).getByLabelText('Confirm Password'), PASSWORD);
    await user.click(within(signUp).getByRole('button', { name: 'Create Account' }));

    const confirm = await form('Confirm Sign Up');
    expect(identity.signUp).toHaveBeenCalledWith(EMAIL, PASSWORD);
    expect(screen.getByText(NOTICES.codeSent('a***@e***'))).toBeInTheDocument();
    expect(within(confirm).getByLabelText('Email')).toHaveValue(EMAIL);

    identity.confirmSignUp.mockRejectedValueOnce(
      cognitoError(
        'CodeMismatchException',
        'Invalid verification code provided, please try again.',
      ),
    );
    await user.type(within(confirm).getByLabelText('Code'), '000000');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Invalid verification code provided, please try again.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(identity.resendConfirmationCode).toHaveBeenCalledWith(EMAIL));
    await waitFor(() =>
      expect(
        screen.queryByText('Invalid verification code provided, please try again.'),
      ).not.toBeInTheDocument(),
    );

    await user.clear(within(confirm).getByLabelText('Code'));
    await user.type(within(confirm).getByLabelText('Code'), '123456');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const signIn = await form('Sign In');
    expect(identity.confirmSignUp).toHaveBeenLastCalledWith(EMAIL, '123456');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText(NOTICES.confirmed)).toBeInTheDocument();
    expect(within(signIn).getByLabelText('Email')).toHaveValue(EMAIL);
  });

  it('links to sign-in, and sign-in links to sign-up', async () => {
    const user = userEvent.setup();
    const { router } = renderAuth('/signup', fakeIdentity());
    await user.click(await screen.findByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/login');
    await user.click(await screen.findByRole('link', { name: 'Create one' }));
    expect(router.state.location.pathname).toBe('/signup');
    expect(await form('Sign Up')).toBeInTheDocument();
  });
});
