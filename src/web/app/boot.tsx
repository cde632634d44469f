/**
 * Boot: loads `/app-config.json`, makes the identity client and the store, starts the sagas and
 * renders the app; if the configuration cannot be loaded, renders an error saying so.
 *
 * The identity library is loaded lazily (see lazyIdentity.ts); when a session is
 * stored, its chunk and the dashboard's are fetched at once, beside the configuration, so a
 * signed-in visitor waits for no extra round trip. On `/`, the home page's chunks are fetched
 * beside the configuration too.
 *
 * The landing shell: index.html holds `/` as an anonymous visitor sees it (`#landing-shell`,
 * rendered at build time, see src/web/prerender). At `/` with no stored session, the boot
 * hydrates that markup once the visitor is known to be signed out, so React keeps the nodes
 * already painted (the largest paint is the first one); anywhere else it removes the shell and
 * renders the app into `container`.
 */
import { Button } from 'antd';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { AppConfig } from '../../core/appConfig';
import { createHttpClient } from '../../sdk/http';
import type { IdentityClient } from '../../sdk/identity';
import { fetchAppConfig } from '../../sdk/publicApi';
import { ErrorResult } from '../components/errors/ErrorResult';
import { ERROR_PAGES_TEXT } from '../components/errors/errorText';
import { prefetchDashboard } from '../features/dashboard/loadDashboard';
import { bannerText } from '../features/errors/bannerText';
import { useMessageText, useTexts } from '../i18n/context';
import { I18nProvider } from '../i18n/I18nProvider';
import { browserLanguages, detectLanguage } from '../i18n/languages';
import { fill } from '../i18n/translator';
import { App } from './App';
import { appStarted } from './appActions';
import { ThemeProviders } from './AppProviders';
import { createAppRouter, loadHomePage } from './routes';
import { createLazyIdentityClient, loadIdentityModule, mayHoldSession } from './lazyIdentity';
import { makeStore, type AppStore, type StoreOptions } from './store';

/** Id of the element of index.html holding the landing shell. */
export const LANDING_SHELL_ID = 'landing-shell';

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

/** Title of the screen shown when the configuration cannot be loaded (English). */
export const BOOT_ERROR_TITLE = ERROR_PAGES_TEXT.boot.title;

/**
 * The screen shown when `/app-config.json` could not be loaded, in the browser's language (no
 * account is known yet): English at once, the translation once its chunks arrive (they may not,
 * when the network is what failed: it then stays English).
 */
export function BootError({ error }: { error: unknown }) {
  return (
    <I18nProvider language={detectLanguage(browserLanguages())}>
      <ThemeProviders>
        <BootErrorResult error={error} />
      </ThemeProviders>
    </I18nProvider>
  );
}

/** The boot failure's texts, in the language in force; `error`'s message translated if known. */
function BootErrorResult({ error }: { error: unknown }) {
  const T = useTexts('errorPages', ERROR_PAGES_TEXT).boot;
  const messageText = useMessageText();
  return (
    <ErrorResult
      title={T.title}
      subTitle={fill(T.description, { reason: messageText(bannerText(error)) })}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {T.reload}
        </Button>
      }
    />
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

/** Resolves once the auth status of `store` is no longer `configuring`. */
function authSettled(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => store.getState().auth.status !== 'configuring';
    if (settled()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Boots the SPA into `container` and returns its React root. Resolves once the first render is
 * scheduled (the app, or the configuration error). At `/` with a landing shell in `container`
 * and no stored session, the shell is hydrated (its root is the shell element); otherwise the
 * shell is removed and the app renders into `container`.
 */
export async function bootApp(container: HTMLElement, options: BootOptions = {}): Promise<Root> {
  const mayBeSignedIn = !options.store?.identity && mayHoldSession(storageOf(globalThis));
  const atHome = window.location.pathname === '/';
  const shell = container.querySelector<HTMLElement>(`#${LANDING_SHELL_ID}`);
  const hydratable = atHome && !mayBeSignedIn && !options.store?.identity && !!shell?.firstChild;
  /** A root in `container` in place of the shell and the loading screen. */
  const freshRoot = () => {
    shell?.remove();
    return createRoot(container);
  };
  // The landing page's chunks download while the configuration loads (the largest paint waits
  // for them); a failure shows when the page renders.
  const home = atHome ? loadHomePage() : undefined;
  home?.catch(() => undefined);
  if (mayBeSignedIn) {
    loadIdentityModule().catch(() => undefined); // a failure shows when sign-in needs it
    prefetchDashboard();
  }
  let appConfig: AppConfig;
  let identity: IdentityClient;
  try {
    appConfig = await loadAppConfig(options.origin ?? window.location.origin, options.fetch);
    identity = options.store?.identity ?? createLazyIdentityClient(appConfig);
  } catch (error) {
    const root = freshRoot();
    root.render(<BootError error={error} />);
    return root;
  }
  const store = makeStore({ appConfig }, { fetch: options.fetch, ...options.store, identity });
  store.dispatch(appStarted());
  const app = <App store={store} router={createAppRouter()} />;
  if (hydratable && shell) {
    await authSettled(store);
    if (store.getState().auth.status === 'unauthenticated') {
      // The home page's chunk first: hydrating before it would only show the shell longer.
      await home?.catch(() => undefined);
      for (const sibling of [...container.children]) if (sibling !== shell) sibling.remove();
      return hydrateRoot(shell, app);
    }
  }
  const root = freshRoot();
  root.render(app);
  return root;
}
