/**
 * The sign-in form's step for CUSTOM_AUTH's custom challenge (a code mailed to the
 * user): a code input naming where the mail went, a wrong code said inline and asked again (the
 * pool answers the same challenge anew), the third wrong code back to the password with
 * Cognito's message. The identity client is scripted; the SDK's side is tested against the
 * provider in __tests__/sdk/identityCustom.test.ts.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdentityChallenge, IdentitySignInStep } from '../../../src/sdk/identity';
import { CHALLENGE_TEXTS } from '../../../src/web/features/auth/ChallengeStep';
import AuthPage from '../../../src/web/pages/AuthPage';
import { ANN, cognitoError, fakeIdentity, type FakeIdentity } from '../fakeIdentity';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';

failOnConsoleErrors();

const EMAIL = ANN.email as string;
const PASSWORD = 'Peanut-Passw0rd';
const DESTINATION = 'a***@e***';

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

/** A CUSTOM_CHALLENGE step answered by `answer`. */
function custom(answer: (code: string) => Promise<IdentitySignInStep>): IdentitySignInStep {
  const challenge: IdentityChallenge = {
    name: 'CUSTOM_CHALLENGE',
    destination: DESTINATION,
    parameters: { CODE_DELIVERY_DESTINATION: DESTINATION, CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL' },
    answer,
  };
  return { kind: 'challenge', challenge };
}

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

describe('the emailed sign-in code (CUSTOM_CHALLENGE)', () => {
  it('asks for the code, says a wrong one inline and takes the next answer', async () => {
    const identity = fakeIdentity(ANN);
    const second = jest.fn<Promise<IdentitySignInStep>, [string]>(async () => SIGNED_IN);
    const first = jest.fn<Promise<IdentitySignInStep>, [string]>(async () => custom(second));
    identity.startSignIn.mockResolvedValue(custom(first));
    const { user, store, router } = await signInWith(identity);

    const form = await screen.findByRole('form', { name: 'Check Your Email' });
    expect(within(form).getByText(CHALLENGE_TEXTS.email(DESTINATION))).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByText('Please enter the code.')).toBeInTheDocument();
    expect(first).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('Sign-in code'), '111111');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHALLENGE_TEXTS.emailWrong);
    const again = screen.getByRole('form', { name: 'Check Your Email' });
    expect(within(again).getByLabelText('Sign-in code')).toHaveValue('');
    expect(store.getState().auth.status).toBe('unauthenticated');

    await user.type(within(again).getByLabelText('Sign-in code'), ' 424242 ');
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(first.mock.calls).toEqual([['111111']]);
    expect(second.mock.calls).toEqual([['424242']]);
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth).toEqual({ status: 'authenticated', user: ANN });
  });

  it('goes back to the password after the last wrong code, with Cognito’s message', async () => {
    const identity = fakeIdentity(ANN);
    const answer = jest.fn(async () => {
      throw cognitoError('NotAuthorizedException', 'Incorrect username or password.');
    });
    identity.startSignIn.mockResolvedValue(custom(answer));
    const { user, store } = await signInWith(identity);

    const form = await screen.findByRole('form', { name: 'Check Your Email' });
    await user.type(within(form).getByLabelText('Sign-in code'), '000000');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    const back = await screen.findByRole('form', { name: 'Sign In' });
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(within(back).getByLabelText('Email')).toHaveValue(EMAIL);
    expect(store.getState().auth.status).toBe('unauthenticated');
  });
});
