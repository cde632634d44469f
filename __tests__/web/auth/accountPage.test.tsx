/**
 * The Account page's "Two-factor authentication": set an authenticator app up (QR
 * code, then a first code), a wrong code inline, turn it off. The identity client is scripted;
 * the SDK calls are tested against the provider in __tests__/sdk/identityChallenges.test.ts.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import { QR_ALT } from '../../../src/web/features/auth/TotpQrCode';
import { TWO_FACTOR_TEXTS } from '../../../src/web/features/auth/TwoFactorCard';
import AccountPage from '../../../src/web/pages/AccountPage';
import { ANN, cognitoError, fakeIdentity, type FakeIdentity } from '../fakeIdentity';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';

failOnConsoleErrors();

const signedIn: AuthState = { status: 'authenticated', user: ANN };

function renderAccount(auth: AuthState, identity: FakeIdentity) {
  return renderWithProviders(<AccountPage />, {
    route: '/account',
    path: '/account',
    routes: [{ path: '/login', element: <p>Login page</p> }],
    preloadedState: { auth },
    storeOptions: { identity },
  });
}

describe('/account', () => {
  it("shows a 'Please authenticate' link when not signed in", () => {
    const identity = fakeIdentity();
    renderAccount({ status: 'unauthenticated', user: null }, identity);
    expect(screen.getByRole('link', { name: 'Please authenticate' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(identity.mfaSettings).not.toHaveBeenCalled();
  });

  it('sets an authenticator app up with a QR code, refuses a wrong code, then turns it off', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    renderAccount(signedIn, identity);
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(await screen.findByText(TWO_FACTOR_TEXTS.off)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set Up Authenticator App' }));
    expect(identity.setUpTotp).toHaveBeenCalledTimes(1);
    const qr = await screen.findByRole('img', { name: QR_ALT });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');

    const form = screen.getByRole('form', { name: 'Confirm Authenticator App' });
    identity.confirmTotp.mockRejectedValueOnce(
      cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch'),
    );
    await user.type(within(form).getByLabelText('Authenticator code'), '111111');
    await user.click(within(form).getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code mismatch');
    expect(within(form).getByLabelText('Authenticator code')).toHaveValue('');

    identity.mfaSettings.mockResolvedValue({
      enabled: ['SOFTWARE_TOKEN_MFA'],
      preferred: 'SOFTWARE_TOKEN_MFA',
    });
    await user.type(within(form).getByLabelText('Authenticator code'), '222222');
    await user.click(within(form).getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByText(TWO_FACTOR_TEXTS.on)).toBeInTheDocument();
    expect(await screen.findByText(TWO_FACTOR_TEXTS.turnedOn)).toBeInTheDocument();
    expect(identity.confirmTotp.mock.calls.map(([code]) => code)).toEqual(['111111', '222222']);
    expect(screen.queryByText('Code mismatch')).not.toBeInTheDocument();

    identity.mfaSettings.mockResolvedValue({ enabled: [] });
    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    expect(await screen.findByText(TWO_FACTOR_TEXTS.off)).toBeInTheDocument();
    expect(identity.disableTotp).toHaveBeenCalledTimes(1);
  });

  it("shows the provider's error when the settings cannot be read", async () => {
    const identity = fakeIdentity(ANN);
    identity.mfaSettings.mockRejectedValue(
      cognitoError('NotAuthorizedException', 'Access Token has been revoked'),
    );
    renderAccount(signedIn, identity);
    expect(await screen.findByRole('alert')).toHaveTextContent('Access Token has been revoked');
  });
});
