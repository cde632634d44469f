/**
 * The sign-in form's step after the password when the pool sends a challenge
 * (authenticator code, texted code, factor choice, new password, authenticator set-up), with
 * Cognito's errors inline. The identity client is scripted; the SDK's side of each challenge is
 * tested against the provider in __tests__/sdk/identityChallenges.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdentityChallenge, IdentitySignInStep } from '../../../src/sdk/identity';
import { CHALLENGE_TEXTS } from '../../../src/web/features/auth/ChallengeStep';
import { QR_ALT } from '../../../src/web/features/auth/TotpQrCode';
import AuthPage from '../../../src/web/pages/AuthPage';
import { ANN, cognitoError, fakeIdentity, type FakeIdentity } from '../fakeIdentity';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';

failOnConsoleErrors();

const EMAIL = ANN.email as string;
const PASSWORD = 'Peanut-Passw0rd';

const SIGNED_IN: IdentitySignInStep = {
  kind: 'signedIn',
  session: {
    idToken: 'id-token',
    accessToken: 'access-token',
    refreshToken: 'refresh-token',
    idTokenPayload: {},
    expiresAt: 0,
  },
};

/** A step of `challenge`. */
const step = (challenge: IdentityChallenge): IdentitySignInStep => ({
  kind: 'challenge',
  challenge,
});

/** Renders /login with `identity`, types the credentials and submits. */
async function signInWith(identity: FakeIdentity) {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<AuthPage mode="signIn" />, {
    route: '/login',
    path: '/login',
    routes: [{ path: '/', element: <p>Home page</p> }],
    preloadedState: { auth: { status: 'unauthenticated', user: null } },
    storeOptions: { identity },
  });
  const form = await screen.findByRole('form', { name: 'Sign In' });
  await user.type(within(form).getByLabelText('Email'), EMAIL);
  await user.type(within(form).getByLabelText('Password'), PASSWORD);
  await user.click(within(form).getByRole('button', { name: 'Sign In' }));
  return { user, ...rendered };
}

