/**
 * What every VPN saga shares: its dependencies from the saga context (the SDK HttpClient, the
 * wait clock, the identity client's limits), cancellable calls and sleeps, error reporting and the
 * balance reload. Tests provide `vpnHttpClient` and `vpnClock` with redux-saga-test-plan.
 */
import type { SagaIterator } from 'redux-saga';
import { call, cancelled, getContext, put, select } from 'redux-saga/effects';
import type { AppConfig } from '../../../../core/appConfig';
import { PeanutError } from '../../../../core/errors';
import { limitsFromIdToken } from '../../../../core/limits';
import type { HttpClient } from '../../../../sdk/http';
import type { IdentityClient } from '../../../../sdk/identity';
import { realClock, type Clock } from '../../../../sdk/waitForState';
import { api, type ApiExtra } from '../../../app/api';
import { selectAppConfig } from '../../../app/appConfigSlice';
import { API_EXTRA, IDENTITY, VPN_CLOCK } from '../../../app/sagaContext';
import { errorReported } from '../../errors';

/** The SDK HttpClient of the store's app config (sends the id token). */
export function* vpnHttpClient() {
  const extra: ApiExtra | undefined = yield getContext(API_EXTRA);
  const appConfig: AppConfig | null = yield select(selectAppConfig);
  if (!extra || !appConfig) throw new Error('Application configuration is not loaded');
  return extra.getHttpClient(appConfig);
}

/** The clock of the waits and of the list reload. */
export function* vpnClock() {
  const clock: Clock | undefined = yield getContext(VPN_CLOCK);
  return clock ?? realClock;
}

/** The limits of the signed-in user's id token (spec §5, §7), null without identity. */
export function* readLimits() {
  const identity: IdentityClient | undefined = yield getContext(IDENTITY);
  if (!identity) return null;
  const idToken: string | undefined = yield call([identity, identity.getIdToken]);
  return limitsFromIdToken(idToken);
}

/**
 * Calls `fn` with an AbortSignal that is aborted when the calling task is cancelled (sign-out,
 * a hidden list, a deletion cancelling a create wait), so its HTTP request or sleep stops too.
 */
export function* callAbortable<T>(fn: (signal: AbortSignal) => Promise<T>): SagaIterator<T> {
  const controller = new AbortController();
  try {
    const result: T = yield call(fn, controller.signal);
    return result;
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** Sleeps `ms` milliseconds on `clock` (cancellable). */
export function* sleep(clock: Clock, ms: number): SagaIterator<void> {
  yield call(callAbortable, (signal: AbortSignal) => clock.sleep(ms, signal));
}

/** The HTTP client and the clock of a workflow. */
export function* vpnDeps(): SagaIterator<{ http: HttpClient; clock: Clock }> {
  const http: HttpClient = yield call(vpnHttpClient);
  const clock: Clock = yield call(vpnClock);
  return { http, clock };
}

/** True for a cancellation (never shown). */
function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Reports `error` to the error card unless it is a cancellation. */
export function* report(error: unknown) {
  if (!isAbort(error)) yield put(errorReported(error));
}

/** Reloads the balance (it moves when VPNs are created, run and end). */
export function* reloadBalance() {
  yield put(api.util.invalidateTags(['Balance']));
}

/** A created VPN that ended Failed (spec §4): the error card says so. */
export class VpnFailedError extends PeanutError {
  constructor(readonly vpnId: string) {
    super(
      `VPN ${vpnId} failed while it was being created (state Failed): create another one.`,
      'VpnFailedError',
    );
  }
}
