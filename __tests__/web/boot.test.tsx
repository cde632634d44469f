import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { BOOT_ERROR_TITLE, bootApp } from '../../src/web/app/boot';
import { fakeFetch, failOnConsoleErrors, jsonResponse, TEST_APP_CONFIG } from './testUtils';

failOnConsoleErrors();

describe('bootApp', () => {
  let container: HTMLElement;
  let root: Root | undefined;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
  });

  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
    root = undefined;
  });

  it('loads /app-config.json, then renders the app with the auth status resolved', async () => {
    const fetch = fakeFetch({
      'GET /app-config.json': () => jsonResponse(TEST_APP_CONFIG),
      'GET /v1/regionsDetailed/': () => jsonResponse({ regions: [] }),
      'GET /v1/peanuts/packs/': () => jsonResponse({ packs: [] }),
    });
    await act(async () => {
      root = await bootApp(container, { origin: 'http://app.test', fetch });
    });
    expect(fetch.mock.calls[0][0].toString()).toBe('http://app.test/app-config.json');
    // The auth saga answered appStarted: anonymous, so the menu offers Sign In.
    expect(await screen.findByText('Sign In', { selector: 'a' })).toHaveAttribute('href', '/login');
    expect(await screen.findByText('Please authenticate')).toBeInTheDocument();
    // API calls go to the configured API origin.
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url.toString())).toContain(
        'http://api.test/v1/regionsDetailed/',
      ),
    );
  });

  it('renders a clear error when the configuration cannot be loaded', async () => {
    const fetch = fakeFetch({}); // 404 { message: 'Not found' }
    await act(async () => {
      root = await bootApp(container, { origin: 'http://app.test', fetch });
    });
    expect(await screen.findByText(BOOT_ERROR_TITLE)).toBeInTheDocument();
    expect(
      screen.getByText(/The application configuration \(\/app-config.json\) could not be loaded/),
    ).toHaveTextContent('{"message":"Not found"}');
    expect(screen.getByText('Reload')).toBeInTheDocument();
  });

  it("says it in the browser's language once that language has loaded", async () => {
    const original = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
    Object.defineProperty(window.navigator, 'languages', { value: ['fr-FR'], configurable: true });
    try {
      const fetch = fakeFetch({});
      await act(async () => {
        root = await bootApp(container, { origin: 'http://app.test', fetch });
      });
      expect(await screen.findByText('Peanut VPN n’a pas pu démarrer')).toBeInTheDocument();
      expect(
        screen.getByText(/La configuration de l’application \(\/app-config.json\) n’a pas pu/),
      ).toHaveTextContent('{"message":"Not found"}');
      expect(screen.getByRole('button', { name: 'Recharger' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('fr');
    } finally {
      if (original) Object.defineProperty(window.navigator, 'languages', original);
      else delete (window.navigator as { languages?: unknown }).languages;
      document.documentElement.lang = '';
    }
  });
});
