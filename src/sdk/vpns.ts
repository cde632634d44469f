/**
 * The VPN calls of spec §7 (authenticated): list with per-VPN metrics, create, get, extend and
 * usage over time (docs/api.md), delete, config, QR config, and the balance. Every call takes an optional AbortSignal and goes through the
 * HttpClient's retry rule (3 attempts on 429, 500, 502, 503, 504).
 */
import { decodeBase64Text } from '../core/base64';
import { LIBRARY_VPN_PAGE_SIZE } from '../core/constants';
import { VpnCreationError, VpnDeletionError, VpnListingError } from '../core/errors';
import {
  assertVpnId,
  vpnWithMetricsFromJson,
  type CreateVpnRequest,
  type CreateVpnResponse,
  type ListVpnsResponse,
  type Vpn,
  type VpnConfigFileResponse,
  type VpnQrConfigResponse,
  type VpnWithMetrics,
  type VpnWithMetricsJson,
} from '../core/vpn';
import { confFileName, pngDataUrl } from '../core/vpnConfFile';
import type { VpnUsageResponse } from '../core/vpnUsage';
import { ApiError, type HttpClient } from './http';

// The balance has a module of its own (the SPA's shell loads it without the VPN calls).
export { getBalance } from './balance';

/** Options common to the calls. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Options of {@link listVpns}. */
export interface ListVpnsOptions extends CallOptions {
  /** VPNs per page; default 1000 (the library's, spec §7); the UI uses 4. */
  pageSize?: number;
  /** Token of the page to read, from the previous result. */
  nextPageToken?: string;
  /** Metric fetches in flight at once; default 8. */
  concurrency?: number;
  /** Where failures are written; default `console.error`. */
  logError?: (message: string, error: unknown) => void;
  /** VPNs whose metrics are not fetched (e.g. those a wait polls already); listed without metrics. */
  skipMetrics?: (vpn: Vpn) => boolean;
}

/** A page of VPNs with their metrics. */
export interface ListVpnsResult {
  /** Newest first (server order); an item whose metric fetch failed has no metrics. */
  items: VpnWithMetrics[];
  /** Token of the next page; undefined on the last page. */
  nextPageToken?: string;
  totalVpns: number;
  totalPages: number;
  /** Set when some metric fetches failed: '{n} errors occured while listing vpns. See the console log for details'. */
  error?: VpnListingError;
}

/** A VPN's WireGuard config file. */
export interface VpnConfigFile {
  /** The decoded text of the `.conf` file. */
  text: string;
  /** As the server sent it. */
  base64: string;
  /** The short file name of spec §2, e.g. `2403201040euw3.conf`. */
  fileName: string;
}

/** A VPN's config as a QR code. */
export interface VpnQrConfig {
  /** PNG, base64, as the server sent it. */
  base64: string;
  /** `data:image/png;base64,...` for an `<img src>`. */
  dataUrl: string;
}

/** The path of a VPN, the id checked first ('@' kept as is: it is valid in a path segment). */
function vpnPath(vpnId: string): string {
  assertVpnId(vpnId);
  return `/v1/vpns/${encodeURIComponent(vpnId).replace(/%40/g, '@')}`;
}

/** Runs `fn` over `items` with at most `limit` in flight; results in input order. */
async function settleAll<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await fn(items[index]) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}

/**
 * `GET /v1/vpns/{vpnId}`: a VPN and its metrics (null metric values become NaN).
 * @throws InvalidVpnIdError before any request for a bad id; ApiError (404 'Vpn not found'...),
 *   NetworkError.
 */
export async function getVpn(
  http: HttpClient,
  vpnId: string,
  options: CallOptions = {},
): Promise<VpnWithMetrics> {
  const { data } = await http.request<VpnWithMetricsJson>('GET', vpnPath(vpnId), {
    signal: options.signal,
  });
  return vpnWithMetricsFromJson(data);
}

