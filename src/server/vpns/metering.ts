/**
 * Metering (spec §4, §9; docs/architecture.md "Money") as a pure function: what to charge a Running
 * VPN, when to settle its charges into the ledger, and whether it must end. The lifecycle applies
 * the plan in one transaction, under the owner's row lock (meterOne.ts). The batched pass runs the
 * same rules as one SQL statement (meterBatchSql.ts), tested to write exactly what this plans.
 *
 * Time is cut into intervals of `intervalMs` from the moment the VPN became Running. A regular
 * charge covers the whole intervals elapsed since the last one (several after a pause of the
 * workers), plus the bytes counted since. When the VPN ends, a last charge covers the partial
 * interval up to the end. A charge is added to the VPN's totals (`consumedNano`).
 *
 * Settling: the charges since the last settlement are written to the ledger as one
 * usage entry keyed `usage:<vpnId>:<index>`, `index` being the first interval it covers, so two
 * workers or a restart can never settle the same interval twice. A VPN settles when it ends and
 * whenever its metered time crosses a multiple of `settleEveryIntervals` intervals (1: every
 * charge); between settlements the owner's balance is the ledger less the unsettled charges of
 * their Running VPNs (`consumedNano - settledNano`). So a pass writes one row per VPN, and the
 * ledger grows by one entry per VPN per settlement period, not per interval.
 *
 * Rates (spec §9): 0.0015 peanut per second = 1,500 nano-peanuts per millisecond, and 5e-7
 * peanut per byte = 500 nano-peanuts per byte: exact integers.
 *
 * Termination (spec §4), checked after the charge: consumed peanuts reach maxPeanuts; the
 * balance is 0 or less (which is also "the whole balance" for an unlimited VPN); the running
 * time reaches deleteAfter.
 *
 * Caps: whatever the byte counter says, a charge is what was used but never more than
 * what is left of maxPeanuts, nor more than the owner's balance (0 when it is 0 or less). So a
 * VPN is never charged past its maxPeanuts and usage never takes a balance below 0; the charge
 * that reaches a cap ends the VPN (the rules above: consumption reaches maxPeanuts, or the
 * balance reaches 0). The usage of the interval that crosses a limit is charged up to it.
 */
import { NANO_PER_BYTE, NANO_PER_SECOND } from '../../core/peanuts';

/** Nano-peanuts per millisecond of running time (1,500). */
export const NANO_PER_MS = NANO_PER_SECOND / 1000;

/** Why a VPN left Running (stored in `vpns.reason`). */
export const END_REASONS = {
  deleted: 'Deleted on request',
  maxPeanuts: 'maxPeanuts reached',
  balance: 'Balance exhausted',
  deleteAfter: 'deleteAfter elapsed',
} as const;
/** A reason of {@link END_REASONS}. */
export type EndReason = (typeof END_REASONS)[keyof typeof END_REASONS];

/** The metering state of a Running VPN and what the world looks like now. */
export interface MeterInput {
  /** Now, epoch ms. */
  nowMs: number;
  /** Length of a metering interval, ms. */
  intervalMs: number;
  /** When the VPN became Running, epoch ms. */
  runningAtMs: number;
  /** Time is charged up to here, epoch ms (starts at runningAtMs). */
  meteredAtMs: number;
  /** Intervals charged so far: the index of the next charge's key. */
  meteredIntervals: number;
  /** deleteAfter, seconds. */
  deleteAfterS: number;
  /** Bytes charged so far. */
  chargedBytes: number;
  /** The provisioner's byte counter now (bytes since start). */
  usageBytes: number;
  /** Nano-peanuts charged so far. */
  consumedNano: number;
  /** Nano-peanuts of those written to the ledger (settled) so far. */
  settledNano: number;
  /** Intervals settled so far: the index of the next settlement's ledger key. */
  settledIntervals: number;
  /** Settle when the charged intervals cross a multiple of this (1: settle every charge). */
  settleEveryIntervals: number;
  /** maxPeanuts in nano-peanuts, or null for unlimited. */
  maxPeanutsNano: number | null;
  /** The owner's balance before this charge (ledger less unsettled charges), nano-peanuts. */
  balanceNano: number;
  /** Set when the VPN ends now whatever the rules say (deleted on request). */
  endNow?: EndReason;
}

/** One charge, added to the VPN's totals. */
export interface MeterCharge {
  /** Nano-peanuts taken (zero or positive). */
  amountNano: number;
  /** Bytes this charge accounts for. */
  bytes: number;
  /** Running time this charge accounts for, ms. */
  timeMs: number;
}

/** A settlement: the charges since the last one, as one ledger entry. */
export interface MeterSettlement {
  /** Index of the ledger key `usage:<vpnId>:<index>`: the first interval it covers. */
  index: number;
  /**
   * Nano-peanuts to write (zero or positive; the ledger entry is its negative, written only when
   * positive).
   */
  amountNano: number;
}

