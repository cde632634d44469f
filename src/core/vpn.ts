/**
 * VPN entities (spec §3), states in rank order and the quota rule (spec §4), the waiting rules of
 * spec §4 as pure functions, and the vpnId rules of spec §3 and §5.
 *
 * Units: durations in seconds, traffic in bytes, money in peanuts (floats; the server keeps
 * integer nano-peanuts, see `peanuts.ts`), timestamps in epoch milliseconds.
 */
import { InvalidRegionError, InvalidVpnIdError } from './errors';
import { roundPeanuts } from './peanuts';
import { isRegionId } from './regions';
import type { VpnForecast } from './vpnUsage';

/** VPN states in rank order (spec §4): the index is the rank. */
export const VPN_STATES = [
  'Failed',
  'Creating',
  'Created',
  'Provisioning',
  'Paused',
  'Running',
  'Deprovisioning',
  'Deleted',
] as const;

/** A VPN state (spec §4). */
export type VpnState = (typeof VPN_STATES)[number];

/** The only VPN config type (spec §3). */
export const WIREGUARD = 'wireguard';
/** A VPN config type. */
export type VpnConfigType = typeof WIREGUARD;

/** A VPN's config (spec §3). */
export interface VpnConfig {
  /** Always 'wireguard'. */
  type: VpnConfigType;
  /** Seconds after which the VPN is deleted. */
  deleteAfter: number;
  /** Peanuts the VPN may consume; -1 means unlimited (the whole balance). */
  maxPeanuts: number;
}

/** A VPN (spec §3). */
export interface Vpn {
  /** `{createdAt epoch ms}@{region}`, e.g. `1710931200000@eu-west-3`. */
  vpnId: string;
  /** Creation time, ISO 8601 string (UTC), same instant as the vpnId's timestamp. */
  createdAt: string;
  /** Region id, `xx-name-digit`. */
  region: string;
  state: VpnState;
  config: VpnConfig;
  /**
   * When a Running VPN is expected to end and why, at its recent rates (docs/api.md
   * "Forecast"); absent otherwise.
   */
  forecast?: VpnForecast;
}

/**
 * Usage of a VPN (spec §3) as clients hold it: a missing value is NaN (shown 'N/A').
 */
export interface VpnMetrics {
  /** Seconds running. */
  duration: number;
  /** Bytes transferred (both directions). */
  bytes: number;
  /** Peanuts consumed, rounded to 2 decimals. */
  peanuts: number;
}

/** {@link VpnMetrics} on the wire (JSON has no NaN): a missing value is null. */
export interface VpnMetricsJson {
  duration: number | null;
  bytes: number | null;
  peanuts: number | null;
}

/** A VPN with its metrics as clients hold it (spec §3); no metrics while they are loading. */
export interface VpnWithMetrics {
  vpn: Vpn;
  metrics?: VpnMetrics;
}

/** `GET /v1/vpns/{vpnId}` response (spec §7). */
export interface VpnWithMetricsJson {
  vpn: Vpn;
  metrics?: VpnMetricsJson | null;
}

/** `GET /v1/vpns` response (spec §3; totals per docs/architecture.md), newest first. */
export interface ListVpnsResponse {
  vpns: Vpn[];
  /** Present (non-empty) when there is a next page. */
  nextPageToken?: string | null;
  /** Number of VPNs of the user. */
  totalVpns: number;
  /** Number of pages of the requested size. */
  totalPages: number;
}

/** `POST /v1/vpns/` body (spec §7). Loose on purpose: {@link validateCreateVpn} checks it. */
export interface CreateVpnRequest {
  region: string;
  config: {
    /** Must be 'wireguard'. */
    type: string;
    /** Peanuts; 0 or less means unlimited. */
    maxPeanuts: number;
    /** Seconds; defaults to the maximum limit when omitted. */
    deleteAfter?: number;
  };
}

/** `POST /v1/vpns/` response, status 202 (spec §7: "returns vpn.id"). */
export interface CreateVpnResponse {
  vpn: { id: string };
}

/** `GET /v1/vpns/{vpnId}/config` response: the WireGuard config file, base64 (UTF-8 text). */
export interface VpnConfigFileResponse {
  config: string;
}

