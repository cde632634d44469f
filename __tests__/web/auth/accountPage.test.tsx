/**
 * The Account page's "Two-factor authentication": set an authenticator app up (QR
 * code, then a first code), a wrong code inline, turn it off. The identity client is scripted;
 * the SDK calls are tested against the provider in __tests__/sdk/identityChallenges.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import { QR_ALT } from '../../../src/web/features/auth/TotpQrCode';
import { TWO_FACTOR_TEXTS } from '../../../src/web/features/auth/TwoFactorCard';
import { NOTICES_TEXTS } from '../../../src/web/features/notices';
import AccountPage from '../../../src/web/pages/AccountPage';
import type { StoreOptions } from '../../../src/web/app/store';
import { ANN, cognitoError, fakeIdentity, type FakeIdentity } from '../fakeIdentity';
import { failOnConsoleErrors, fakeFetch, jsonResponse, renderWithProviders } from '../testUtils';

failOnConsoleErrors();

const signedIn: AuthState = { status: 'authenticated', user: ANN };

function renderAccount(auth: AuthState, identity: FakeIdentity, options: StoreOptions = {}) {
  return renderWithProviders(<AccountPage />, {
    route: '/account',
    path: '/account',
    routes: [{ path: '/login', element: <p>Login page</p> }],
    preloadedState: { auth },
    storeOptions: { identity, ...options },
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

describe('/account email notices', () => {
  it('shows the defaults (VPN ended on, low balance off) and saves a threshold and a switch', async () => {
    const user = userEvent.setup();
    let stored = { vpnEnded: true, lowBalanceBelow: null as number | null };
    const patches: unknown[] = [];
    const fetch = fakeFetch({
      'GET /v1/account/notices': () => jsonResponse(stored),
      'PATCH /v1/account/notices': () => jsonResponse(stored),
    });
    const recorded = jest.fn(
      async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
        if (init?.method === 'PATCH') {
          const patch = JSON.parse(String(init.body)) as typeof stored;
          patches.push(patch);
          stored = { ...stored, ...patch };
        }
        return fetch(input, init);
      },
    );
    renderAccount(signedIn, fakeIdentity(ANN), { fetch: recorded });
    const card = await screen.findByRole('form', { name: NOTICES_TEXTS.title });
    const vpnEnded = within(card).getByRole('switch', { name: NOTICES_TEXTS.vpnEnded });
    const lowBalance = within(card).getByRole('switch', { name: NOTICES_TEXTS.lowBalance });
    const threshold = within(card).getByRole('spinbutton', { name: NOTICES_TEXTS.threshold });
    expect(vpnEnded).toBeChecked();
    expect(lowBalance).not.toBeChecked();
    expect(threshold).toBeDisabled();

    await user.click(lowBalance);
    expect(threshold).toBeEnabled();
    await user.clear(threshold);
    await user.type(threshold, '2.5');
    await user.click(vpnEnded);
    await user.click(within(card).getByRole('button', { name: NOTICES_TEXTS.save }));
    expect(await screen.findByText(NOTICES_TEXTS.saved)).toBeInTheDocument();
    expect(patches).toEqual([{ vpnEnded: false, lowBalanceBelow: 2.5 }]);
    expect(vpnEnded).not.toBeChecked();

    // Off again: the threshold is sent as null.
    await user.click(lowBalance);
    await user.click(within(card).getByRole('button', { name: NOTICES_TEXTS.save }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ vpnEnded: false, lowBalanceBelow: null });
    await waitFor(() => expect(threshold).toBeDisabled());
  });
});
