/**
 * Peanut arithmetic (spec §9, docs/architecture.md "Money"). Amounts are integer nano-peanuts
 * (1 peanut = 1e9 nano-peanuts) so that metering at the spec's rates is exact.
 */

/** Nano-peanuts in one peanut. */
export const NANO_PER_PEANUT = 1_000_000_000;
/** Traffic rate: 5e-7 peanut per byte = 500 nano-peanuts per byte (spec §9). */
export const NANO_PER_BYTE = 500;
/** Time rate: 0.0015 peanut per second = 1,500,000 nano-peanuts per second (spec §9). */
export const NANO_PER_SECOND = 1_500_000;

/** Converts whole or fractional peanuts to integer nano-peanuts (rounded to the nearest). */
export function toNano(peanuts: number): number {
  return Math.round(peanuts * NANO_PER_PEANUT);
}

/** Converts nano-peanuts to peanuts (a float, not rounded). */
export function fromNano(nano: number): number {
  return nano / NANO_PER_PEANUT;
}

/** Rounds a peanut amount to 2 decimals for display and API output (spec §9). */
export function roundPeanuts(peanuts: number): number {
  return Math.round(peanuts * 100) / 100;
}

/**
 * Rounds a balance down to 2 decimals (exactly, in nano-peanuts), for messages that tell a user
 * what they have: a balance of 9.999 reads 9.99, never the 10 they cannot spend.
 */
export function floorPeanuts(peanuts: number): number {
  return Math.floor(toNano(peanuts) / (NANO_PER_PEANUT / 100)) / 100;
}

/** `GET /v1/peanuts` response: the caller's balance in peanuts (may be negative; spec §3). */
export interface PeanutsBalanceResponse {
  /** Balance in peanuts, exact to the nano-peanut (display rounds to 2 decimals). */
  balance: number;
}