/** What to do. */
export interface MeterPlan {
  /** The charge, when there is something to charge. */
  charge?: MeterCharge;
  /** The settlement, when the charges are written to the ledger now. */
  settle?: MeterSettlement;
  /** The new `meteredAt`, epoch ms. */
  meteredAtMs: number;
  /** The new `meteredIntervals`. */
  meteredIntervals: number;
  /** The new byte total. */
  chargedBytes: number;
  /** The new consumption total, nano-peanuts. */
  consumedNano: number;
  /** The new settled total, nano-peanuts. */
  settledNano: number;
  /** The new `settledIntervals`. */
  settledIntervals: number;
  /** Set when the VPN must end: when (epoch ms) and why. */
  end?: { atMs: number; reason: EndReason };
}

/** The instant a VPN's deleteAfter runs out, epoch ms. */
export function deadlineOf(runningAtMs: number, deleteAfterS: number): number {
  return runningAtMs + deleteAfterS * 1000;
}

/** The ledger key of a VPN's settlement whose first interval is number `index`. */
export function usageKey(vpnId: string, index: number): string {
  return `usage:${vpnId}:${index}`;
}

/**
 * Metering intervals per settlement: `settleMs` (`METER_SETTLE_S`, ms) in whole intervals of
 * `intervalMs` ms, at least 1 (0 ms: settle every charge).
 */
export function settleEveryIntervals(intervalMs: number, settleMs: number): number {
  return Math.max(1, Math.round(settleMs / intervalMs));
}

/**
 * A charge's price `priceNano` capped (module comment, "Caps"): at most what is left of
 * maxPeanuts and at most the owner's balance, never below 0; nano-peanuts (an exact integer
 * whenever a cap applies, even when the price itself is past 2^53).
 */
export function capCharge(
  priceNano: number,
  input: Pick<MeterInput, 'maxPeanutsNano' | 'consumedNano' | 'balanceNano'>,
): number {
  const leftOfMax =
    input.maxPeanutsNano === null ? Infinity : input.maxPeanutsNano - input.consumedNano;
  return Math.max(0, Math.min(priceNano, leftOfMax, input.balanceNano));
}

/** Plans the charge and the termination of a Running VPN (see the module comment). */
export function planMetering(input: MeterInput): MeterPlan {
  const deadline = deadlineOf(input.runningAtMs, input.deleteAfterS);
  const until = Math.min(input.nowMs, deadline);
  // An empty balance (spent by other VPNs, or taken back) ends the VPN whatever else holds.
  const forced = input.endNow ?? (input.balanceNano <= 0 ? END_REASONS.balance : undefined);
  const ending = forced !== undefined || input.nowMs >= deadline;
  const completed = Math.max(0, Math.floor((until - input.runningAtMs) / input.intervalMs));

  // The time covered: whole intervals, or up to the end for the last charge.
  const coveredUntil = ending
    ? Math.max(until, input.meteredAtMs)
    : Math.max(input.runningAtMs + completed * input.intervalMs, input.meteredAtMs);
  const timeMs = coveredUntil - input.meteredAtMs;
  const charging = ending || completed > input.meteredIntervals;

  // One object of one shape, built at the end: this runs for every Running VPN at every pass.
  let meteredAtMs = input.meteredAtMs;
  let meteredIntervals = input.meteredIntervals;
  let chargedBytes = input.chargedBytes;
  let consumedNano = input.consumedNano;
  let charge: MeterCharge | undefined;
  if (charging) {
    const bytes = Math.max(0, input.usageBytes - input.chargedBytes);
    charge = {
      amountNano: capCharge(timeMs * NANO_PER_MS + bytes * NANO_PER_BYTE, input),
      bytes,
      timeMs,
    };
    meteredAtMs = coveredUntil;
    meteredIntervals = Math.max(completed, input.meteredIntervals + 1);
    chargedBytes += bytes;
    consumedNano += charge.amountNano;
  }
  const charged = charge?.amountNano ?? 0;

  const reason: EndReason | undefined =
    forced ??
    (input.maxPeanutsNano !== null && consumedNano >= input.maxPeanutsNano
      ? END_REASONS.maxPeanuts
      : input.balanceNano - charged <= 0
        ? END_REASONS.balance
        : input.nowMs >= deadline
          ? END_REASONS.deleteAfter
          : undefined);
  const end =
    reason === undefined
      ? undefined
      : { atMs: reason === END_REASONS.deleteAfter ? deadline : input.nowMs, reason };

  // Settle when the VPN ends (nothing stays unsettled outside Running) or crosses a period.
  const every = Math.max(1, input.settleEveryIntervals);
  const crossed = Math.floor(meteredIntervals / every) > Math.floor(input.settledIntervals / every);
  const settling = (end !== undefined || crossed) && meteredIntervals > input.settledIntervals;
  return {
    charge,
    settle: settling
      ? { index: input.settledIntervals, amountNano: consumedNano - input.settledNano }
      : undefined,
    meteredAtMs,
    meteredIntervals,
    chargedBytes,
    consumedNano,
    settledNano: settling ? consumedNano : input.settledNano,
    settledIntervals: settling ? meteredIntervals : input.settledIntervals,
    end,
  };
}
