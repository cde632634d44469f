/**
 * The VPN workflows (spec §2 "Create flow", "VPN list", §4 "Waiting", "Delete"), as sagas:
 * - while signed in, `signedInVpnsSaga` runs; signing out (or losing the session, or deleting the
 *   account) cancels it and with it every create, delete and poll task (their HTTP calls and
 *   waits are aborted);
 * - each Create runs its own task: the button loads, the row message says the VPN provisions,
 *   POST, the VPN goes on top of the list with no metrics, the task waits for Running (poll
 *   every 10 s, time-out 300 s, SDK `waitForState`) and refreshes the VPN with its metrics;
 * - each Delete runs its own task (SDK `deleteAndWait`): the row takes the state returned by the
 *   deletion request, then Deleted;
 * - the visible page is reloaded every 10 s while the list is on screen, so usage grows;
 * - every failure goes to the global error card.
 * The waits take the clock in the saga context under {@link VPN_CLOCK} (tests inject a fake one;
 * default the real one) and an AbortSignal aborted when the task is cancelled.
 */
import { channel, type Channel, type Task } from 'redux-saga';
import {
  call,
  cancel,
  cancelled,
  delay,
  fork,
  getContext,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import type { AppConfig } from '../../../core/appConfig';
import { UI_VPN_PAGE_SIZE } from '../../../core/constants';
import { limitsFromIdToken, type VpnConfigLimits } from '../../../core/limits';
import {
  POLL_INTERVAL_S,
  WIREGUARD,
  isStateInProgress,
  type CreateVpnRequest,
  type VpnWithMetrics,
} from '../../../core/vpn';
import { deleteAfterSlider, effectiveMaxPeanuts } from '../../../core/vpnPanel';
import { validateDeleteAfter, validateMaxPeanuts } from '../../../core/vpnValidation';
import type { HttpClient } from '../../../sdk/http';
import type { IdentityClient } from '../../../sdk/identity';
import {
  getBalance,
  getConfig,
  getQrConfig,
  getVpn,
  listVpns,
  requestVpnCreation,
  type ListVpnsResult,
  type VpnConfigFile,
  type VpnQrConfig,
} from '../../../sdk/vpns';
import { deleteAndWait, realClock, waitForState, type Clock } from '../../../sdk/waitForState';
import { api, type ApiExtra } from '../../app/api';
import { selectAppConfig } from '../../app/appConfigSlice';
import { IDENTITY } from '../auth/authSaga';
import {
  accountDeleted,
  authenticated,
  selectIsAuthenticated,
  sessionEnded,
  signOutRequested,
} from '../auth/authSlice';
import { signIn } from '../auth/authThunks';
import { errorReported } from '../errors/errorSlice';
import { regionMessageDismissed, regionMessageSet } from '../regions/regionMessagesSlice';
import {
  WINDOW_BLOCKED_MESSAGE,
  openBlankWindow,
  renderQrWindow,
  saveTextFile,
} from './browserFiles';
import {
  vpnAdded,
  vpnConfigDownloadRequested,
  vpnCreateEnded,
  vpnCreateRequested,
  vpnCreateStarted,
  vpnDeleteEnded,
  vpnDeleteRequested,
  vpnDeleteStarted,
  vpnLimitsFailed,
  vpnLimitsLoaded,
  vpnLimitsRequested,
  vpnListHidden,
  vpnListRefreshRequested,
  vpnListShown,
  vpnPageFailed,
  vpnPageLoaded,
  vpnPageReloadRequested,
  vpnPageRequested,
  vpnPageTokenFound,
  vpnQrCodeRequested,
  vpnUpdated,
  type VpnsState,
} from './vpnsSlice';

/** Row message while a VPN provisions (spec §2 create flow). */
export const PROVISIONING_MESSAGE =
  'Your VPN is provisioning, please be patient. It should appear at the top of the list above.';
/** Row message once the VPN runs. */
export const RUNNING_MESSAGE =
  'Your VPN is running: download its configuration from the list above.';

/** Saga context key of the wait {@link Clock} (absent: the real clock). */
export const VPN_CLOCK = 'vpnClock';
/** Saga context key of the {@link ApiExtra}; the store registers it (store.ts `API_EXTRA`). */
export const API_EXTRA_CONTEXT = 'apiExtra';

/** Actions that end the signed-in session: they cancel every VPN task. */
export const SIGNED_OUT_ACTIONS = [signOutRequested.type, sessionEnded.type, accountDeleted.type];
/** Actions that start a signed-in session. */
export const SIGNED_IN_ACTIONS = [authenticated.type, signIn.fulfilled.type];

type WithState = { vpns: VpnsState };

// ---------------------------------------------------------------------------------------------
// Dependencies (providers replace these calls in tests)

/** The SDK HttpClient of the store's app config (sends the id token). */
export function* vpnHttpClient() {
  const extra: ApiExtra | undefined = yield getContext(API_EXTRA_CONTEXT);
  const appConfig: AppConfig | null = yield select(selectAppConfig);
  if (!extra || !appConfig) throw new Error('Application configuration is not loaded');
  return extra.getHttpClient(appConfig);
}

/** The clock of the waits. */
export function* vpnClock() {
  const clock: Clock | undefined = yield getContext(VPN_CLOCK);
  return clock ?? realClock;
}

/** The limits of the signed-in user's id token (spec §5, §7). */
export function* readLimits() {
  const identity: IdentityClient | undefined = yield getContext(IDENTITY);
  if (!identity) return null;
  const idToken: string | undefined = yield call([identity, identity.getIdToken]);
  return limitsFromIdToken(idToken);
}

/** True for a cancellation (never shown). */
function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Reports `error` to the error card unless it is a cancellation. */
function* report(error: unknown) {
  if (!isAbort(error)) yield put(errorReported(error));
}

/** Reloads the balance (it moves when VPNs run and end). */
function* reloadBalance() {
  yield put(api.util.invalidateTags(['Balance']));
}

// ---------------------------------------------------------------------------------------------
// Limits

/**
 * Reads the limits into the store. A failure ('No session found', 'Failed to decode token', a
 * missing claim) is kept for the configuration panel to show; creation then lets the server
 * apply its defaults.
 */
export function* loadLimits() {
  try {
    const limits: VpnConfigLimits | null = yield call(readLimits);
    if (limits) yield put(vpnLimitsLoaded(limits));
    return limits;
  } catch (error) {
    yield put(vpnLimitsFailed(error instanceof Error ? error.message : String(error)));
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// List

/**
 * Loads the visible page (`state.vpns.page`) with its metrics. A page whose token is not known
 * yet is reached by reading the pages before it; past the last page, the last page is shown.
 */
export function* loadVisiblePage() {
  const controller = new AbortController();
  try {
    const http: HttpClient = yield call(vpnHttpClient);
    const { page: wanted, pageTokens }: VpnsState = yield select((s: WithState) => s.vpns);
    let page = Math.max(1, Math.min(wanted, pageTokens.length));
    let token = pageTokens[page - 1] ?? undefined;
    for (;;) {
      const result: ListVpnsResult = yield call(listVpns, http, {
        pageSize: UI_VPN_PAGE_SIZE,
        nextPageToken: token,
        signal: controller.signal,
      });
      yield put(vpnPageTokenFound({ page, nextPageToken: result.nextPageToken }));
      if (page >= wanted || !result.nextPageToken) {
        yield put(
          vpnPageLoaded({
            page,
            items: result.items,
            ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
            totalVpns: result.totalVpns,
            totalPages: result.totalPages,
          }),
        );
        if (result.error) yield put(errorReported(result.error));
        return;
      }
      page += 1;
      token = result.nextPageToken;
    }
  } catch (error) {
    yield put(vpnPageFailed());
    yield* report(error);
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

/** Reloads the visible page every 10 s (spec §4 interval) while the list is on screen. */
export function* pollVisiblePage() {
  yield put(vpnPageReloadRequested());
  for (;;) {
    yield delay(POLL_INTERVAL_S * 1000);
    yield put(vpnPageReloadRequested());
    const items: VpnWithMetrics[] = yield select((s: WithState) => s.vpns.items);
    if (items.some(({ vpn }) => vpn.state === 'Running' || isStateInProgress(vpn.state))) {
      yield* reloadBalance();
    }
  }
}

/** Polls while the list is shown. */
export function* watchListVisibility() {
  for (;;) {
    yield take(vpnListShown.type);
    yield race({ poll: call(pollVisiblePage), hidden: take(vpnListHidden.type) });
  }
}

// ---------------------------------------------------------------------------------------------
// Create

/** The creation request of the configuration panel's values (spec §2), checked (spec §5). */
export function* buildCreateRequest(http: HttpClient, region: string, signal: AbortSignal) {
  let limits: VpnConfigLimits | null = yield select((s: WithState) => s.vpns.limits);
  if (!limits) limits = yield call(loadLimits);
  const { deleteAfter, maxPeanuts }: VpnsState = yield select((s: WithState) => s.vpns);
  const request: CreateVpnRequest = { region, config: { type: WIREGUARD, maxPeanuts } };
  if (limits) {
    const { balance }: { balance: number } = yield call(getBalance, http, { signal });
    const peanuts = effectiveMaxPeanuts(maxPeanuts, balance, limits.maxPeanutsFieldMaxValue);
    const seconds = deleteAfter ?? deleteAfterSlider(limits).default;
    validateMaxPeanuts(peanuts, balance, limits);
    validateDeleteAfter(seconds, limits);
    request.config = { type: WIREGUARD, maxPeanuts: peanuts, deleteAfter: seconds };
  }
  return request;
}

/**
 * The create flow of spec §2 for one region: button loading, row message, POST, the new VPN on
 * top of the list with no metrics, wait for Running, then the VPN refreshed with its metrics.
 */
export function* createVpnFlow(action: ReturnType<typeof vpnCreateRequested>) {
  const { region } = action.payload;
  const controller = new AbortController();
  const { signal } = controller;
  yield put(vpnCreateStarted(region));
  yield put(regionMessageSet({ region, message: PROVISIONING_MESSAGE }));
  try {
    const http: HttpClient = yield call(vpnHttpClient);
    const request: CreateVpnRequest = yield call(buildCreateRequest, http, region, signal);
    const vpnId: string = yield call(requestVpnCreation, http, request, { signal });
    const created: VpnWithMetrics = yield call(getVpn, http, vpnId, { signal });
    yield put(vpnAdded({ vpn: created.vpn }));
    const clock: Clock = yield call(vpnClock);
    const reached: VpnWithMetrics = yield call(
      waitForState,
      (s?: AbortSignal) => getVpn(http, vpnId, { signal: s }),
      'Running',
      { clock, signal },
    );
    yield put(vpnUpdated(reached));
    const fresh: VpnWithMetrics = yield call(getVpn, http, vpnId, { signal });
    yield put(vpnUpdated(fresh));
    if (fresh.vpn.state === 'Running') {
      yield put(regionMessageSet({ region, message: RUNNING_MESSAGE }));
    } else {
      yield put(regionMessageDismissed(region));
    }
    yield* reloadBalance();
  } catch (error) {
    yield put(regionMessageDismissed(region));
    yield* report(error);
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
    yield put(vpnCreateEnded(region));
  }
}

// ---------------------------------------------------------------------------------------------
// Delete

/** Puts each VPN sent on `updates` as a row update. */
function* forwardUpdates(updates: Channel<VpnWithMetrics>) {
  for (;;) {
    const item: VpnWithMetrics = yield take(updates);
    yield put(vpnUpdated(item));
  }
}

/**
 * The delete flow (spec §2 "VPN list" > Delete, §4 "Delete"): request the deletion, update the
 * row to the returned state, wait until Deleted, update the row again.
 */
export function* deleteVpnFlow(action: ReturnType<typeof vpnDeleteRequested>) {
  const vpnId = action.payload;
  const deleting: string[] = yield select((s: WithState) => s.vpns.deletingVpnIds);
  if (deleting.includes(vpnId)) return;
  const controller = new AbortController();
  const updates: Channel<VpnWithMetrics> = yield call(channel);
  const forwarder: Task = yield fork(forwardUpdates, updates);
  yield put(vpnDeleteStarted(vpnId));
  try {
    const http: HttpClient = yield call(vpnHttpClient);
    const clock: Clock = yield call(vpnClock);
    const deleted: VpnWithMetrics = yield call(deleteAndWait, http, vpnId, {
      clock,
      signal: controller.signal,
      onDeleting: (item) => updates.put(item),
    });
    yield cancel(forwarder);
    yield put(vpnUpdated(deleted));
    yield* reloadBalance();
  } catch (error) {
    yield* report(error);
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
    yield cancel(forwarder);
    yield put(vpnDeleteEnded(vpnId));
  }
}

// ---------------------------------------------------------------------------------------------
// Config file and QR code

/** Config: downloads the decoded .conf named after the VPN (spec §2). */
export function* downloadConfigFlow(action: ReturnType<typeof vpnConfigDownloadRequested>) {
  try {
    const http: HttpClient = yield call(vpnHttpClient);
    const file: VpnConfigFile = yield call(getConfig, http, action.payload);
    yield call(saveTextFile, file.fileName, file.text);
  } catch (error) {
    yield* report(error);
  }
}

/**
 * QRCode: opens a window at once (in the click's task, so it is not blocked as a popup), then
 * shows the heading naming the VPN, the scan instruction and the PNG. A blocked window fails with
 * 'Could not open new window' (spec §2, §8).
 */
export function* qrCodeFlow(action: ReturnType<typeof vpnQrCodeRequested>) {
  const vpnId = action.payload;
  const win: Window | null = yield call(openBlankWindow);
  if (!win) {
    yield put(errorReported(new Error(WINDOW_BLOCKED_MESSAGE)));
    return;
  }
  try {
    yield call(renderQrWindow, win, vpnId, { status: 'Loading the QR code...' });
    const http: HttpClient = yield call(vpnHttpClient);
    const qr: VpnQrConfig = yield call(getQrConfig, http, vpnId);
    yield call(renderQrWindow, win, vpnId, { dataUrl: qr.dataUrl });
  } catch (error) {
    win.close();
    yield* report(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Watchers

/** Everything a signed-in user's VPNs need; cancelled on sign-out. */
export function* signedInVpnsSaga() {
  yield takeEvery(vpnCreateRequested.type, createVpnFlow);
  yield takeEvery(vpnDeleteRequested.type, deleteVpnFlow);
  yield takeEvery(vpnConfigDownloadRequested.type, downloadConfigFlow);
  yield takeEvery(vpnQrCodeRequested.type, qrCodeFlow);
  yield takeLatest(
    [vpnPageRequested.type, vpnListRefreshRequested.type, vpnPageReloadRequested.type],
    loadVisiblePage,
  );
  yield takeLatest(vpnLimitsRequested.type, loadLimits);
  yield fork(watchListVisibility);
}

/** Runs {@link signedInVpnsSaga} while signed in, cancelling it (and all its tasks) on sign-out. */
export function* vpnsSaga() {
  for (;;) {
    const signedIn: boolean = yield select(selectIsAuthenticated);
    if (!signedIn) yield take(SIGNED_IN_ACTIONS);
    const task: Task = yield fork(signedInVpnsSaga);
    yield take(SIGNED_OUT_ACTIONS);
    yield cancel(task);
  }
}
