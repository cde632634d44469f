/**
 * The VPN workflows' watcher (spec §2 "Create flow", "VPN list", §4): while signed in,
 * `signedInVpnsSaga` runs one task per create (by region) and per delete (by vpnId), the config
 * and QR actions, the page loads and the 10 s reload; signing out (or losing the session, or
 * deleting the account) cancels it and with it every task (their HTTP calls and sleeps are
 * aborted). The workflows live in `sagas/`: `listSaga.ts`, `createSaga.ts`, `deleteSaga.ts`,
 * `filesSaga.ts`, and the wait they share in `waitSaga.ts`.
 */
import type { Task } from 'redux-saga';
import { cancel, fork, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  accountDeleted,
  authenticated,
  selectIsAuthenticated,
  sessionEnded,
  signOutRequested,
} from '../auth';
import { createVpnFlow, loadLimits } from './sagas/createSaga';
import { deleteVpnFlow } from './sagas/deleteSaga';
import { downloadConfigFlow, qrCodeFlow } from './sagas/filesSaga';
import { loadVisiblePage, watchListVisibility } from './sagas/listSaga';
import {
  vpnConfigDownloadRequested,
  vpnCreateRequested,
  vpnDeleteRequested,
  vpnLimitsRequested,
  vpnListRefreshRequested,
  vpnPageReloadRequested,
  vpnPageRequested,
  vpnQrCodeRequested,
} from './vpnsSlice';

/** Actions that end the signed-in session: they cancel every VPN task. */
export const SIGNED_OUT_ACTIONS = [signOutRequested.type, sessionEnded.type, accountDeleted.type];
/** The action that starts a signed-in session (a stored session found, or a sign-in). */
export const SIGNED_IN_ACTION = authenticated.type;

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
    if (!signedIn) yield take(SIGNED_IN_ACTION);
    const task: Task = yield fork(signedInVpnsSaga);
    yield take(SIGNED_OUT_ACTIONS);
    yield cancel(task);
  }
}
