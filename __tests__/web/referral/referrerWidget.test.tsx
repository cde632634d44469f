/**
 * The referrer code widget (spec §2 "Referral page", §4 load rules, §5): its three sources, the
 * 1.5 s debounce, normalisation, and every message.
 */
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { ReferrerCodeWidget } from '../../../src/web/features/referral/ReferrerCodeWidget';
import { readPendingCode, savePendingCode } from '../../../src/web/features/referral/pendingCode';
import {
  REFERRER_ALREADY_USED_TEXT,
  REFERRER_INFO_TEXT,
  REFERRER_VALID_TEXT,
  VALIDATION_DEBOUNCE_MS,
} from '../../../src/web/features/referral/referralCode';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import { ANN } from '../fakeIdentity';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';
import { fakeReferralApi } from './fakeReferralApi';

configure({ asyncUtilTimeout: 15_000 });
failOnConsoleErrors();

const signedIn: AuthState = {
  status: 'authenticated',
  user: { username: ANN.username, email: ANN.email, sub: ANN.sub },
};

const VALIDATE = 'POST /v1/referral/validate';
const REFERRER = 'GET /v1/referral/referrerCode';

function renderWidget(api: ReturnType<typeof fakeReferralApi>, sessionReady = true) {
  return renderWithProviders(<ReferrerCodeWidget sessionReady={sessionReady} />, {
    preloadedState: { auth: signedIn },
    storeOptions: { fetch: api.fetch },
  });
}

const widget = () => screen.getByTestId('referrer-code-widget');
const field = () => screen.getByRole('textbox', { name: "Friend's referral code" });

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('ReferrerCodeWidget sources (spec §4)', () => {
  it('input: no code used and none stored gives an empty field with the info text', async () => {
    const api = fakeReferralApi();
    renderWidget(api);
    await waitFor(() => expect(field()).toBeEnabled());
    expect(widget()).toHaveAttribute('data-source', 'input');
    expect(field()).toHaveValue('');
    expect(field()).toHaveAttribute('placeholder', 'Enter 8-character code');
    expect(screen.getByText(REFERRER_INFO_TEXT)).toBeInTheDocument();
    expect(api.calls(REFERRER)).toHaveLength(1);
    expect(api.calls(VALIDATE)).toHaveLength(0);
  });

  it('link: the stored code fills the field and is validated without typing', async () => {
    savePendingCode('C0FFEE42');
    const api = fakeReferralApi();
    renderWidget(api);
    expect(await screen.findByText(REFERRER_VALID_TEXT)).toBeInTheDocument();
    expect(widget()).toHaveAttribute('data-source', 'link');
    expect(field()).toHaveValue('C0FFEE42');
    expect(api.calls(VALIDATE).map((call) => call.body)).toEqual([{ referralCode: 'C0FFEE42' }]);
    expect(readPendingCode()).toBe('C0FFEE42');
  });

  it('backend: a code already used locks the field and clears the stored code', async () => {
    savePendingCode('C0FFEE42');
    const api = fakeReferralApi({ referrerCode: 'BEEF0001' });
    renderWidget(api);
    expect(await screen.findByText(REFERRER_ALREADY_USED_TEXT)).toBeInTheDocument();
    expect(widget()).toHaveAttribute('data-source', 'backend');
    expect(field()).toHaveValue('BEEF0001');
    expect(field()).toBeDisabled();
    expect(readPendingCode()).toBeNull();
    expect(screen.queryByText(REFERRER_INFO_TEXT)).not.toBeInTheDocument();
    expect(api.calls(VALIDATE)).toHaveLength(0);
  });

  it("a failed referrer load says 'Failed to load referrer code' and falls back to the stored code", async () => {
    savePendingCode('C0FFEE42');
    const api = fakeReferralApi();
    api.state.failing.add(REFERRER);
    renderWidget(api);
    expect(await screen.findByText('Failed to load referrer code')).toBeInTheDocument();
    expect(widget()).toHaveAttribute('data-source', 'link');
    expect(field()).toHaveValue('C0FFEE42');
    expect(await screen.findByText(REFERRER_VALID_TEXT)).toBeInTheDocument();
  });

  it('a failed referrer load without a stored code falls back to input', async () => {
    const api = fakeReferralApi();
    api.state.failing.add(REFERRER);
    renderWidget(api);
    expect(await screen.findByText('Failed to load referrer code')).toBeInTheDocument();
    expect(widget()).toHaveAttribute('data-source', 'input');
    expect(field()).toHaveValue('');
  });

  it("without a session it uses the stored code, fetches nothing and says 'Session not ready'", async () => {
    savePendingCode('C0FFEE42');
    const api = fakeReferralApi();
    renderWidget(api, false);
    expect(
      await screen.findByText('Session not ready. Please wait and try again.'),
    ).toBeInTheDocument();
    expect(widget()).toHaveAttribute('data-source', 'link');
    expect(field()).toHaveValue('C0FFEE42');
    expect(api.requests).toHaveLength(0);
    // The link's code is kept for the purchase.
    expect(readPendingCode()).toBe('C0FFEE42');
  });

  it('a landing link opened while the page shows replaces a typed code', async () => {
    const api = fakeReferralApi();
    renderWidget(api);
    await waitFor(() => expect(field()).toBeEnabled());
    act(() => savePendingCode('C0FFEE42'));
    expect(await screen.findByText(REFERRER_VALID_TEXT)).toBeInTheDocument();
    expect(widget()).toHaveAttribute('data-source', 'link');
    expect(field()).toHaveValue('C0FFEE42');
  });
});

