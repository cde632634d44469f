/**
 * Boot: loads `/app-config.json`, makes the identity client and the store, starts the sagas and
 * renders the app; if the configuration cannot be loaded, renders an error saying so.
 */
import { Button, Result } from 'antd';
import { createRoot, type Root } from 'react-dom/client';
import type { AppConfig } from '../../core/appConfig';
import { createHttpClient } from '../../sdk/http';
import { createIdentityClient, type IdentityClient } from '../../sdk/identity';
import { fetchAppConfig } from '../../sdk/publicApi';
import { bannerText } from '../features/errors/bannerText';
import { App } from './App';
import { appStarted } from './appActions';
import { ThemeProviders } from './AppProviders';
import { createAppRouter } from './routes';
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
      <Result
        status="error"
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
  let appConfig: AppConfig;
  let identity: IdentityClient;
  try {
    appConfig = await loadAppConfig(options.origin ?? window.location.origin, options.fetch);
    identity = options.store?.identity ?? createIdentityClient(appConfig);
  } catch (error) {
    root.render(<BootError error={error} />);
    return root;
  }
  const store = makeStore({ appConfig }, { fetch: options.fetch, ...options.store, identity });
  store.dispatch(appStarted());
  root.render(<App store={store} router={createAppRouter()} />);
  return root;
}
