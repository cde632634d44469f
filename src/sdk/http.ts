/**
 * The SDK's HTTP client: JSON calls to the Peanut VPN API with the retry rule of spec §7
 * (3 attempts on 429, 500, 502, 503, 504) and the network error messages of spec §8.
 * Runs in browsers and Node 20 (global fetch).
 */

/** Statuses retried by the SDK (spec §7 "Retry"). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);
/** Attempts made for a retried call, the first included (spec §7). */
export const DEFAULT_ATTEMPTS = 3;

/** An HTTP answer that is not 2xx. `data` is the parsed JSON body, else the text, else undefined. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status code. */
    readonly status: number,
    /** Response body: parsed JSON when possible, else text. */
    readonly data: unknown,
    /** Method and URL of the request, e.g. `GET http://localhost:8080/v1/regions/`. */
    readonly request: string,
  ) {
    super(`${request} answered ${status}`);
  }
}

/** The request never got an answer (spec §8: 'A network error has occurred.'). */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    /** Method and URL of the request. */
    readonly request: string,
    /** The underlying fetch error. */
    override readonly cause?: unknown,
  ) {
    super('A network error has occurred.');
  }
}

/** Options of {@link createHttpClient}. */
export interface HttpClientOptions {
  /** API origin (and optional path prefix) without a trailing slash, e.g. `http://localhost:8080`. */
  baseUrl: string;
  /**
   * Returns the caller's id token, or undefined without a session. Authenticated calls send it
   * in the Authorization header, else the literal `Unauthenticated` (spec §6).
   */
  getIdToken?: () => Promise<string | undefined>;
  /** fetch implementation; defaults to the global one. */
  fetch?: typeof fetch;
  /** Attempts on retried statuses and network errors; default 3. */
  attempts?: number;
  /** Delay before the first retry in milliseconds, doubled on each further retry; default 200. */
  retryDelayMs?: number;
}

/** One API call. */
export interface RequestOptions {
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** JSON body. */
  body?: unknown;
  /** Send the Authorization header (spec §6); default true. */
  auth?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Readonly<Record<string, string>>;
  /** Statuses accepted as success; default any 2xx. */
  expect?: readonly number[];
  /** Aborts the call and any wait between retries. */
  signal?: AbortSignal;
}

/** A successful answer. */
export interface HttpResponse<T> {
  status: number;
  data: T;
}

/** The client made by {@link createHttpClient}. */
export interface HttpClient {
  /**
   * Calls `method path` and returns the parsed body.
   * @throws ApiError for an unexpected status (after retries), NetworkError when no answer came.
   */
  request<T>(method: string, path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Makes an HTTP client for the Peanut VPN API (spec §6, §7). */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const retryDelayMs = options.retryDelayMs ?? 200;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  return {
    async request<T>(method: string, path: string, req: RequestOptions = {}) {
      const url = new URL(baseUrl + path);
      for (const [key, value] of Object.entries(req.query ?? {})) {
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
      const label = `${method} ${url.toString()}`;
      const headers: Record<string, string> = { ...req.headers, accept: 'application/json' };
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      if (req.auth ?? true) {
        headers.authorization = (await options.getIdToken?.()) ?? 'Unauthenticated';
      }
      const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

      for (let attempt = 1; ; attempt++) {
        let response: Response;
        try {
          response = await doFetch(url, {
            method,
            headers,
            body: req.body === undefined ? undefined : JSON.stringify(req.body),
            signal: req.signal,
          });
        } catch (error) {
          if (req.signal?.aborted) throw error;
          if (attempt >= attempts) throw new NetworkError(label, error);
          await sleep(retryDelayMs * 2 ** (attempt - 1), req.signal);
          continue;
        }
        const data = await parseBody(response);
        const ok = req.expect ? req.expect.includes(response.status) : response.ok;
        if (ok) return { status: response.status, data: data as T };
        if (RETRY_STATUSES.has(response.status) && attempt < attempts) {
          await sleep(retryDelayMs * 2 ** (attempt - 1), req.signal);
          continue;
        }
        throw new ApiError(response.status, data, label);
      }
    },
  };
}
