/**
 * The /referral page (spec §2 "Referral page", §6, §8, §9): client initialisation with its
 * retries, the signed-out link, the four sections, the own-code and link boxes with their copy
 * messages, the share buttons, and the stats card's texts.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ReferralPage, { REFERRAL_INIT_TEXT } from '../../../src/web/pages/ReferralPage';
import { COPY_CONFIRMATION_MS } from '../../../src/web/features/referral/ShareReferral';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import { ANN, fakeIdentity } from '../fakeIdentity';
import { allowConsoleErrors, failOnConsoleErrors, renderWithProviders } from '../testUtils';
import { fakeReferralApi } from './fakeReferralApi';

configure({ asyncUtilTimeout: 15_000 });
failOnConsoleErrors();

const signedIn: AuthState = {
  status: 'authenticated',
  user: { username: ANN.username, email: ANN.email, sub: ANN.sub },
};

const originalClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
const originalExecCommand = document.execCommand;

function mockClipboard(writeText: jest.Mock) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

function renderPage(
  api: ReturnType<typeof fakeReferralApi>,
  identity = fakeIdentity(ANN),
  auth: AuthState = signedIn,
) {
  return renderWithProviders(<ReferralPage />, {
    route: '/referral',
    preloadedState: { auth },
    storeOptions: { fetch: api.fetch, identity },
    routes: [{ path: '/login', element: <p>Login page</p> }],
  });
}

/** A share button (its accessible name also holds the icon's label). */
const shareButton = (name: string) =>
  within(screen.getByLabelText('Share')).getByRole('button', { name: new RegExp(`${name}$`) });

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
  if (originalClipboard) Object.defineProperty(navigator, 'clipboard', originalClipboard);
  else delete (navigator as { clipboard?: unknown }).clipboard;
  document.execCommand = originalExecCommand;
  jest.restoreAllMocks();
});

describe('ReferralPage initialisation', () => {
  it("shows a 'Please authenticate' link to /login when signed out", async () => {
    const api = fakeReferralApi();
    renderPage(api, fakeIdentity(), { status: 'unauthenticated', user: null });
    const link = await screen.findByRole('link', { name: 'Please authenticate' });
    expect(link).toHaveAttribute('href', '/login');
    expect(api.requests).toHaveLength(0);
  });

  it('retries the initialisation after 1000 ms then 2000 ms, and loads once the session is ready', async () => {
    jest.useFakeTimers();
    const identity = fakeIdentity(ANN);
    identity.getIdToken
      .mockResolvedValueOnce(undefined)
      .mockResolvedValueOnce(undefined)
      .mockResolvedValue('id-token');
    const api = fakeReferralApi();
    renderPage(api, identity);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText(REFERRAL_INIT_TEXT)).toBeInTheDocument();
    expect(identity.getIdToken).toHaveBeenCalledTimes(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(999);
    });
    expect(identity.getIdToken).toHaveBeenCalledTimes(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(identity.getIdToken).toHaveBeenCalledTimes(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1999);
    });
    expect(identity.getIdToken).toHaveBeenCalledTimes(2);
    expect(screen.getByText(REFERRAL_INIT_TEXT)).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(await screen.findByRole('textbox', { name: 'referral code' })).toHaveValue('ABCDEF12');
    expect(screen.queryByText(REFERRAL_INIT_TEXT)).not.toBeInTheDocument();
  });

  it('gives up after 3 retries (1, 2 and 4 s) and proceeds without fetching', async () => {
    jest.useFakeTimers();
    const identity = fakeIdentity(ANN);
    identity.getIdToken.mockResolvedValue(undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeReferralApi();
    renderPage(api, identity);
    for (const [wait, calls] of [
      [0, 1],
      [1000, 2],
      [2000, 3],
      [3999, 3],
    ] as const) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(wait);
      });
      expect(identity.getIdToken).toHaveBeenCalledTimes(calls);
      expect(screen.getByText(REFERRAL_INIT_TEXT)).toBeInTheDocument();
    }
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(identity.getIdToken).toHaveBeenCalledTimes(4);
    expect(
      await screen.findByText("Can't get your referral code. Try refresh"),
    ).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
    allowConsoleErrors();
  });

  it('shows the four sections', async () => {
    renderPage(fakeReferralApi());
    for (const name of [
      'How It Works',
      'Your Referral Information',
      'Your Referral Statistics',
      'Your Referral History',
    ]) {
      expect(await screen.findByRole('heading', { name, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'referral program terms' })).toHaveAttribute(
      'href',
      '/referral/terms',
    );
  });
});

