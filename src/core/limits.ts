/**
 * VPN config limits (spec §3 "VPN config limits", §5, §9) and the quota. The limits come from the
 * id token's custom config claim, `custom:config`, a JSON string of the four fields below.
 */
import { decodeBase64Text } from './base64';
import { InvalidUserConfigError, NoSessionError, TokenDecodeError } from './errors';

/** Bounds of the create form's fields (spec §3). Peanuts for maxPeanuts, seconds for deleteAfter. */
export interface VpnConfigLimits {
  /** Least maxPeanuts a VPN may be given (peanuts). */
  maxPeanutsFieldMinValue: number;
  /** Most maxPeanuts a VPN may be given (peanuts). */
  maxPeanutsFieldMaxValue: number;
  /** Least deleteAfter (seconds). */
  deleteAfterFieldMinValue: number;
  /** Most deleteAfter (seconds); also the default when deleteAfter is omitted. */
  deleteAfterFieldMaxValue: number;
}

/** The four limit fields, in a fixed order. */
export const LIMIT_FIELDS: readonly (keyof VpnConfigLimits)[] = [
  'maxPeanutsFieldMinValue',
  'maxPeanutsFieldMaxValue',
  'deleteAfterFieldMinValue',
  'deleteAfterFieldMaxValue',
];

/**
 * The product's limits (docs/architecture.md "Fixed points"): 0.1 to 100 peanuts, 300 to
 * 86400 s.
 */
export const DEFAULT_VPN_CONFIG_LIMITS: Readonly<VpnConfigLimits> = Object.freeze({
  maxPeanutsFieldMinValue: 0.1,
  maxPeanutsFieldMaxValue: 100,
  deleteAfterFieldMinValue: 300,
  deleteAfterFieldMaxValue: 86400,
});

/** The mock backend's limits (spec §9, `PRESET=mock`): 0.1 to 2 peanuts, 60 to 300 s. */
export const MOCK_VPN_CONFIG_LIMITS: Readonly<VpnConfigLimits> = Object.freeze({
  maxPeanutsFieldMinValue: 0.1,
  maxPeanutsFieldMaxValue: 2,
  deleteAfterFieldMinValue: 60,
  deleteAfterFieldMaxValue: 300,
});

/** The id-token claim carrying the limits as a JSON string (spec §3). */
export const CONFIG_CLAIM = 'custom:config';

/** Active VPNs allowed per region served (spec §9, one reading; docs/architecture.md). */
export const QUOTA_PER_REGION = 2;
/** Number of regions of the product (docs/architecture.md "Regions"). */
export const PRODUCT_REGION_COUNT = 27;

/** The default quota of active VPNs: 2 x the number of regions (spec §5, §9). */
export function defaultQuota(regionCount: number = PRODUCT_REGION_COUNT): number {
  return QUOTA_PER_REGION * regionCount;
}

/**
 * Checks a parsed limits object: four finite numbers, min <= max, none negative.
 * @throws InvalidUserConfigError 'Invalid VPN limits in token claim custom:config'.
 */
export function assertLimits(value: unknown): asserts value is VpnConfigLimits {
  const invalid = () =>
    new InvalidUserConfigError(`Invalid VPN limits in token claim ${CONFIG_CLAIM}`);
  if (typeof value !== 'object' || value === null) throw invalid();
  const record = value as Record<string, unknown>;
  for (const key of LIMIT_FIELDS) {
    const n = record[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) throw invalid();
  }
  const limits = value as VpnConfigLimits;
  if (
    limits.maxPeanutsFieldMinValue > limits.maxPeanutsFieldMaxValue ||
    limits.deleteAfterFieldMinValue > limits.deleteAfterFieldMaxValue
  ) {
    throw invalid();
  }
}

/**
 * The limits of a token's claims (spec §5): `claims['custom:config']` must be a JSON string (an
 * already-parsed object is accepted too) of the four fields. Extra fields are dropped.
 * @throws InvalidUserConfigError 'Missing token claim custom:config' when absent;
 *   'Failed to parse token claim custom:config' when not JSON; 'Invalid VPN limits in token
 *   claim custom:config' when the fields are wrong.
 */
export function limitsFromClaims(claims: Readonly<Record<string, unknown>>): VpnConfigLimits {
  const raw = claims[CONFIG_CLAIM];
  if (raw === undefined || raw === null || raw === '') {
    throw new InvalidUserConfigError(`Missing token claim ${CONFIG_CLAIM}`);
  }
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new InvalidUserConfigError(`Failed to parse token claim ${CONFIG_CLAIM}`);
    }
  }
  assertLimits(parsed);
  const limits = {} as VpnConfigLimits;
  for (const key of LIMIT_FIELDS) limits[key] = parsed[key];
  return limits;
}

/** The message when a token's limits are wider than the server's own. */
export const PERMISSIVE_CLAIM_MESSAGE = `Token claim ${CONFIG_CLAIM} is more permissive than this service's limits`;

/**
 * The limits a server enforces for a token's `claimed` limits: the claim itself when it lies
 * within the server's own `limits` (a stricter claim narrows them), never wider. With a real
 * Cognito pool a user may be able to write `custom:config`, so the server never trusts a claim
 * beyond its own configuration.
 * @throws InvalidUserConfigError PERMISSIVE_CLAIM_MESSAGE when any bound of the claim is wider.
 */
export function enforceLimits(
  claimed: Readonly<VpnConfigLimits>,
  limits: Readonly<VpnConfigLimits>,
): VpnConfigLimits {
  if (
    claimed.maxPeanutsFieldMinValue < limits.maxPeanutsFieldMinValue ||
    claimed.maxPeanutsFieldMaxValue > limits.maxPeanutsFieldMaxValue ||
    claimed.deleteAfterFieldMinValue < limits.deleteAfterFieldMinValue ||
    claimed.deleteAfterFieldMaxValue > limits.deleteAfterFieldMaxValue
  ) {
    throw new InvalidUserConfigError(PERMISSIVE_CLAIM_MESSAGE);
  }
  return { ...claimed };
}

/**
 * The payload of a JWT, not verified (clients read their own id token; the server verifies).
 * @throws NoSessionError 'No session found' without a token; TokenDecodeError 'Failed to decode
 *   token' when it is not a JWT with a JSON object payload.
 */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> {
  if (token === undefined || token === null || token === '') throw new NoSessionError();
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === '') throw new TokenDecodeError();
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Text(parts[1]));
  } catch {
    throw new TokenDecodeError();
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new TokenDecodeError();
  }
  return payload as Record<string, unknown>;
}

/**
 * The limits of an id token (spec §5, §7: "reads the limits from the identity token claim").
 * @throws NoSessionError, TokenDecodeError, InvalidUserConfigError (see {@link decodeJwtPayload}
 *   and {@link limitsFromClaims}).
 */
export function limitsFromIdToken(idToken: string | null | undefined): VpnConfigLimits {
  return limitsFromClaims(decodeJwtPayload(idToken));
}