describe('sign-in challenges', () => {
  it('asks for the authenticator code, shows a wrong one inline, then signs in', async () => {
    const identity = fakeIdentity(ANN);
    const answer = jest
      .fn<Promise<IdentitySignInStep>, [string]>()
      .mockRejectedValueOnce(
        cognitoError('CodeMismatchException', 'Invalid code received for user'),
      )
      .mockResolvedValueOnce(SIGNED_IN);
    identity.startSignIn.mockResolvedValue(step({ name: 'SOFTWARE_TOKEN_MFA', answer }));
    const { user, router, store } = await signInWith(identity);

    expect(identity.startSignIn).toHaveBeenCalledWith(EMAIL, PASSWORD);
    const form = await screen.findByRole('form', { name: 'Two-Factor Authentication' });
    expect(within(form).getByText(CHALLENGE_TEXTS.totp)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByText('Please enter the code.')).toBeInTheDocument();
    expect(answer).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('Authenticator code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code received for user');
    expect(store.getState().auth.status).toBe('unauthenticated');
    expect(within(form).getByLabelText('Authenticator code')).toHaveValue('');

    await user.type(within(form).getByLabelText('Authenticator code'), ' 654321 ');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(answer.mock.calls).toEqual([['123456'], ['654321']]);
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth).toEqual({ status: 'authenticated', user: ANN });
  });

  it('lets the user choose a factor, then asks for the texted code', async () => {
    const identity = fakeIdentity(ANN);
    const smsAnswer = jest.fn<Promise<IdentitySignInStep>, [string]>(async () => SIGNED_IN);
    const selectAnswer = jest.fn(async () =>
      step({ name: 'SMS_MFA', destination: '+*******1234', answer: smsAnswer }),
    );
    identity.startSignIn.mockResolvedValue(
      step({
        name: 'SELECT_MFA_TYPE',
        choices: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'],
        answer: selectAnswer,
      }),
    );
    const { user, store } = await signInWith(identity);

    const choose = await screen.findByRole('form', { name: 'Choose a Second Factor' });
    expect(within(choose).getByRole('radio', { name: 'Text message (SMS)' })).toBeChecked();
    await user.click(within(choose).getByRole('radio', { name: 'Authenticator app' }));
    await user.click(within(choose).getByRole('radio', { name: 'Text message (SMS)' }));
    await user.click(within(choose).getByRole('button', { name: 'Continue' }));
    expect(selectAnswer).toHaveBeenCalledWith('SMS_MFA');

    const sms = await screen.findByRole('form', { name: 'Two-Factor Authentication' });
    expect(within(sms).getByText(CHALLENGE_TEXTS.sms('+*******1234'))).toBeInTheDocument();
    await user.type(within(sms).getByLabelText('SMS code'), '246810');
    await user.click(within(sms).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(smsAnswer).toHaveBeenCalledWith('246810');
    expect(store.getState().auth.status).toBe('authenticated');
  });

  it('sets a new password in place of a temporary one', async () => {
    const identity = fakeIdentity(ANN);
    const answer = jest
      .fn<Promise<IdentitySignInStep>, [string]>()
      .mockRejectedValueOnce(
        cognitoError(
          'InvalidPasswordException',
          'Password did not conform with policy: Password must have symbol characters',
        ),
      )
      .mockResolvedValueOnce(SIGNED_IN);
    identity.startSignIn.mockResolvedValue(
      step({
        name: 'NEW_PASSWORD_REQUIRED',
        userAttributes: { email: EMAIL },
        requiredAttributes: [],
        answer,
      }),
    );
    const { user } = await signInWith(identity);

    const form = await screen.findByRole('form', { name: 'Set a New Password' });
    expect(within(form).getByText(CHALLENGE_TEXTS.newPassword)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('New Password'), 'Brand-new-Passw0rd');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'Brand-new-Passw0rd');
    await user.click(within(form).getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password did not conform with policy: Password must have symbol characters',
    );
    await user.click(within(form).getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(answer.mock.calls).toEqual([['Brand-new-Passw0rd'], ['Brand-new-Passw0rd']]);
  });

  it('sets an authenticator app up with a QR code when the pool requires one', async () => {
    const identity = fakeIdentity(ANN);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const associate = jest.fn(async () => secret);
    const answer = jest.fn<Promise<IdentitySignInStep>, [string, string?]>(async () => SIGNED_IN);
    identity.startSignIn.mockResolvedValue(step({ name: 'MFA_SETUP', associate, answer }));
    const { user } = await signInWith(identity);

    const form = await screen.findByRole('form', { name: 'Set Up Two-Factor Authentication' });
    const qr = await within(form).findByRole('img', { name: QR_ALT });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(within(form).getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(associate).toHaveBeenCalledTimes(1);
    await user.type(within(form).getByLabelText('Authenticator code'), '135790');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(answer).toHaveBeenCalledWith('135790');
  });

  it('goes back to the password when the session expired, or when asked', async () => {
    const identity = fakeIdentity(ANN);
    const answer = jest.fn(async () => {
      throw cognitoError(
        'NotAuthorizedException',
        'Invalid session for the user, session is expired.',
      );
    });
    identity.startSignIn.mockResolvedValue(step({ name: 'SOFTWARE_TOKEN_MFA', answer }));
    const { user, store } = await signInWith(identity);

    const form = await screen.findByRole('form', { name: 'Two-Factor Authentication' });
    await user.type(within(form).getByLabelText('Authenticator code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    const again = await screen.findByRole('form', { name: 'Sign In' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid session for the user, session is expired.',
    );
    expect(within(again).getByLabelText('Email')).toHaveValue(EMAIL);
    expect(store.getState().auth.status).toBe('unauthenticated');

    await user.type(within(again).getByLabelText('Password'), PASSWORD);
    await user.click(within(again).getByRole('button', { name: 'Sign In' }));
    const second = await screen.findByRole('form', { name: 'Two-Factor Authentication' });
    await user.click(
      within(second.parentElement!).getByRole('button', { name: 'Back to Sign In' }),
    );
    await waitFor(() => expect(screen.getByRole('form', { name: 'Sign In' })).toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(identity.startSignIn).toHaveBeenCalledTimes(2);
  });
});
