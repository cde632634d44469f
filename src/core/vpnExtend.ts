/**
 * Rules of extending a VPN (`PATCH /v1/vpns/{vpnId}`, docs/product.md "VPN list"): a new
 * maxPeanuts and/or deleteAfter for a VPN that has not ended, checked as spec §5 checks a
 * creation, against what the VPN has already consumed and run. Shared by the server
 * (authoritative, under the owner's lock) and the clients (early feedback).
 *
 * Checks, in this order; the first failure is thrown:
 *  1. the VPN is Creating, Created, Provisioning, Running or Paused - VpnNotExtendableError;
 *  2. at least one of maxPeanuts and deleteAfter is given - 'Config maxPeanuts or deleteAfter is required';
 *  3. maxPeanuts parses as a number - 'Config maxPeanuts is invalid';
 *  4. balance > 0 - NegativeBalanceError;
 *  5. maxPeanuts <= 0 becomes -1 (unlimited) and skips 6-9;
 *  6. maxPeanuts >= consumed - BelowConsumedError;
 *  7. maxPeanuts - consumed <= balance - NotEnoughToExtendError (what it may still consume);
 *  8. maxPeanuts >= maxPeanutsFieldMinValue - MinPeanutsError;
 *  9. maxPeanuts <= maxPeanutsFieldMaxValue - MaxPeanutsError;
 * 10. deleteAfter an integer - 'Config deleteAfter is invalid';
 * 11. deleteAfter >= min - MinDeleteAfterError; 12. deleteAfter <= max - MaxDeleteAfterError;
 * 13. deleteAfter >= the seconds the VPN has run - BelowRunningTimeError.
 * Peanut comparisons are made in integer nano-peanuts; bounds are allowed.
 */
import {
  InvalidVpnConfigError,
  MaxPeanutsError,
  MinPeanutsError,
  NegativeBalanceError,
  PeanutError,
} from './errors';
import type { VpnConfigLimits } from './limits';
import { floorPeanuts, fromNano, roundPeanuts, toNano } from './peanuts';
import type { VpnConfig, VpnState } from './vpn';
import { UNLIMITED_PEANUTS, validateDeleteAfter } from './vpnValidation';

/** The states in which a VPN may be extended (it has not ended). */
export const EXTENDABLE_STATES: readonly VpnState[] = [
  'Creating',
  'Created',
  'Provisioning',
  'Running',
  'Paused',
];

/** `PATCH /v1/vpns/{vpnId}` body as received: any field may be missing or of the wrong type. */
export interface ExtendVpnInput {
  config?: { maxPeanuts?: unknown; deleteAfter?: unknown } | null;
}

/** The new values of an extension (peanuts, seconds): only those given. */
export type VpnExtension = Partial<Pick<VpnConfig, 'maxPeanuts' | 'deleteAfter'>>;

/** What an extension is checked against. */
export interface ExtendVpnContext {
  /** The VPN's state now. */
  state: VpnState;
  /** Nano-peanuts the VPN has consumed so far (charged on its row). */
  consumedNano: number;
  /** Whole seconds the VPN has run so far (its metrics' duration; 0 when it never ran). */
  runningSeconds: number;
  /** The owner's balance, nano-peanuts (its Running VPNs' unsettled charges deducted). */
  balanceNano: number;
  /** The owner's limits (the preset's, narrowed by the id token claim). */
  limits: VpnConfigLimits;
}

/** The message when neither field is given. */
export const EXTEND_NOTHING_MESSAGE = 'Config maxPeanuts or deleteAfter is required';

/** The VPN has ended (or failed): it cannot be extended. */
export class VpnNotExtendableError extends PeanutError {
  constructor(
    readonly vpnId: string,
    readonly state: VpnState,
  ) {
    super(
      `The vpn ${vpnId} can only be extended while it is ${EXTENDABLE_STATES.join(', ')}; it is ${state}`,
      'VpnNotExtendableError',
    );
  }
}

