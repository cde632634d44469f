/**
 * The one RTK Query API of the SPA. Its base query runs SDK calls (src/sdk) with an HttpClient
 * built from the runtime configuration in the store, so paths, retries (spec §7) and error
 * classes live in one place. Features add endpoints with `api.injectEndpoints`.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { AppConfig } from '../../core/appConfig';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../../sdk/http';
import type { IdentityClient } from '../../sdk/identity';
import { toAppError, type AppError } from '../features/errors/appError';
import { selectAppConfig, type AppConfigState } from './appConfigSlice';

/**
 * An SDK call as an endpoint's query: given the client and the request's abort signal, it
 * returns the data, e.g. `(http, signal) => listRegionsDetailed(http, signal)`.
 */
export type SdkCall<T = unknown> = (http: HttpClient, signal: AbortSignal) => Promise<T>;

/** Options of the HttpClient the store builds; everything but the base URL, which is the config's. */
export type HttpClientSettings = Omit<HttpClientOptions, 'baseUrl'>;

/** The thunk extra argument the store provides to the base query (and to sagas as context). */
export interface ApiExtra {
  /** The HttpClient for `appConfig`, memoised. */
  getHttpClient: (appConfig: AppConfig) => HttpClient;
  /** The identity client (sign-in, sessions), when the store was given one. */
  identity?: IdentityClient;
}

/**
 * Makes an {@link ApiExtra} whose clients share `settings` (a fake `fetch` in tests; the
 * id-token getter once identity exists). One client is kept per API base URL.
 */
export function createApiExtra(settings: HttpClientSettings = {}): ApiExtra {
  const clients = new Map<string, HttpClient>();
  return {
    getHttpClient(appConfig) {
      let client = clients.get(appConfig.apiBaseUrl);
      if (!client) {
        client = createHttpClient({ ...settings, baseUrl: appConfig.apiBaseUrl });
        clients.set(appConfig.apiBaseUrl, client);
      }
      return client;
    },
  };
}

/**
 * Base query: runs the {@link SdkCall} and maps what it throws (ApiError, NetworkError, any
 * other error) to `{ error: AppError }`, so every failure is a rejected-with-value action.
 */
export const sdkBaseQuery: BaseQueryFn<SdkCall, unknown, AppError> = async (call, api) => {
  const appConfig = selectAppConfig(api.getState() as { appConfig: AppConfigState });
  if (!appConfig) {
    return { error: { kind: 'client', message: 'Application configuration is not loaded' } };
  }
  try {
    const http = (api.extra as ApiExtra).getHttpClient(appConfig);
    return { data: await call(http, api.signal) };
  } catch (error) {
    return { error: toAppError(error, api.signal.aborted) };
  }
};

/** The SPA's API slice; endpoints are injected by features (regions, pricing, ...). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: sdkBaseQuery,
  tagTypes: ['Regions', 'Packs', 'Balance'],
  endpoints: () => ({}),
});
