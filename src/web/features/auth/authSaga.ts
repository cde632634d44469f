/**
 * Resolves the auth status when the app starts. Identity (sign-in, sessions) comes in a later
 * issue, whose saga replaces {@link resolveAuthStatus}; until then every visitor is anonymous.
 */
import { put, takeLatest } from 'redux-saga/effects';
import { appStarted } from '../../app/appActions';
import { unauthenticated } from './authSlice';

/** Decides the auth status at start: for now always unauthenticated. */
export function* resolveAuthStatus() {
  yield put(unauthenticated());
}

/** Watches app start and resolves the auth status. */
export function* authSaga() {
  yield takeLatest(appStarted.type, resolveAuthStatus);
}
