/**
 * Business errors of spec §5 and §8 with their exact messages. Every error has a stable `code`
 * (equal to its `name`) and a suggested `httpStatus`, so the server can answer 400 for a
 * VPN-related product error (spec §9), 401 for the auth ones, 404 for a missing VPN, and clients
 * can tell them apart after serialisation.
 *
 * Numbers the user gave are printed as given (`String(n)`). A balance is printed to 2 decimals
 * as balances are shown (spec §9): rounded down in "you have {balance}", so that a message never
 * reads "you specified: 10 and you have 10" for a balance of 9.999, and rounded as the balance
 * badge shows it in 'Negative peanuts balance'.
 */
import { floorPeanuts, roundPeanuts } from './peanuts';

/** The general Peanut VPN error (spec §8 "a general error"). */
export class PeanutError extends Error {
  /** Stable machine-readable code; equal to `name`. */
  readonly code: string;
  /** Suggested HTTP status when the server answers with this error. */
  readonly httpStatus: number;

  /** Creates an error with `message`; `code` defaults to the class name. */
  constructor(message: string, code = 'PeanutError', httpStatus = 400) {
    super(message);
    this.name = code;
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

/** True when `error` is a {@link PeanutError} (any subclass). */
export function isPeanutError(error: unknown): error is PeanutError {
  return error instanceof PeanutError;
}

/** A vpnId that is missing or not `timestamp@region` (spec §5). */
export class InvalidVpnIdError extends PeanutError {
  /** `id` undefined, null or '' gives 'Undefined vpnId', else "Incorrect vpnId: '{id}'". */
  constructor(readonly vpnId: unknown) {
    super(
      vpnId === undefined || vpnId === null || vpnId === ''
        ? 'Undefined vpnId'
        : `Incorrect vpnId: '${String(vpnId)}'`,
      'InvalidVpnIdError',
    );
  }
}

/** A region that is not `xx-name-digit` (or not served): "Incorrect region: '{region}'" (spec §5). */
export class InvalidRegionError extends PeanutError {
  constructor(readonly region: unknown) {
    super(`Incorrect region: '${String(region)}'`, 'InvalidRegionError');
  }
}

/**
 * A bad VPN config field (spec §5): 'Config type is null or undefined', 'Config type is invalid',
 * 'Config maxPeanuts is invalid', 'Config deleteAfter is invalid'. Also the base class of the
 * min/max errors below.
 */
export class InvalidVpnConfigError extends PeanutError {
  constructor(message: string, code = 'InvalidVpnConfigError') {
    super(message, code);
  }
}

/** The user's VPN limits (the id token's `custom:config` claim) are missing or unparseable. */
export class InvalidUserConfigError extends PeanutError {
  constructor(message: string) {
    super(message, 'InvalidUserConfigError');
  }
}

/**
 * Balance at or below 0 (peanuts): 'Negative peanuts balance: {amount}.', the amount rounded to
 * 2 decimals as balances are shown (spec §9); `amount` keeps the exact value.
 */
export class NegativeBalanceError extends PeanutError {
  constructor(readonly amount: number) {
    super(`Negative peanuts balance: ${roundPeanuts(amount)}.`, 'NegativeBalanceError');
  }
}

/** maxPeanuts above the balance: 'Not enough peanuts, you specified: {given} and you have {balance}.' */
export class NotEnoughPeanutsError extends PeanutError {
  constructor(
    readonly given: number,
    readonly balance: number,
  ) {
    super(
      `Not enough peanuts, you specified: ${given} and you have ${floorPeanuts(balance)}.`,
      'NotEnoughPeanutsError',
    );
  }
}

/** maxPeanuts below maxPeanutsFieldMinValue (peanuts). */
export class MinPeanutsError extends InvalidVpnConfigError {
  constructor(
    readonly min: number,
    readonly given: number,
    readonly balance: number,
  ) {
    super(
      `Minimum number of peanuts should be ${min}, you specified: ${given} and you have ${floorPeanuts(balance)}.`,
      'MinPeanutsError',
    );
  }
}

/** maxPeanuts above maxPeanutsFieldMaxValue (peanuts). */
export class MaxPeanutsError extends InvalidVpnConfigError {
  constructor(
    readonly max: number,
    readonly given: number,
    readonly balance: number,
  ) {
    super(
      `Maximum number of peanuts should be ${max}, you specified: ${given} and you have ${floorPeanuts(balance)}.`,
      'MaxPeanutsError',
    );
  }
}

/** deleteAfter below deleteAfterFieldMinValue (seconds). */
export class MinDeleteAfterError extends InvalidVpnConfigError {
  constructor(
    readonly min: number,
    readonly given: number,
  ) {
    super(
      `deleteAfter must be greater than ${min}, you specified: ${given}.`,
      'MinDeleteAfterError',
    );
  }
}

/** deleteAfter above deleteAfterFieldMaxValue (seconds). */
export class MaxDeleteAfterError extends InvalidVpnConfigError {
  constructor(
    readonly max: number,
    readonly given: number,
  ) {
    super(
      `deleteAfter must be lesser than ${max}, you specified: ${given}.`,
      'MaxDeleteAfterError',
    );
  }
}

/** Active VPN count at or above the quota: 'User already has {n} active vpns. Quota reached.' */
export class QuotaError extends PeanutError {
  constructor(readonly activeVpns: number) {
    super(`User already has ${activeVpns} active vpns. Quota reached.`, 'QuotaError');
  }
}

/** No session (no id token) when reading the limits (spec §5): 'No session found'. */
export class NoSessionError extends PeanutError {
  constructor() {
    super('No session found', 'NoSessionError', 401);
  }
}

/** The id token is not a decodable JWT (spec §5): 'Failed to decode token'. */
export class TokenDecodeError extends PeanutError {
  constructor() {
    super('Failed to decode token', 'TokenDecodeError', 401);
  }
}

/** The VPN does not exist or belongs to someone else (spec §9): 'Vpn not found'. */
export class VpnNotFoundError extends PeanutError {
  constructor(readonly vpnId?: string) {
    super('Vpn not found', 'VpnNotFoundError', 404);
  }
}

/** A state the operation does not handle (spec §9): 'State is not supported (yet?)'. */
export class UnsupportedStateError extends PeanutError {
  constructor(readonly state?: string) {
    super('State is not supported (yet?)', 'UnsupportedStateError');
  }
}

/** Waiting for a state took too long (spec §4, §8): 'Timeout {n} expires!', n in seconds. */
export class WaitTimeoutError extends PeanutError {
  constructor(readonly seconds: number) {
    super(`Timeout ${seconds} expires!`, 'WaitTimeoutError', 504);
  }
}

/** JSON text of a response body for the messages below: strings as is, undefined as ''. */
export function bodyText(body: unknown): string {
  if (body === undefined) return '';
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body) ?? String(body);
  } catch {
    return String(body);
  }
}

