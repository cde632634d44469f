/**
 * The lifecycle's tuning (lifecycle.ts): how often a provisioning is retried, how stalled VPNs
 * are found again, and how long a stop waits for the work in progress. Tests shorten it.
 */
import type { JobTuning } from './jobs';

/**
 * Longest wait on stop for the jobs, metering pass and teardown in progress to finish, in ms;
 * past it their steps are aborted (and retried by the next start). Within the server's 10 s
 * shutdown time-out (server.ts), with room for the requests in flight and closing the database.
 */
export const DRAIN_TIMEOUT_MS = 6_000;

/** Tuning of the lifecycle (tests shorten it). */
export interface LifecycleTuning extends JobTuning {
  /** Failed provisioning attempts after which a VPN is Failed. */
  maxProvisionAttempts: number;
  /** Milliseconds between two sweeps for stalled VPNs. */
  sweepIntervalMs: number;
  /** A VPN in progress that has not changed for this many milliseconds is resumed by a sweep. */
  stalledAfterMs: number;
  /**
   * Longest wait on stop for the work in progress to finish, ms (default
   * {@link DRAIN_TIMEOUT_MS}; 0 aborts it at once, as a crash would).
   */
  drainMs: number;
}

/** Default lifecycle tuning. */
export const DEFAULT_LIFECYCLE_TUNING: Readonly<Omit<LifecycleTuning, keyof JobTuning>> =
  Object.freeze({
    maxProvisionAttempts: 3,
    sweepIntervalMs: 60_000,
    stalledAfterMs: 15 * 60_000,
    drainMs: DRAIN_TIMEOUT_MS,
  });