describe('ReferrerCodeWidget validation (spec §5)', () => {
  it('normalises typed input: uppercase, A-Z and 0-9 only, 8 characters', async () => {
    const api = fakeReferralApi();
    renderWidget(api);
    await waitFor(() => expect(field()).toBeEnabled());
    fireEvent.change(field(), { target: { value: 'c0-ff ee.42xyz' } });
    expect(field()).toHaveValue('C0FFEE42');
    expect(widget()).toHaveAttribute('data-source', 'input');
  });

  it('validates 1.5 s after the last keystroke, once, and shows the valid text', async () => {
    jest.useFakeTimers();
    const api = fakeReferralApi();
    renderWidget(api);
    await waitFor(() => expect(field()).toBeEnabled());
    fireEvent.change(field(), { target: { value: 'C0FF' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS - 100);
    });
    fireEvent.change(field(), { target: { value: 'C0FFEE4' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS - 100);
    });
    fireEvent.change(field(), { target: { value: 'C0FFEE42' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS - 1);
    });
    expect(api.calls(VALIDATE)).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    await waitFor(() => expect(screen.getByText(REFERRER_VALID_TEXT)).toBeInTheDocument());
    expect(api.calls(VALIDATE).map((call) => call.body)).toEqual([{ referralCode: 'C0FFEE42' }]);
    // A valid typed code becomes the pending code the purchase carries.
    expect(readPendingCode()).toBe('C0FFEE42');
  });

  it("shows the server's refusal and forgets the stored code", async () => {
    savePendingCode('DEADBEEF');
    const api = fakeReferralApi();
    renderWidget(api);
    expect(
      await screen.findByText('Error with referral code: DEADBEEF: Unknown code'),
    ).toBeInTheDocument();
    expect(screen.queryByText(REFERRER_VALID_TEXT)).not.toBeInTheDocument();
    expect(readPendingCode()).toBeNull();
  });

  it('refuses a short code on the client, without calling the backend', async () => {
    const api = fakeReferralApi();
    renderWidget(api);
    await waitFor(() => expect(field()).toBeEnabled());
    fireEvent.change(field(), { target: { value: 'abc' } });
    expect(
      await screen.findByText(
        'Error with referral code: ABC: Code must be of 8 hexadecimal digits, e.g.: ABCDEF12',
      ),
    ).toBeInTheDocument();
    expect(api.calls(VALIDATE)).toHaveLength(0);
  });

  it("says 'Unable to validate referral code. Please try again.' when the call fails", async () => {
    savePendingCode('C0FFEE42');
    const api = fakeReferralApi();
    api.state.failing.add(VALIDATE);
    const { store } = renderWidget(api);
    expect(
      await screen.findByText('Unable to validate referral code. Please try again.'),
    ).toBeInTheDocument();
    // The widget shows it; the global error card does not.
    expect(store.getState().errors.message).toBeNull();
    expect(readPendingCode()).toBe('C0FFEE42');
  });

  it('an emptied field resets the state and forgets the stored code', async () => {
    savePendingCode('C0FFEE42');
    const api = fakeReferralApi();
    renderWidget(api);
    expect(await screen.findByText(REFERRER_VALID_TEXT)).toBeInTheDocument();
    fireEvent.change(field(), { target: { value: '' } });
    expect(screen.queryByText(REFERRER_VALID_TEXT)).not.toBeInTheDocument();
    await waitFor(() => expect(readPendingCode()).toBeNull());
    // Only the info text remains: no error, no valid text.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      REFERRER_INFO_TEXT,
    ]);
    expect(api.calls(VALIDATE)).toHaveLength(1);
  });
});