describe('Own code, link and copy', () => {
  it("shows the code and the link, and 'Copied to clipboard!' for 2 s after a copy", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    mockClipboard(writeText);
    renderPage(fakeReferralApi());
    const code = await screen.findByRole('textbox', { name: 'referral code' });
    expect(code).toHaveValue('ABCDEF12');
    expect(screen.getByRole('textbox', { name: 'referral link' })).toHaveValue(
      `${window.location.origin}/referral?ref=ABCDEF12`,
    );
    expect(screen.getByText('Share the code below to earn bonus peanuts!')).toBeInTheDocument();
    expect(screen.getByText('Alternatively, share the link below')).toBeInTheDocument();

    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy referral code' }));
    });
    expect(writeText).toHaveBeenCalledWith('ABCDEF12');
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    expect(
      screen.queryByText('Share the code below to earn bonus peanuts!'),
    ).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(COPY_CONFIRMATION_MS - 1);
    });
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
    expect(screen.getByText('Share the code below to earn bonus peanuts!')).toBeInTheDocument();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy referral link' }));
    });
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/referral?ref=ABCDEF12`);
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    expect(screen.queryByText('Alternatively, share the link below')).not.toBeInTheDocument();
  });

  it("says 'Failed to copy to clipboard' when the clipboard and the fallback both fail", async () => {
    mockClipboard(jest.fn().mockRejectedValue(new Error('denied')));
    document.execCommand = jest.fn().mockReturnValue(false);
    renderPage(fakeReferralApi());
    await screen.findByRole('textbox', { name: 'referral code' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy referral code' }));
    });
    expect(screen.getByText('Failed to copy to clipboard')).toBeInTheDocument();
  });

  it("says 'Failed to load referral code' and disables sharing when the code fails to load", async () => {
    const api = fakeReferralApi();
    api.state.failing.add('GET /v1/referral/referralCode');
    const { store } = renderPage(api);
    expect(await screen.findByText('Failed to load referral code')).toBeInTheDocument();
    expect(screen.getByText("Can't get your referral code. Try refresh")).toBeInTheDocument();
    for (const name of ['Twitter', 'Facebook', 'WhatsApp', 'Telegram', 'Email']) {
      expect(shareButton(name)).toBeDisabled();
    }
    expect(store.getState().errors.message).toBeNull();
  });
});

describe('Share buttons', () => {
  it('open the share URLs with the share text and the link', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderPage(fakeReferralApi());
    await screen.findByRole('textbox', { name: 'referral code' });
    const link = `${window.location.origin}/referral?ref=ABCDEF12`;
    const text = 'Join Peanut VPN with my referral code ABCDEF12 and get bonus peanuts!';
    const expected: Record<string, (url: URL) => void> = {
      Twitter: (url) => {
        expect(url.host).toBe('twitter.com');
        expect(url.searchParams.get('text')).toBe(text);
        expect(url.searchParams.get('url')).toBe(link);
      },
      Facebook: (url) => {
        expect(url.host).toBe('www.facebook.com');
        expect(url.searchParams.get('u')).toBe(link);
      },
      WhatsApp: (url) => {
        expect(url.host).toBe('wa.me');
        expect(url.searchParams.get('text')).toBe(`${text} ${link}`);
      },
      Telegram: (url) => {
        expect(url.host).toBe('t.me');
        expect(url.searchParams.get('url')).toBe(link);
        expect(url.searchParams.get('text')).toBe(text);
      },
      Email: (url) => {
        expect(url.protocol).toBe('mailto:');
        expect(url.searchParams.get('subject')).toBeTruthy();
        expect(url.searchParams.get('body')).toBe(`${text}\n\n${link}`);
      },
    };
    for (const [name, check] of Object.entries(expected)) {
      const button = shareButton(name);
      expect(button).toBeEnabled();
      fireEvent.click(button);
      const [url, target] = open.mock.lastCall ?? [];
      check(new URL(String(url)));
      expect(target).toBe('_blank');
    }
    expect(open).toHaveBeenCalledTimes(5);
  });
});

describe('Stats card', () => {
  const card = async () => within(await screen.findByLabelText('Referral statistics'));

  it('invites to share while there are no referrals', async () => {
    renderPage(fakeReferralApi());
    expect(
      await (
        await card()
      ).findByText('Start sharing your referral code to see your statistics here!'),
    ).toBeInTheDocument();
  });

  it('shows the total referrals and the peanuts earned', async () => {
    renderPage(fakeReferralApi({ stats: { totalReferrals: 3, totalRewardsEarned: 15 } }));
    const stats = await card();
    expect(await stats.findByText('Total Referrals')).toBeInTheDocument();
    expect(stats.getByText('3')).toBeInTheDocument();
    expect(stats.getByText('Peanuts Earned')).toBeInTheDocument();
    expect(stats.getByText('15')).toBeInTheDocument();
  });

  it('says it could not load the statistics on failure', async () => {
    const api = fakeReferralApi();
    api.state.failing.add('GET /v1/referral/stats');
    const { store } = renderPage(api);
    expect(
      await (
        await card()
      ).findByText('Unable to load referral statistics. Please try refreshing the page.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /v1/referral/stats')).toHaveLength(3));
    expect(store.getState().errors.message).toBeNull();
  });
});
