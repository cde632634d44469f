/**
 * The root saga: starts every feature's watcher. Sagas are for workflows only
 * (docs/architecture.md); plain data fetching is RTK Query.
 */
import { all, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/authSaga';
import { preferencesSaga } from '../features/preferences/preferencesSaga';
import { vpnsSaga } from '../features/vpns/vpnsSaga';

/** Runs all feature sagas. */
export function* rootSaga() {
  yield all([fork(authSaga), fork(preferencesSaga), fork(vpnsSaga)]);
}