/**
 * `GET /v1/vpns` then `GET /v1/vpns/{vpnId}` for each VPN of the page but those of `skipMetrics`
 * (spec §7). A VPN whose fetch fails is kept, as listed, without metrics; each failure is logged
 * and the result carries one VpnListingError '{n} errors occured while listing vpns. See the console log for details'.
 * @throws ApiError, NetworkError when the list itself fails; the abort reason when aborted.
 */
export async function listVpns(
  http: HttpClient,
  options: ListVpnsOptions = {},
): Promise<ListVpnsResult> {
  const { signal } = options;
  const { data } = await http.request<ListVpnsResponse>('GET', '/v1/vpns', {
    query: {
      pageSize: options.pageSize ?? LIBRARY_VPN_PAGE_SIZE,
      nextPageToken: options.nextPageToken || undefined,
    },
    signal,
  });
  const skip = options.skipMetrics ?? (() => false);
  const settled = await settleAll(data.vpns, options.concurrency ?? 8, (vpn: Vpn) =>
    skip(vpn) ? Promise.resolve<VpnWithMetrics>({ vpn }) : getVpn(http, vpn.vpnId, { signal }),
  );
  signal?.throwIfAborted();
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const failures: unknown[] = [];
  const items = settled.map((result, i): VpnWithMetrics => {
    if (result.status === 'fulfilled') return result.value;
    failures.push(result.reason);
    logError(`Failed to get vpn ${data.vpns[i].vpnId}:`, result.reason);
    return { vpn: data.vpns[i] };
  });
  return {
    items,
    nextPageToken: data.nextPageToken || undefined,
    totalVpns: data.totalVpns,
    totalPages: data.totalPages,
    ...(failures.length > 0 ? { error: new VpnListingError(failures.length, failures) } : {}),
  };
}

/**
 * `POST /v1/vpns/` (spec §7): asks for a VPN and returns its id; the answer must be 202.
 * The request is sent as given (validate it first with `validateCreateVpn` for early feedback).
 * @throws VpnCreationError 'Error during creation of vpn in: {region}: {body}' for any other
 *   status (after the retries); NetworkError.
 */
export async function requestVpnCreation(
  http: HttpClient,
  request: CreateVpnRequest,
  options: CallOptions = {},
): Promise<string> {
  try {
    const { data } = await http.request<CreateVpnResponse>('POST', '/v1/vpns/', {
      body: request,
      expect: [202],
      signal: options.signal,
    });
    return data.vpn.id;
  } catch (error) {
    if (error instanceof ApiError)
      throw new VpnCreationError(request.region, error.data, error.status);
    throw error;
  }
}

/**
 * Creates a VPN then fetches it (spec §7): {@link requestVpnCreation} + {@link getVpn}.
 * @throws as both.
 */
export async function createVpn(
  http: HttpClient,
  request: CreateVpnRequest,
  options: CallOptions = {},
): Promise<VpnWithMetrics> {
  const id = await requestVpnCreation(http, request, options);
  return getVpn(http, id, options);
}

/** The new values of {@link extendVpn}: peanuts (0 or less: unlimited) and seconds; one at least. */
export interface VpnExtensionRequest {
  maxPeanuts?: number;
  deleteAfter?: number;
}

/**
 * `PATCH /v1/vpns/{vpnId}` (docs/api.md "Extending a VPN"): gives a VPN that has not ended a new
 * maxPeanuts and/or deleteAfter; the VPN with its metrics after the change.
 * @throws InvalidVpnIdError; ApiError 400 with the server's message (e.g. 'Not enough peanuts,
 *   you specified: 12 (10 more than consumed) and you have 7.'), 404 'Vpn not found';
 *   NetworkError.
 */
export async function extendVpn(
  http: HttpClient,
  vpnId: string,
  config: VpnExtensionRequest,
  options: CallOptions = {},
): Promise<VpnWithMetrics> {
  const { data } = await http.request<VpnWithMetricsJson>('PATCH', vpnPath(vpnId), {
    body: { config },
    expect: [200],
    signal: options.signal,
  });
  return vpnWithMetricsFromJson(data);
}

