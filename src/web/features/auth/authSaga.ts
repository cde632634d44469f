/**
 * Authentication workflows (spec §4):
 * - on appStarted, the status goes from configuring to authenticated (with the stored session's
 *   user) or unauthenticated;
 * - on sign-out, the refresh token is revoked and the API cache reset;
 * - when the session ends (refresh refused with NotAuthorizedException) or the account is
 *   deleted, the API cache is reset (the auth slice has already forgotten the user).
 */
import { call, getContext, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { IdentityClient, IdentityUser } from '../../../sdk/identity';
import { NOT_AUTHENTICATED, NOT_AUTHORIZED } from '../../../sdk/identityErrors';
import { api } from '../../app/api';
import { appStarted } from '../../app/appActions';
import { IDENTITY } from '../../app/sagaContext';
import { errorReported } from '../errors';
import {
  accountDeleted,
  authenticated,
  sessionEnded,
  signOutRequested,
  unauthenticated,
} from './authSlice';
import { toAuthUser } from './authUser';

/** Codes meaning "nobody is signed in", which are not errors to show. */
const NO_SESSION_CODES = [NOT_AUTHENTICATED, NOT_AUTHORIZED];

/** Checks the stored session: authenticated with its user, else unauthenticated. */
export function* resolveAuthStatus() {
  const identity: IdentityClient | undefined = yield getContext(IDENTITY);
  if (!identity) {
    yield put(unauthenticated());
    return;
  }
  try {
    const user: IdentityUser = yield call([identity, identity.currentUser]);
    yield put(authenticated(toAuthUser(user)));
  } catch (error) {
    // No session is the usual answer; anything else (network...) is shown too.
    if (!NO_SESSION_CODES.includes((error as { code?: string }).code ?? '')) {
      yield put(errorReported(error));
    }
    yield put(unauthenticated());
  }
}

/** Signs out with the identity client (revoking the refresh token); failures are shown. */
export function* signOut() {
  const identity: IdentityClient | undefined = yield getContext(IDENTITY);
  if (!identity) return;
  try {
    yield call([identity, identity.signOut]);
  } catch (error) {
    // The local session is gone anyway; the revocation failed.
    yield put(errorReported(error));
  }
}

/** Forgets the signed-in user's cached API data. */
export function* resetApiCache() {
  yield put(api.util.resetApiState());
}

/** Watches app start, sign-out, session end and account deletion. */
export function* authSaga() {
  yield takeLatest(appStarted.type, resolveAuthStatus);
  yield takeLeading(signOutRequested.type, signOut);
  yield takeEvery([signOutRequested.type, sessionEnded.type, accountDeleted.type], resetApiCache);
}
