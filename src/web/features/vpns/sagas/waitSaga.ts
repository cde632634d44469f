/**
 * Waiting for a VPN state (spec §4 "Waiting for a target state") as a saga, so that every poll is
 * an action (`vpnPolled`): the rows follow each lifecycle step, and Redux DevTools records them.
 * The rules are core's `waitDone` (Failed; target Created; state reached; Paused while the target
 * ranks below Running; rank above the target); the interval (10 s) and time-out (300 s) are
 * core's constants, the clock the saga context's (tests inject theirs).
 */
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import { WaitTimeoutError } from '../../../../core/errors';
import {
  POLL_INTERVAL_S,
  WAIT_TIMEOUT_S,
  waitDone,
  type VpnState,
  type VpnWithMetrics,
} from '../../../../core/vpn';
import type { HttpClient } from '../../../../sdk/http';
import { getVpn } from '../../../../sdk/vpns';
import type { Clock } from '../../../../sdk/waitForState';
import { vpnPolled, vpnWaitEnded, vpnWaitStarted, type VpnWaitFlow } from '../vpnsSlice';
import { callAbortable, sleep } from './context';

/** What a wait needs. */
export interface WaitDeps {
  http: HttpClient;
  clock: Clock;
}

/** `GET /v1/vpns/{vpnId}` (cancellable), put as one lifecycle step (`vpnPolled`). */
export function* pollVpn(http: HttpClient, vpnId: string): SagaIterator<VpnWithMetrics> {
  const item: VpnWithMetrics = yield call(callAbortable, (signal: AbortSignal) =>
    getVpn(http, vpnId, { signal }),
  );
  yield put(vpnPolled(item));
  return item;
}

/**
 * Polls the VPN until waiting for `target` is done (spec §4) and returns the last VPN polled.
 * The first poll is immediate, then one every 10 s; the last one happens at the 300 s time-out.
 * The wait is registered in the store (`vpnWaitStarted`/`vpnWaitEnded`, by `flow`) so the list
 * reload leaves the VPN to it.
 * @throws WaitTimeoutError 'Timeout 300 expires!' when still not done at the time-out; what
 *   `getVpn` throws (ApiError, NetworkError).
 */
export function* waitForVpnState(
  { http, clock }: WaitDeps,
  vpnId: string,
  target: VpnState,
  flow: VpnWaitFlow,
): SagaIterator<VpnWithMetrics> {
  const deadline = clock.now() + WAIT_TIMEOUT_S * 1000;
  yield put(vpnWaitStarted({ vpnId, flow, target }));
  try {
    for (;;) {
      const item: VpnWithMetrics = yield call(pollVpn, http, vpnId);
      if (waitDone(item.vpn.state, target)) return item;
      const remaining = deadline - clock.now();
      if (remaining <= 0) throw new WaitTimeoutError(WAIT_TIMEOUT_S);
      yield call(sleep, clock, Math.min(POLL_INTERVAL_S * 1000, remaining));
    }
  } finally {
    yield put(vpnWaitEnded({ vpnId, flow }));
  }
}
