/**
 * The colour scheme (docs/product.md "Appearance"): the header's picker, the system's setting
 * while the choice is System, nothing stored signed out, the account's choice applied at
 * sign-in and a pick saved on it, sign-out back to the system's setting; the peanut icon.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authenticated, signOutRequested } from '../../../src/web/features/auth/authSlice';
import { selectThemeMode } from '../../../src/web/features/preferences';
import { PeanutIcon } from '../../../src/web/components/PeanutIcon';
import { ANN } from '../fakeIdentity';
import { fakeFetch, jsonResponse, renderApp, renderWithProviders } from '../testUtils';

const ANN_USER = { username: ANN.username, email: ANN.email, sub: ANN.sub };

/** The scheme painted: the mark AppProviders puts on `<html>`. */
const painted = () => document.documentElement.dataset.theme;

/** Picks `choice` in the header's theme menu. */
async function pick(choice: 'Light' | 'Dark' | 'System') {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), choice);
}

/** Waits until the picker shows `choice`. */
async function shown(choice: 'Light' | 'Dark' | 'System') {
  await waitFor(() =>
    expect(screen.getByRole('option', { name: choice, selected: true })).toBeInTheDocument(),
  );
}

/** Makes the device prefer dark (or not) for the rest of the test; returns the restore. */
function deviceDark(dark: boolean): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string): MediaQueryList => {
    const list = original(query);
    return query === '(prefers-color-scheme: dark)' ? { ...list, matches: dark } : list;
  };
  return () => {
    window.matchMedia = original;
  };
}

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

describe('the colour scheme', () => {
  it('follows the device until a pick, signed out, without a request or a stored byte', async () => {
    const restore = deviceDark(true);
    try {
      const fetch = fakeFetch({});
      const { store } = renderApp({
        route: '/faq',
        preloadedState: { auth: { status: 'unauthenticated', user: null } },
        storeOptions: { fetch },
      });
      await shown('System');
      expect(painted()).toBe('dark');
      await pick('Light');
      expect(selectThemeMode(store.getState())).toBe('light');
      await waitFor(() => expect(painted()).toBe('light'));
      await pick('System');
      await waitFor(() => expect(painted()).toBe('dark'));
      expect(fetch.mock.calls.map(([url]) => String(url))).not.toContainEqual(
        expect.stringContaining('/v1/account/preferences'),
      );
      expect(localStorage.length).toBe(0);
    } finally {
      restore();
    }
  });

  it("applies the account's choice at sign-in, saves a pick, and forgets it at sign-out", async () => {
    const patches: unknown[] = [];
    const fetch = fakeFetch({
      'GET /v1/account/preferences': () => jsonResponse({ theme: 'dark' }),
      'PATCH /v1/account/preferences': () => jsonResponse({ theme: 'light' }),
    });
    const { store } = renderApp({
      route: '/faq',
      preloadedState: { auth: { status: 'unauthenticated', user: null } },
      storeOptions: { fetch },
    });
    await shown('System');
    expect(painted()).toBe('light');
    act(() => {
      store.dispatch(authenticated(ANN_USER));
    });
    await shown('Dark');
    await waitFor(() => expect(painted()).toBe('dark'));

    await pick('Light');
    await waitFor(() => {
      const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
      expect(patch).toBeDefined();
      patches.push(JSON.parse(String(patch?.[1]?.body)));
    });
    expect(patches).toEqual([{ theme: 'light' }]);
    await waitFor(() => expect(painted()).toBe('light'));

    act(() => {
      store.dispatch(authenticated(ANN_USER));
    });
    await shown('Dark');
    act(() => {
      store.dispatch(signOutRequested());
    });
    expect(selectThemeMode(store.getState())).toBe('system');
    await waitFor(() => expect(painted()).toBe('light'));
    expect(localStorage.length).toBe(0);
  });

  it('lets a pick made while the account is read win over the stored choice', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = fakeFetch({
      'GET /v1/account/preferences': () => new Promise<Response>((resolve) => (answer = resolve)),
      'PATCH /v1/account/preferences': () => jsonResponse({ theme: 'light' }),
    });
    const { store } = renderApp({
      route: '/faq',
      preloadedState: { auth: { status: 'unauthenticated', user: null } },
      storeOptions: { fetch },
    });
    await shown('System');
    act(() => {
      store.dispatch(authenticated(ANN_USER));
    });
    await pick('Light');
    act(() => answer(jsonResponse({ theme: 'dark' })));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true),
    );
    expect(selectThemeMode(store.getState())).toBe('light');
  });
});

describe('PeanutIcon', () => {
  it('is an SVG image named peanuts, or hidden when decorative', () => {
    renderWithProviders(
      <p>
        1.00 <PeanutIcon /> <PeanutIcon label="" />
      </p>,
    );
    const icons = screen.getAllByRole('img', { name: 'peanuts' });
    expect(icons).toHaveLength(1);
    expect(icons[0].tagName.toLowerCase()).toBe('svg');
    expect(document.querySelectorAll('svg[data-peanut-icon][aria-hidden="true"]')).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