/** `GET /v1/vpns/{vpnId}/qrconfig` response: a PNG image of the config's QR code, base64. */
export interface VpnQrConfigResponse {
  qrconfig: string;
}

// ---------------------------------------------------------------------------------------------
// States

/** True when `value` is one of {@link VPN_STATES}. */
export function isVpnState(value: unknown): value is VpnState {
  return typeof value === 'string' && (VPN_STATES as readonly string[]).includes(value);
}

/** Rank of a state (spec §4): Failed 0 ... Deleted 7; -1 for an unknown state. */
export function stateRank(state: VpnState): number {
  return (VPN_STATES as readonly string[]).indexOf(state);
}

/** Rank of Running, the highest rank that counts toward the quota. */
export const RUNNING_RANK = stateRank('Running');

/** Failed and Deleted are terminal: a VPN never leaves them (spec §4). */
export const TERMINAL_STATES: readonly VpnState[] = ['Failed', 'Deleted'];

/** True for Failed and Deleted (spec §4). */
export function isTerminalState(state: VpnState): boolean {
  return TERMINAL_STATES.includes(state);
}

/** A VPN counts against the quota when it is not Failed and its rank is at most Running (spec §4). */
export function countsTowardQuota(state: VpnState): boolean {
  const rank = stateRank(state);
  return state !== 'Failed' && rank >= 0 && rank <= RUNNING_RANK;
}

/**
 * True while the VPN list shows a spinner and the '3 minutes' hint for the state: any state but
 * Running, Failed, Deleted and Paused (spec §2 "VPN list").
 */
export function isStateInProgress(state: VpnState): boolean {
  return !['Running', 'Failed', 'Deleted', 'Paused'].includes(state);
}

/** The approximate provisioning time the VPN list shows beside the spinner (spec §2, §9). */
export const PROVISIONING_HINT = '3 minutes';

// ---------------------------------------------------------------------------------------------
// Waiting (spec §4)

/** Seconds between two polls while waiting for a state (spec §4, §9). */
export const POLL_INTERVAL_S = 10;
/** Default time-out of a wait, in seconds (spec §4, §9). */
export const WAIT_TIMEOUT_S = 300;

/** The time-out message of spec §4 and §8, `seconds` being the time-out. */
export function timeoutMessage(seconds: number): string {
  return `Timeout ${seconds} expires!`;
}

/** Why a wait ends (spec §4), in the order the rules are checked. */
export type WaitExitReason =
  /** The VPN is Failed. */
  | 'failed'
  /** The target is Created: waiting for it ends at once. */
  | 'targetCreated'
  /** The VPN is in the target state. */
  | 'reached'
  /** The VPN is Paused and the target ranks below Running. */
  | 'pausedBelowRunning'
  /** The VPN's rank is above the target's: it went past the target. */
  | 'passed';

/**
 * Why waiting for `target` ends with the VPN in `current`, or undefined to keep polling
 * (spec §4: Failed; target Created; equal; Paused while target ranks below Running; rank above).
 */
export function waitExitReason(current: VpnState, target: VpnState): WaitExitReason | undefined {
  if (current === 'Failed') return 'failed';
  if (target === 'Created') return 'targetCreated';
  if (current === target) return 'reached';
  if (current === 'Paused' && stateRank(target) < RUNNING_RANK) return 'pausedBelowRunning';
  if (stateRank(current) > stateRank(target)) return 'passed';
  return undefined;
}

/** True when waiting for `target` ends with the VPN in `current` (spec §4). */
export function waitDone(current: VpnState, target: VpnState): boolean {
  return waitExitReason(current, target) !== undefined;
}

// ---------------------------------------------------------------------------------------------
// vpnId (spec §3, §5)

/** `{epoch ms digits}@{xx-name-digit}`. */
export const VPN_ID_PATTERN = /^(\d{1,16})@([a-z]{2}-[a-z]+-\d)$/;

/** The parts of a vpnId. */
export interface VpnIdParts {
  /** Creation time, epoch milliseconds. */
  createdAtMs: number;
  /** Region id. */
  region: string;
}