/** POST /v1/vpns/ not answered 202 (spec §8): 'Error during creation of vpn in: {region}: {body}'. */
export class VpnCreationError extends PeanutError {
  constructor(
    readonly region: string,
    /** Response body (parsed JSON or text). */
    readonly body: unknown,
    /** Response status, when there was a response. */
    readonly status?: number,
  ) {
    super(`Error during creation of vpn in: ${region}: ${bodyText(body)}`, 'VpnCreationError', 502);
  }
}

/** DELETE /v1/vpns/{id} not answered 202 or 204 (spec §8): 'Error during deletion of vpn: {id}: {body}'. */
export class VpnDeletionError extends PeanutError {
  constructor(
    readonly vpnId: string,
    readonly body: unknown,
    readonly status?: number,
  ) {
    super(`Error during deletion of vpn: ${vpnId}: ${bodyText(body)}`, 'VpnDeletionError', 502);
  }
}

/**
 * Some per-VPN metric fetches of a list page failed (spec §8). The spec's spelling 'occured' is
 * kept: '{n} errors occured while listing vpns. See the console log for details'.
 */
export class VpnListingError extends PeanutError {
  constructor(
    readonly count: number,
    /** The individual failures (also written to the console). */
    readonly causes: readonly unknown[] = [],
  ) {
    super(
      `${count} errors occured while listing vpns. See the console log for details`,
      'VpnListingError',
      502,
    );
  }
}
