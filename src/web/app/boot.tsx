/**
 * Boot: loads `/app-config.json`, makes the identity client and the store, starts the sagas and
 * renders the app; if the configuration cannot be loaded, renders an error saying so.
 *
 * Issue 11: the identity library is loaded lazily (see lazyIdentity.ts); when a session is
 * stored, its chunk and the dashboard's are fetched at once, beside the configuration, so a
 * signed-in visitor waits for no extra round trip. On `/`, the home page's chunks are fetched
 * beside the configuration too.
 */
import { Button } from 'antd';
import { createRoot, type Root } from 'react-dom/client';
import type { AppConfig } from '../../core/appConfig';
import { createHttpClient } from '../../sdk/http';
import type { IdentityClient } from '../../sdk/identity';
import { fetchAppConfig } from '../../sdk/publicApi';
import { ErrorResult } from '../components/errors/ErrorResult';
import { prefetchDashboard } from '../features/dashboard/loadDashboard';
import { bannerText } from '../features/errors/bannerText';
import { App } from './App';
import { appStarted } from './appActions';
import { ThemeProviders } from './AppProviders';
import { createAppRouter, loadHomePage } from './routes';
import { createLazyIdentityClient, loadIdentityModule, mayHoldSession } from './lazyIdentity';
import { makeStore, type StoreOptions } from './store';

/** Options of {@link bootApp}. */
export interface BootOptions {
  /** Origin serving `/app-config.json`; default the page's origin. */
  origin?: string;
  /** fetch implementation (tests); default the global one. */
  fetch?: typeof fetch;
  /**
   * Options of the store: the API HttpClient's (`fetch` is passed along by default) and the
   * identity client (default: one for the loaded configuration, tokens in localStorage).
   */
  store?: StoreOptions;
}

/** Title of the screen shown when the configuration cannot be loaded. */
export const BOOT_ERROR_TITLE = 'Peanut VPN could not start';

/** The screen shown when `/app-config.json` could not be loaded. */
export function BootError({ error }: { error: unknown }) {
  return (
    <ThemeProviders>
      <ErrorResult
        title={BOOT_ERROR_TITLE}
        subTitle={`The application configuration (/app-config.json) could not be loaded: ${bannerText(error)}`}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </ThemeProviders>
  );
}

/** `localStorage` of `scope`, or undefined where reading it throws (some privacy modes). */
function storageOf(scope: { localStorage?: Storage }): Storage | undefined {
  try {
    return scope.localStorage;
  } catch {
    return undefined;
  }
}

/** Loads the runtime configuration from `origin`. @throws ApiError, NetworkError */
export function loadAppConfig(origin: string, fetchImpl?: typeof fetch): Promise<AppConfig> {
  return fetchAppConfig(createHttpClient({ baseUrl: origin, fetch: fetchImpl }));
}

/**
 * Boots the SPA into `container` and returns its React root. Resolves once the first render is
 * scheduled (the app, or the configuration error).
 */
export async function bootApp(container: HTMLElement, options: BootOptions = {}): Promise<Root> {
  const root = createRoot(container);
  // The landing page's chunks download while the configuration loads (the largest paint waits
  // for them); a failure shows when the page renders.
  if (window.location.pathname === '/') loadHomePage().catch(() => undefined);
  if (!options.store?.identity && mayHoldSession(storageOf(globalThis))) {
    loadIdentityModule().catch(() => undefined); // a failure shows when sign-in needs it
    prefetchDashboard();
  }
  let appConfig: AppConfig;
  let identity: IdentityClient;
  try {
    appConfig = await loadAppConfig(options.origin ?? window.location.origin, options.fetch);
    identity = options.store?.identity ?? createLazyIdentityClient(appConfig);
  } catch (error) {
    root.render(<BootError error={error} />);
    return root;
  }
  const store = makeStore({ appConfig }, { fetch: options.fetch, ...options.store, identity });
  store.dispatch(appStarted());
  root.render(<App store={store} router={createAppRouter()} />);
  return root;
}