/**
 * The vpnId of a VPN created at `createdAtMs` (epoch ms, truncated to an integer) in `region`.
 * @throws InvalidRegionError when `region` is not `xx-name-digit`; RangeError for a negative or
 *   non-finite time.
 */
export function makeVpnId(createdAtMs: number, region: string): string {
  if (!isRegionId(region)) throw new InvalidRegionError(region);
  if (!Number.isFinite(createdAtMs) || createdAtMs < 0) {
    throw new RangeError(`Invalid creation time: ${createdAtMs}`);
  }
  return `${Math.trunc(createdAtMs)}@${region}`;
}

/** True when `id` is a well-formed vpnId. */
export function isVpnId(id: unknown): id is string {
  return typeof id === 'string' && VPN_ID_PATTERN.test(id);
}

/**
 * Checks a vpnId (spec §5).
 * @throws InvalidVpnIdError 'Undefined vpnId' when undefined, null or ''; "Incorrect vpnId: '{id}'"
 *   when it is not `timestamp@region`.
 */
export function assertVpnId(id: unknown): asserts id is string {
  if (!isVpnId(id)) throw new InvalidVpnIdError(id);
}

/** Splits a vpnId into its creation time and region. @throws InvalidVpnIdError as {@link assertVpnId}. */
export function parseVpnId(id: unknown): VpnIdParts {
  assertVpnId(id);
  const match = VPN_ID_PATTERN.exec(id) as RegExpExecArray;
  return { createdAtMs: Number(match[1]), region: match[2] };
}

/**
 * Checks a region id's shape (spec §5), and its membership when `known` regions are given.
 * @throws InvalidRegionError "Incorrect region: '{region}'".
 */
export function assertRegion(region: unknown, known?: readonly string[]): asserts region is string {
  if (typeof region !== 'string' || !isRegionId(region)) throw new InvalidRegionError(region);
  if (known && !known.includes(region)) throw new InvalidRegionError(region);
}

// ---------------------------------------------------------------------------------------------
// Metrics and list items

function nullable(value: number | null | undefined): number {
  return typeof value === 'number' ? value : NaN;
}

/** Wire metrics to client metrics: null (or absent) values become NaN. */
export function metricsFromJson(json: VpnMetricsJson): VpnMetrics {
  return {
    duration: nullable(json.duration),
    bytes: nullable(json.bytes),
    peanuts: nullable(json.peanuts),
  };
}

/** Client or server metrics to the wire: NaN and non-finite become null, peanuts rounded to 2 decimals. */
export function metricsToJson(metrics: VpnMetrics): VpnMetricsJson {
  const finite = (n: number) => (Number.isFinite(n) ? n : null);
  return {
    duration: finite(metrics.duration),
    bytes: finite(metrics.bytes),
    peanuts: Number.isFinite(metrics.peanuts) ? roundPeanuts(metrics.peanuts) : null,
  };
}

/** `GET /v1/vpns/{vpnId}` response to a list item (metrics absent when the response has none). */
export function vpnWithMetricsFromJson(json: VpnWithMetricsJson): VpnWithMetrics {
  return json.metrics
    ? { vpn: json.vpn, metrics: metricsFromJson(json.metrics) }
    : { vpn: json.vpn };
}

/** Sorts VPN list items newest first by creation time (spec §2); returns a new array. */
export function sortNewestFirst<T extends { vpn: Pick<Vpn, 'createdAt' | 'vpnId'> }>(
  items: readonly T[],
): T[] {
  const time = (item: T) => Date.parse(item.vpn.createdAt);
  return [...items].sort(
    (a, b) => time(b) - time(a) || b.vpn.vpnId.localeCompare(a.vpn.vpnId, 'en'),
  );
}

/**
 * Replaces the list item with the same vpnId (spec §3 "An update replaces the item with the same
 * vpnId"), or puts a new one at the top (spec §2 create flow); returns a new array.
 */
export function upsertVpnItem<T extends { vpn: Pick<Vpn, 'vpnId'> }>(
  items: readonly T[],
  item: T,
): T[] {
  const index = items.findIndex((other) => other.vpn.vpnId === item.vpn.vpnId);
  if (index < 0) return [item, ...items];
  return items.map((other, i) => (i === index ? item : other));
}
