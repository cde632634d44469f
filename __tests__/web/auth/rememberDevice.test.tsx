/**
 * The second factor's step offers "Remember this device"; ticked, the identity client
 * remembers this browser's device once the code signs in (its keys stay in the identity storage,
 * never in the store); not ticked, nothing is remembered. A failure to remember leaves the user
 * signed in with a warning. The SDK's side runs against the provider in
 * __tests__/sdk/identityDevices.test.ts.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdentityChallenge, IdentitySignInStep } from '../../../src/sdk/identity';
import { CHALLENGE_TEXTS } from '../../../src/web/features/auth/ChallengeStep';
import AuthPage from '../../../src/web/pages/AuthPage';
import { ANN, cognitoError, fakeIdentity, type FakeIdentity } from '../fakeIdentity';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';

failOnConsoleErrors();

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

const step = (challenge: IdentityChallenge): IdentitySignInStep => ({
  kind: 'challenge',
  challenge,
});

/** Signs in on /login with `identity` up to the challenge's form. */
async function signInWith(identity: FakeIdentity) {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<AuthPage mode="signIn" />, {
    route: '/login',
    path: '/login',
    routes: [{ path: '/', element: <p>Home page</p> }],
    preloadedState: { auth: { status: 'unauthenticated', user: null } },
    storeOptions: { identity },
  });
  const signIn = await screen.findByRole('form', { name: 'Sign In' });
  await user.type(within(signIn).getByLabelText('Email'), ANN.email as string);
  await user.type(within(signIn).getByLabelText('Password'), 'Peanut-Passw0rd');
  await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));
  const form = await screen.findByRole('form', { name: 'Two-Factor Authentication' });
  return { user, form, ...rendered };
}

describe('remember this device', () => {
  it('remembers the device after the authenticator code when ticked, and not before', async () => {
    const identity = fakeIdentity(ANN);
    const answer = jest
      .fn<Promise<IdentitySignInStep>, [string]>()
      .mockRejectedValueOnce(
        cognitoError('CodeMismatchException', 'Invalid code received for user'),
      )
      .mockResolvedValueOnce(SIGNED_IN);
    identity.startSignIn.mockResolvedValue(step({ name: 'SOFTWARE_TOKEN_MFA', answer }));
    const { user, form, store } = await signInWith(identity);

    const remember = within(form).getByRole('checkbox', { name: CHALLENGE_TEXTS.remember });
    expect(remember).not.toBeChecked();
    await user.click(remember);
    await user.type(within(form).getByLabelText('Authenticator code'), '111111');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code received for user');
    // A refused code remembers nothing.
    expect(identity.rememberDevice).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('Authenticator code'), '222222');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(identity.rememberDevice).toHaveBeenCalledTimes(1);
    expect(answer.mock.calls).toEqual([['111111'], ['222222']]);
    // Remembered before the user shows as signed in; nothing of the device in the store.
    expect(identity.rememberDevice.mock.invocationCallOrder[0]).toBeLessThan(
      identity.currentUser.mock.invocationCallOrder.at(-1) as number,
    );
    expect(store.getState().auth).toEqual({ status: 'authenticated', user: ANN });
    expect(JSON.stringify(store.getState())).not.toMatch(/device/i);
  });

  it('does not remember the device when the box is left unticked (texted code)', async () => {
    const identity = fakeIdentity(ANN);
    const answer = jest.fn<Promise<IdentitySignInStep>, [string]>(async () => SIGNED_IN);
    identity.startSignIn.mockResolvedValue(
      step({ name: 'SMS_MFA', destination: '+*******1234', answer }),
    );
    const { user, form } = await signInWith(identity);
    expect(
      within(form).getByRole('checkbox', { name: CHALLENGE_TEXTS.remember }),
    ).not.toBeChecked();
    await user.type(within(form).getByLabelText('SMS code'), '246810');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(answer).toHaveBeenCalledWith('246810');
    expect(identity.rememberDevice).not.toHaveBeenCalled();
  });

  it('signs in with a warning when the device cannot be remembered', async () => {
    const identity = fakeIdentity(ANN);
    identity.rememberDevice.mockRejectedValue(
      cognitoError('ResourceNotFoundException', 'Device does not exist.'),
    );
    const answer = jest.fn<Promise<IdentitySignInStep>, [string]>(async () => SIGNED_IN);
    identity.startSignIn.mockResolvedValue(step({ name: 'SOFTWARE_TOKEN_MFA', answer }));
    const { user, form, store } = await signInWith(identity);
    await user.click(within(form).getByRole('checkbox', { name: CHALLENGE_TEXTS.remember }));
    await user.type(within(form).getByLabelText('Authenticator code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(
      await screen.findByText(CHALLENGE_TEXTS.rememberFailed('Device does not exist.')),
    ).toBeInTheDocument();
    expect(store.getState().auth.status).toBe('authenticated');
  });
});
