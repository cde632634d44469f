/**
 * VPN creation rules of spec §5, shared by the server (authoritative, run atomically with the
 * balance and the active-VPN count) and the clients (early feedback).
 *
 * Checks run in the spec's order and the first failure is thrown:
 *  1. region: `xx-name-digit` (and one of `regions` when given) - InvalidRegionError;
 *  2. maxPeanuts parses as a number - 'Config maxPeanuts is invalid';
 *  3. balance > 0 - NegativeBalanceError;
 *  4. maxPeanuts <= 0 becomes -1 (unlimited) and skips 5-7;
 *  5. maxPeanuts <= balance - NotEnoughPeanutsError;
 *  6. maxPeanuts >= maxPeanutsFieldMinValue - MinPeanutsError;
 *  7. maxPeanuts <= maxPeanutsFieldMaxValue - MaxPeanutsError;
 *  8. type present - 'Config type is null or undefined'; type 'wireguard' - 'Config type is invalid';
 *  9. deleteAfter omitted (undefined or null) becomes deleteAfterFieldMaxValue;
 * 10. deleteAfter an integer - 'Config deleteAfter is invalid';
 * 11. deleteAfter >= min - MinDeleteAfterError; 12. deleteAfter <= max - MaxDeleteAfterError;
 * 13. activeVpnCount < quota - QuotaError.
 * Values equal to a bound are allowed. Peanut comparisons are made in integer nano-peanuts.
 */
import {
  InvalidVpnConfigError,
  MaxDeleteAfterError,
  MaxPeanutsError,
  MinDeleteAfterError,
  MinPeanutsError,
  NegativeBalanceError,
  NotEnoughPeanutsError,
  QuotaError,
} from './errors';
import type { VpnConfigLimits } from './limits';
import { toNano } from './peanuts';
import { assertRegion, WIREGUARD, type VpnConfig } from './vpn';

/** maxPeanuts value meaning "unlimited": the VPN may consume the whole balance (spec §3, §4). */
export const UNLIMITED_PEANUTS = -1;

/** Creation request as received: any field may be missing or of the wrong type. */
export interface CreateVpnInput {
  region?: unknown;
  config?: {
    type?: unknown;
    maxPeanuts?: unknown;
    deleteAfter?: unknown;
  } | null;
}

/** What the creation rules check the request against. */
export interface CreateVpnContext {
  /** The user's balance in peanuts (may be negative). */
  balance: number;
  /** The user's limits (id token claim). */
  limits: VpnConfigLimits;
  /** The user's VPNs that count toward the quota (see `countsTowardQuota`). */
  activeVpnCount: number;
  /** Most active VPNs allowed (default 2 x regions, see `defaultQuota`). */
  quota: number;
  /** When given, the region must be one of these. */
  regions?: readonly string[];
}

/** A creation request that passed every rule, normalised. */
export interface ValidCreateVpn {
  region: string;
  /** maxPeanuts is -1 (unlimited) or within the limits; deleteAfter in seconds within the limits. */
  config: VpnConfig;
}

/** A finite number from a number or a non-blank numeric string, else undefined. */
function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** An integer from an integer number or an integer string, else undefined. */
function parseInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

/**
 * Checks maxPeanuts (peanuts) against the balance and the limits (spec §5 rules 2-7 above).
 * @returns -1 for 0 or less (unlimited), else the value.
 * @throws InvalidVpnConfigError 'Config maxPeanuts is invalid', NegativeBalanceError,
 *   NotEnoughPeanutsError, MinPeanutsError, MaxPeanutsError.
 */
export function validateMaxPeanuts(
  maxPeanuts: unknown,
  balance: number,
  limits: VpnConfigLimits,
): number {
  const given = parseNumber(maxPeanuts);
  if (given === undefined) throw new InvalidVpnConfigError('Config maxPeanuts is invalid');
  if (!(balance > 0)) throw new NegativeBalanceError(balance);
  if (given <= 0) return UNLIMITED_PEANUTS;
  const nano = toNano(given);
  if (nano > toNano(balance)) throw new NotEnoughPeanutsError(given, balance);
  if (nano < toNano(limits.maxPeanutsFieldMinValue)) {
    throw new MinPeanutsError(limits.maxPeanutsFieldMinValue, given, balance);
  }
  if (nano > toNano(limits.maxPeanutsFieldMaxValue)) {
    throw new MaxPeanutsError(limits.maxPeanutsFieldMaxValue, given, balance);
  }
  return given;
}

/**
 * Checks the config type (spec §5).
 * @throws InvalidVpnConfigError 'Config type is null or undefined', 'Config type is invalid'.
 */
export function validateConfigType(type: unknown): typeof WIREGUARD {
  if (type === undefined || type === null) {
    throw new InvalidVpnConfigError('Config type is null or undefined');
  }
  if (type !== WIREGUARD) throw new InvalidVpnConfigError('Config type is invalid');
  return WIREGUARD;
}

/**
 * Checks deleteAfter (seconds; spec §5): omitted (undefined or null) gives the maximum.
 * @throws InvalidVpnConfigError 'Config deleteAfter is invalid', MinDeleteAfterError,
 *   MaxDeleteAfterError.
 */
export function validateDeleteAfter(deleteAfter: unknown, limits: VpnConfigLimits): number {
  if (deleteAfter === undefined || deleteAfter === null) return limits.deleteAfterFieldMaxValue;
  const given = parseInteger(deleteAfter);
  if (given === undefined) throw new InvalidVpnConfigError('Config deleteAfter is invalid');
  if (given < limits.deleteAfterFieldMinValue) {
    throw new MinDeleteAfterError(limits.deleteAfterFieldMinValue, given);
  }
  if (given > limits.deleteAfterFieldMaxValue) {
    throw new MaxDeleteAfterError(limits.deleteAfterFieldMaxValue, given);
  }
  return given;
}

/**
 * Checks the quota (spec §5). @throws QuotaError 'User already has {n} active vpns. Quota reached.'
 * when `activeVpnCount >= quota`.
 */
export function validateQuota(activeVpnCount: number, quota: number): void {
  if (activeVpnCount >= quota) throw new QuotaError(activeVpnCount);
}

/**
 * Applies every VPN creation rule of spec §5 in the order of this module's comment.
 * @returns the normalised request (maxPeanuts -1 when unlimited, deleteAfter defaulted).
 * @throws InvalidRegionError, InvalidVpnConfigError (and its Min/Max subclasses),
 *   NegativeBalanceError, NotEnoughPeanutsError, QuotaError.
 */
export function validateCreateVpn(
  request: CreateVpnInput | null | undefined,
  context: CreateVpnContext,
): ValidCreateVpn {
  const region = request?.region;
  assertRegion(region, context.regions);
  const config = request?.config ?? {};
  const maxPeanuts = validateMaxPeanuts(config.maxPeanuts, context.balance, context.limits);
  const type = validateConfigType(config.type);
  const deleteAfter = validateDeleteAfter(config.deleteAfter, context.limits);
  validateQuota(context.activeVpnCount, context.quota);
  return { region, config: { type, deleteAfter, maxPeanuts } };
}
