/**
 * Metering (spec §4, §9; DESIGN.md "Money") as a pure function: what to charge a Running VPN
 * and whether it must end. The lifecycle applies the plan in one transaction, under the owner's
 * row lock, with an idempotent ledger entry keyed `usage:<vpnId>:<index>`.
 *
 * Time is cut into intervals of `intervalMs` from the moment the VPN became Running. A regular
 * charge covers the whole intervals elapsed since the last one (several after a pause of the
 * workers), plus the bytes counted since; the index of its key is the first interval it covers,
 * so two workers or a restart can never charge the same interval twice. When the VPN ends, a
 * last charge covers the partial interval up to the end.
 *
 * Rates (spec §9): 0.0015 peanut per second = 1,500 nano-peanuts per millisecond, and 5e-7
 * peanut per byte = 500 nano-peanuts per byte: exact integers.
 *
 * Termination (spec §4), checked after the charge: consumed peanuts reach maxPeanuts; the
 * balance is 0 or less (which is also "the whole balance" for an unlimited VPN); the running
 * time reaches deleteAfter. A charge is always what was used (issue 16): the interval in which
 * a limit is crossed is charged in full, so the balance can go negative (spec §3) and
 * consumption can pass maxPeanuts by at most one interval's usage, after which the VPN ends.
 * Capping the charge would make the traffic of the last interval free.
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
  /** maxPeanuts in nano-peanuts, or null for unlimited. */
  maxPeanutsNano: number | null;
  /** The owner's balance before this charge, nano-peanuts. */
  balanceNano: number;
  /** Set when the VPN ends now whatever the rules say (deleted on request). */
  endNow?: EndReason;
}

/** One charge to write (its ledger entry is written only when `amountNano` is positive). */
export interface MeterCharge {
  /** Index of the ledger key `usage:<vpnId>:<index>`. */
  index: number;
  /** Nano-peanuts to take (positive; the ledger entry is its negative). */
  amountNano: number;
  /** Bytes this charge accounts for. */
  bytes: number;
  /** Running time this charge accounts for, ms. */
  timeMs: number;
}

/** What to do. */
export interface MeterPlan {
  /** The charge, when there is something to charge. */
  charge?: MeterCharge;
  /** The new `meteredAt`, epoch ms. */
  meteredAtMs: number;
  /** The new `meteredIntervals`. */
  meteredIntervals: number;
  /** The new byte total. */
  chargedBytes: number;
  /** The new consumption total, nano-peanuts. */
  consumedNano: number;
  /** Set when the VPN must end: when (epoch ms) and why. */
  end?: { atMs: number; reason: EndReason };
}

/** The instant a VPN's deleteAfter runs out, epoch ms. */
export function deadlineOf(runningAtMs: number, deleteAfterS: number): number {
  return runningAtMs + deleteAfterS * 1000;
}

/** The ledger key of a VPN's metering charge number `index`. */
export function usageKey(vpnId: string, index: number): string {
  return `usage:${vpnId}:${index}`;
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

  let plan: MeterPlan = {
    meteredAtMs: input.meteredAtMs,
    meteredIntervals: input.meteredIntervals,
    chargedBytes: input.chargedBytes,
    consumedNano: input.consumedNano,
  };
  let charged = 0;
  if (charging) {
    const bytes = Math.max(0, input.usageBytes - input.chargedBytes);
    charged = timeMs * NANO_PER_MS + bytes * NANO_PER_BYTE;
    plan = {
      charge: { index: input.meteredIntervals, amountNano: charged, bytes, timeMs },
      meteredAtMs: coveredUntil,
      meteredIntervals: Math.max(completed, input.meteredIntervals + 1),
      chargedBytes: input.chargedBytes + bytes,
      consumedNano: input.consumedNano + charged,
    };
  }

  const reason: EndReason | undefined =
    forced ??
    (input.maxPeanutsNano !== null && plan.consumedNano >= input.maxPeanutsNano
      ? END_REASONS.maxPeanuts
      : input.balanceNano - charged <= 0
        ? END_REASONS.balance
        : input.nowMs >= deadline
          ? END_REASONS.deleteAfter
          : undefined);
  if (reason !== undefined) {
    plan.end = { atMs: reason === END_REASONS.deleteAfter ? deadline : input.nowMs, reason };
  }
  return plan;
}
