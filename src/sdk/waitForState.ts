/**
 * Waiting for a VPN state (spec §4 "Waiting for a target state") and the delete workflow
 * (spec §4 "Delete"), with an injectable clock, interval, time-out and an AbortSignal.
 */
import { WaitTimeoutError } from '../core/errors';
import { sleep } from '../core/sleep';
import { isFinalDeleteStep, nextDeleteStep } from '../core/deleteWorkflow';
import {
  POLL_INTERVAL_S,
  WAIT_TIMEOUT_S,
  waitDone,
  type VpnState,
  type VpnWithMetrics,
} from '../core/vpn';
import type { HttpClient } from './http';
import { deleteVpn, getVpn } from './vpns';

/** Time source and sleeper; inject a fake one in tests. */
export interface Clock {
  /** Current time in milliseconds. */
  now(): number;
  /** Resolves after `ms` milliseconds; rejects with `signal.reason` when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock: `Date.now` and core's {@link sleep}. */
export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, signal),
};

/** Options of {@link waitForState}. */
export interface WaitOptions {
  /** Milliseconds between polls; default 10000 (spec §4). */
  intervalMs?: number;
  /** Milliseconds before giving up; default 300000 (spec §4). */
  timeoutMs?: number;
  /** Default {@link realClock}. */
  clock?: Clock;
  /** Stops the wait: the pending poll or sleep rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** Called with the state of every polled value (a progress display shows it). */
  onState?: (state: VpnState) => void;
}

/** Something whose VPN state can be read: a state, a Vpn, or a VPN with metrics. */
export type HasVpnState = VpnState | { state: VpnState } | { vpn: { state: VpnState } };

/** The state of a polled value. */
export function stateOf(value: HasVpnState): VpnState {
  if (typeof value === 'string') return value;
  return 'vpn' in value ? value.vpn.state : value.state;
}

/**
 * Polls `poll` until waiting for `target` is done by the rules of spec §4 (`waitDone`: Failed;
 * target Created; state reached; Paused below Running; rank above the target) and returns the
 * last polled value. The first poll is immediate, then one every `intervalMs`; the last poll
 * happens at the time-out (with the defaults: polls at 0, 10, ..., 300 s, 31 in all).
 * @throws WaitTimeoutError 'Timeout {n} expires!' (n = timeoutMs / 1000) when still not done at
 *   the time-out; the abort reason when `signal` aborts; any error of `poll`.
 */
export async function waitForState<T extends HasVpnState>(
  poll: (signal?: AbortSignal) => Promise<T>,
  target: VpnState,
  options: WaitOptions = {},
): Promise<T> {
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_S * 1000;
  const timeoutMs = options.timeoutMs ?? WAIT_TIMEOUT_S * 1000;
  const clock = options.clock ?? realClock;
  const { signal } = options;
  const deadline = clock.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    const value = await poll(signal);
    signal?.throwIfAborted();
    options.onState?.(stateOf(value));
    if (waitDone(stateOf(value), target)) return value;
    const remaining = deadline - clock.now();
    if (remaining <= 0) throw new WaitTimeoutError(timeoutMs / 1000);
    await clock.sleep(Math.min(intervalMs, remaining), signal);
  }
}

/** Options of {@link deleteAndWait}. */
export interface DeleteAndWaitOptions extends WaitOptions {
  /** Called with the VPN returned after the deletion request (the list updates its row). */
  onDeleting?: (vpn: VpnWithMetrics) => void;
}

/**
 * Deletes a VPN and waits until it is Deleted (spec §4 "Delete", §2 "VPN list" > Delete), by
 * core's {@link nextDeleteStep}:
 * - already Deleted: nothing happens, the VPN is returned;
 * - rank at most Running: wait for Running (each wait has its own time-out), then, unless the
 *   VPN went past Running meanwhile, request the deletion and fetch the VPN (`onDeleting`);
 * - then wait for Deleted (a Failed VPN ends the wait at once, spec §4) and return the last VPN.
 * @throws InvalidVpnIdError, VpnDeletionError, WaitTimeoutError, ApiError, NetworkError, or the
 *   abort reason.
 */
export async function deleteAndWait(
  http: HttpClient,
  vpnId: string,
  options: DeleteAndWaitOptions = {},
): Promise<VpnWithMetrics> {
  const { signal } = options;
  const poll = (s?: AbortSignal) => getVpn(http, vpnId, { signal: s });
  let current = await poll(signal);
  options.onState?.(current.vpn.state);
  for (let step = nextDeleteStep(current.vpn.state); ;) {
    if (isFinalDeleteStep(step)) return current;
    if (step === 'requestDeletion') {
      current = await deleteVpn(http, vpnId, { signal });
      options.onState?.(current.vpn.state);
      options.onDeleting?.(current);
    } else {
      current = await waitForState(poll, step === 'waitRunning' ? 'Running' : 'Deleted', options);
    }
    step = nextDeleteStep(current.vpn.state, step);
  }
}
