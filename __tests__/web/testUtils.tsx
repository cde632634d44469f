/**
 * Test helpers for the SPA: a store from makeStore and a memory router around the UI.
 */
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { createMemoryRouter, parsePath, RouterProvider, type RouteObject } from 'react-router-dom';
import type { AppConfig } from '../../src/core/appConfig';
import { AppProviders } from '../../src/web/app/AppProviders';
import { buildRoutes } from '../../src/web/app/routes';
import {
  makeStore,
  type AppStore,
  type RootState,
  type StoreOptions,
} from '../../src/web/app/store';

/** The app config tests run with; its API lives at a fake origin served by `fakeFetch`. */
export const TEST_APP_CONFIG: AppConfig = {
  apiBaseUrl: 'http://api.test',
  region: 'ca-central-1',
  userPoolId: 'local_peanutvpn',
  userPoolClientId: 'peanutvpn-local',
  identityEndpoint: 'http://api.test/idp/',
};

/** The default fetch of rendered stores: requests stay pending (nothing hits a network). */
export const pendingFetch: typeof fetch = () => new Promise<Response>(() => undefined);

/** Options of {@link renderWithProviders} and {@link renderApp}. */
export interface RenderOptions {
  /** Merged over `{ appConfig: TEST_APP_CONFIG }`. */
  preloadedState?: Partial<RootState>;
  /** Initial URL, default `/`. */
  route?: string;
  /** History state of the initial entry (e.g. the guard's `{ from }`). */
  routeState?: unknown;
  /** Route path the UI is mounted at, default `*`. */
  path?: string;
  /** Extra routes beside the UI's (e.g. a `/login` target). */
  routes?: RouteObject[];
  /** HttpClient options of the store (default: pending fetch, no retry delay). */
  storeOptions?: StoreOptions;
  /** renderApp only: the pages under the layout, default the app's route table. */
  pages?: RouteObject[];
  /** Use this store instead of making one. */
  store?: AppStore;
}

/** What the render helpers return. */
export type RenderWithProvidersResult = RenderResult & {
  store: AppStore;
  router: ReturnType<typeof createMemoryRouter>;
};

/**
 * antd's CSS-in-JS goes here, outside the document: jsdom's getComputedStyle re-reads every
 * stylesheet on each call, which made role queries take seconds. Tests see inline styles only.
 */
const detachedStyles = document.createElement('div');

function renderRouter(routes: RouteObject[], options: RenderOptions): RenderWithProvidersResult {
  const store =
    options.store ??
    makeStore(
      { appConfig: TEST_APP_CONFIG, ...options.preloadedState },
      { fetch: pendingFetch, retryDelayMs: 0, ...options.storeOptions },
    );
  const route = options.route ?? '/';
  const entry =
    options.routeState === undefined ? route : { ...parsePath(route), state: options.routeState };
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const result = render(
    <StyleProvider container={detachedStyles}>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  return { ...result, store, router };
}

/** Renders `ui` with the store (makeStore), the antd theme and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderWithProvidersResult {
  return renderRouter(
    [{ path: options.path ?? '*', element: ui }, ...(options.routes ?? [])],
    options,
  );
}

/** Renders the whole app (layout and route table, or `options.pages`) at `options.route`. */
export function renderApp(options: RenderOptions = {}): RenderWithProvidersResult {
  return renderRouter(buildRoutes(options.pages), options);
}

/**
 * A minimal JSON Response (jsdom has no fetch API): what the SDK's HttpClient reads.
 */
export function jsonResponse(body: unknown, status = 200): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => text,
    json: async () => body,
  } as Response;
}

/** A fake fetch answering by `METHOD path` (e.g. `GET /v1/regionsDetailed/`); others get 404. */
export function fakeFetch(
  handlers: Record<string, () => Response | Promise<Response>>,
): jest.Mock<Promise<Response>, Parameters<typeof fetch>> {
  return jest.fn(async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler() : jsonResponse({ message: 'Not found' }, 404);
  });
}

let consoleSpies: jest.SpyInstance[] = [];
let consoleAllowed = false;

/**
 * Redux Toolkit's development checks warn when one pass over the state took longer than their
 * `warnAfter` (256 ms in store.ts): a reading of the machine's load, not of the code (a loaded
 * CI run saw 314 ms for a few kilobytes of state), so it fails no test.
 */
const CHECK_TIMING_WARNING = /^(Immutable|Serializable)StateInvariantMiddleware took \d+ms/;

/** Whether a console call is the timing warning above. */
function isCheckTimingWarning(args: unknown[]): boolean {
  return typeof args[0] === 'string' && CHECK_TIMING_WARNING.test(args[0]);
}

/**
 * Makes every test of the calling file fail when it logs through console.error or console.warn
 * (React warnings, antd deprecations), unless it called {@link allowConsoleErrors}. Redux
 * Toolkit's timing warnings are passed over (see CHECK_TIMING_WARNING).
 */
export function failOnConsoleErrors(): void {
  beforeEach(() => {
    consoleAllowed = false;
    consoleSpies = [jest.spyOn(console, 'error'), jest.spyOn(console, 'warn')];
  });
  afterEach(() => {
    const calls = consoleSpies
      .flatMap((spy) => spy.mock.calls as unknown[][])
      .filter((args) => !isCheckTimingWarning(args));
    consoleSpies.forEach((spy) => spy.mockRestore());
    if (!consoleAllowed) expect(calls).toEqual([]);
  });
}

/** Silences console.error and console.warn for the current test (expected errors). */
export function allowConsoleErrors(): void {
  consoleAllowed = true;
  consoleSpies.forEach((spy) => spy.mockImplementation(() => undefined));
}