/** maxPeanuts below what the VPN has consumed (peanuts). */
export class BelowConsumedError extends InvalidVpnConfigError {
  constructor(
    readonly consumed: number,
    readonly given: number,
  ) {
    super(
      `maxPeanuts must be at least the ${consumed} peanuts the vpn has consumed, you specified: ${given}.`,
      'BelowConsumedError',
    );
  }
}

/**
 * What the VPN may still consume (maxPeanuts - consumed) above the balance: 'Not enough peanuts,
 * you specified: {given} ({more} more than consumed) and you have {balance}.'
 */
export class NotEnoughToExtendError extends PeanutError {
  constructor(
    readonly given: number,
    readonly more: number,
    readonly balance: number,
  ) {
    super(
      `Not enough peanuts, you specified: ${given} (${roundPeanuts(more)} more than consumed) and you have ${floorPeanuts(balance)}.`,
      'NotEnoughPeanutsError',
    );
  }
}

/** deleteAfter below the seconds the VPN has run. */
export class BelowRunningTimeError extends InvalidVpnConfigError {
  constructor(
    readonly running: number,
    readonly given: number,
  ) {
    super(
      `deleteAfter must be at least the ${running} seconds the vpn has run, you specified: ${given}.`,
      'BelowRunningTimeError',
    );
  }
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

/** True when the field was sent (null counts as not sent). */
const given = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * Checks an extension of VPN `vpnId` by the rules of this module's comment.
 * @returns the new values given (maxPeanuts -1 when unlimited).
 * @throws VpnNotExtendableError, InvalidVpnConfigError (and its subclasses above),
 *   NegativeBalanceError, NotEnoughToExtendError.
 */
export function validateExtendVpn(
  vpnId: string,
  request: ExtendVpnInput | null | undefined,
  context: ExtendVpnContext,
): VpnExtension {
  if (!EXTENDABLE_STATES.includes(context.state)) {
    throw new VpnNotExtendableError(vpnId, context.state);
  }
  const config = request?.config ?? {};
  if (!given(config.maxPeanuts) && !given(config.deleteAfter)) {
    throw new InvalidVpnConfigError(EXTEND_NOTHING_MESSAGE);
  }
  const extension: VpnExtension = {};
  if (given(config.maxPeanuts)) {
    extension.maxPeanuts = checkMaxPeanuts(config.maxPeanuts, context);
  }
  if (given(config.deleteAfter)) {
    const deleteAfter = validateDeleteAfter(config.deleteAfter, context.limits);
    if (deleteAfter < context.runningSeconds) {
      throw new BelowRunningTimeError(context.runningSeconds, deleteAfter);
    }
    extension.deleteAfter = deleteAfter;
  }
  return extension;
}

/** Rules 3-9 of the module comment: the new maxPeanuts, or -1 (unlimited). */
function checkMaxPeanuts(value: unknown, context: ExtendVpnContext): number {
  const maxPeanuts = parseNumber(value);
  if (maxPeanuts === undefined) throw new InvalidVpnConfigError('Config maxPeanuts is invalid');
  const balance = fromNano(context.balanceNano);
  if (!(context.balanceNano > 0)) throw new NegativeBalanceError(balance);
  if (maxPeanuts <= 0) return UNLIMITED_PEANUTS;
  const nano = toNano(maxPeanuts);
  if (nano < context.consumedNano) {
    // Shown rounded up to a cent, so that the value it names is always enough.
    const consumed = Math.ceil(fromNano(context.consumedNano) * 100) / 100;
    throw new BelowConsumedError(roundPeanuts(consumed), maxPeanuts);
  }
  if (nano - context.consumedNano > context.balanceNano) {
    throw new NotEnoughToExtendError(maxPeanuts, fromNano(nano - context.consumedNano), balance);
  }
  const { limits } = context;
  if (nano < toNano(limits.maxPeanutsFieldMinValue)) {
    throw new MinPeanutsError(limits.maxPeanutsFieldMinValue, maxPeanuts, balance);
  }
  if (nano > toNano(limits.maxPeanutsFieldMaxValue)) {
    throw new MaxPeanutsError(limits.maxPeanutsFieldMaxValue, maxPeanuts, balance);
  }
  return maxPeanuts;
}