/**
 * `GET /v1/vpns/{vpnId}/usage` (docs/api.md "Usage over time"): the VPN's cumulative bytes and
 * peanuts over its life, oldest first, at most 300 points.
 * @throws InvalidVpnIdError; ApiError 404 'Vpn not found'; NetworkError.
 */
export async function getVpnUsage(
  http: HttpClient,
  vpnId: string,
  options: CallOptions = {},
): Promise<VpnUsageResponse> {
  const { data } = await http.request<VpnUsageResponse>('GET', `${vpnPath(vpnId)}/usage`, {
    signal: options.signal,
  });
  return data;
}

/**
 * `DELETE /v1/vpns/{vpnId}` (spec §7); the answer must be 202 or 204.
 * @throws InvalidVpnIdError; VpnDeletionError 'Error during deletion of vpn: {id}: {body}' for any
 *   other status (after the retries); NetworkError.
 */
export async function requestVpnDeletion(
  http: HttpClient,
  vpnId: string,
  options: CallOptions = {},
): Promise<void> {
  const path = vpnPath(vpnId);
  try {
    await http.request<unknown>('DELETE', path, { expect: [202, 204], signal: options.signal });
  } catch (error) {
    if (error instanceof ApiError) throw new VpnDeletionError(vpnId, error.data, error.status);
    throw error;
  }
}

/**
 * Requests the deletion of a VPN then fetches it (spec §7): {@link requestVpnDeletion} +
 * {@link getVpn}. Use `deleteAndWait` to wait for Deleted.
 * @throws as both.
 */
export async function deleteVpn(
  http: HttpClient,
  vpnId: string,
  options: CallOptions = {},
): Promise<VpnWithMetrics> {
  await requestVpnDeletion(http, vpnId, options);
  return getVpn(http, vpnId, options);
}

/** Reads the base64 payload of a config answer: `{[key]: base64}` or a bare string. */
function base64Of(data: unknown, key: string): string {
  if (typeof data === 'string') return data;
  const value = (data as Record<string, unknown> | null | undefined)?.[key];
  if (typeof value !== 'string') throw new TypeError(`Missing ${key} in the answer`);
  return value;
}

/**
 * `GET /v1/vpns/{vpnId}/config` (spec §7): the WireGuard config, decoded from base64 on the client,
 * with its file name. The answer is `{config: base64}` (a bare base64 string is accepted too).
 * @throws InvalidVpnIdError; ApiError, NetworkError; TypeError/DOMException for a bad payload.
 */
export async function getConfig(
  http: HttpClient,
  vpnId: string,
  options: CallOptions = {},
): Promise<VpnConfigFile> {
  const { data } = await http.request<VpnConfigFileResponse | string>(
    'GET',
    `${vpnPath(vpnId)}/config`,
    { signal: options.signal },
  );
  const base64 = base64Of(data, 'config');
  return { text: decodeBase64Text(base64), base64, fileName: confFileName(vpnId) };
}

/**
 * `GET /v1/vpns/{vpnId}/qrconfig` (spec §7): the config as a QR code PNG, base64. The answer is
 * `{qrconfig: base64}` (a bare base64 string is accepted too).
 * @throws InvalidVpnIdError; ApiError, NetworkError; TypeError for a bad payload.
 */
export async function getQrConfig(
  http: HttpClient,
  vpnId: string,
  options: CallOptions = {},
): Promise<VpnQrConfig> {
  const { data } = await http.request<VpnQrConfigResponse | string>(
    'GET',
    `${vpnPath(vpnId)}/qrconfig`,
    { signal: options.signal },
  );
  const base64 = base64Of(data, 'qrconfig');
  return { base64, dataUrl: pngDataUrl(base64) };
}
