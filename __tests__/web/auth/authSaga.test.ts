import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { getContext } from 'redux-saga/effects';
import { api } from '../../../src/web/app/api';
import { appStarted } from '../../../src/web/app/appActions';
import { makeStore } from '../../../src/web/app/store';
import { IDENTITY } from '../../../src/web/app/sagaContext';
import { authSaga, resolveAuthStatus, signOut } from '../../../src/web/features/auth/authSaga';
import {
  accountDeleted,
  authenticated,
  authReducer,
  sessionEnded,
  signOutRequested,
  unauthenticated,
  type AuthState,
} from '../../../src/web/features/auth/authSlice';
import { errorReducer, errorReported } from '../../../src/web/features/errors/errorSlice';
import { balanceApi } from '../../../src/web/features/balance/balanceApi';
import { ANN, cognitoError, fakeIdentity, notAuthenticated } from '../fakeIdentity';
import { fakeFetch, jsonResponse, TEST_APP_CONFIG } from '../testUtils';

const reducer = combineReducers({ auth: authReducer, errors: errorReducer });
const signedIn: AuthState = {
  status: 'authenticated',
  user: { username: ANN.username, email: ANN.email, sub: ANN.sub },
};

describe('resolveAuthStatus', () => {
  it('finds the stored session: configuring -> authenticated with the user', () => {
    const identity = fakeIdentity();
    return expectSaga(resolveAuthStatus)
      .withReducer(reducer)
      .provide([
        [getContext(IDENTITY), identity],
        [matchers.call.fn(identity.currentUser), { ...ANN, phone: '+15550100' }],
      ])
      .put(
        authenticated({
          username: ANN.username,
          sub: ANN.sub,
          email: ANN.email,
          phoneNumber: '+15550100',
        }),
      )
      .hasFinalState({
        auth: {
          status: 'authenticated',
          user: {
            username: ANN.username,
            sub: ANN.sub,
            email: ANN.email,
            phoneNumber: '+15550100',
          },
        },
        errors: { message: null },
      })
      .run();
  });

  it("is unauthenticated, quietly, with 'User is not authenticated'", () => {
    const identity = fakeIdentity();
    return expectSaga(resolveAuthStatus)
      .withReducer(reducer)
      .provide([
        [getContext(IDENTITY), identity],
        [matchers.call.fn(identity.currentUser), throwError(notAuthenticated())],
      ])
      .put(unauthenticated())
      .not.put.actionType(errorReported.type)
      .hasFinalState({ auth: { status: 'unauthenticated', user: null }, errors: { message: null } })
      .run();
  });

  it('is unauthenticated, quietly, when the refresh is refused (NotAuthorizedException)', () => {
    const identity = fakeIdentity();
    return expectSaga(resolveAuthStatus)
      .provide([
        [getContext(IDENTITY), identity],
        [
          matchers.call.fn(identity.currentUser),
          throwError(cognitoError('NotAuthorizedException', 'Refresh Token has been revoked')),
        ],
      ])
      .put(unauthenticated())
      .not.put.actionType(errorReported.type)
      .run();
  });

  it('shows other failures (network) and is unauthenticated', () => {
    const identity = fakeIdentity();
    return expectSaga(resolveAuthStatus)
      .withReducer(reducer)
      .provide([
        [getContext(IDENTITY), identity],
        [
          matchers.call.fn(identity.currentUser),
          throwError(cognitoError('NetworkError', 'Network error')),
        ],
      ])
      .put(unauthenticated())
      .hasFinalState({
        auth: { status: 'unauthenticated', user: null },
        errors: { message: 'Network error' },
      })
      .run();
  });

  it('is unauthenticated without an identity client', () =>
    expectSaga(resolveAuthStatus)
      .provide([[getContext(IDENTITY), undefined]])
      .put(unauthenticated())
      .run());
});

describe('signOut', () => {
  it('revokes with the identity client', () => {
    const identity = fakeIdentity(ANN);
    return expectSaga(signOut)
      .provide([[getContext(IDENTITY), identity]])
      .call([identity, identity.signOut])
      .not.put.actionType(errorReported.type)
      .run();
  });

  it('shows a failed revocation', () => {
    const identity = fakeIdentity(ANN);
    return expectSaga(signOut)
      .withReducer(reducer)
      .provide([
        [getContext(IDENTITY), identity],
        [
          matchers.call.fn(identity.signOut),
          throwError(cognitoError('NetworkError', 'Network error')),
        ],
      ])
      .hasFinalState({
        auth: { status: 'configuring', user: null },
        errors: { message: 'Network error' },
      })
      .run();
  });
});

describe('authSaga', () => {
  it('answers appStarted by resolving the auth status', () => {
    const identity = fakeIdentity(ANN);
    return expectSaga(authSaga)
      .withReducer(authReducer)
      .provide([[getContext(IDENTITY), identity]])
      .dispatch(appStarted())
      .hasFinalState(signedIn)
      .silentRun(50);
  });

  it('on sign-out forgets the user at once, revokes and resets the API cache', () => {
    const identity = fakeIdentity(ANN);
    return expectSaga(authSaga)
      .withReducer(authReducer, signedIn)
      .provide([[getContext(IDENTITY), identity]])
      .put(api.util.resetApiState())
      .call([identity, identity.signOut])
      .dispatch(signOutRequested())
      .hasFinalState({ status: 'unauthenticated', user: null })
      .silentRun(50);
  });

  it.each([
    ['the session ends', sessionEnded()],
    ['the account is deleted', accountDeleted()],
  ])('resets the API cache and forgets the user when %s', (_label, action) =>
    expectSaga(authSaga)
      .withReducer(authReducer, signedIn)
      .provide([[getContext(IDENTITY), fakeIdentity()]])
      .put(api.util.resetApiState())
      .dispatch(action)
      .hasFinalState({ status: 'unauthenticated', user: null })
      .silentRun(50),
  );
});

describe('the store with an identity client', () => {
  it('resolves a stored session at start and sends its id token to the API', async () => {
    const identity = fakeIdentity(ANN);
    const fetch = fakeFetch({ 'GET /v1/peanuts': () => jsonResponse({ balance: 10 }) });
    const store = makeStore({ appConfig: TEST_APP_CONFIG }, { fetch, identity, retryDelayMs: 0 });
    store.dispatch(appStarted());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().auth).toEqual(signedIn);

    const result = await store.dispatch(balanceApi.endpoints.getBalance.initiate());
    expect(result.data).toBe(10);
    const init = fetch.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe('id-token');
  });

  it("sends 'Unauthenticated' without a session", async () => {
    const identity = fakeIdentity();
    const fetch = fakeFetch({
      'GET /v1/peanuts': () =>
        jsonResponse({ message: 'User needs to be authenticated to call this API.' }, 401),
    });
    const store = makeStore({ appConfig: TEST_APP_CONFIG }, { fetch, identity, retryDelayMs: 0 });
    await store.dispatch(balanceApi.endpoints.getBalance.initiate());
    const init = fetch.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe('Unauthenticated');
  });

  it('forgets the user when the identity client ends the session (NotAuthorizedException)', async () => {
    const identity = fakeIdentity(ANN);
    const store = makeStore({ appConfig: TEST_APP_CONFIG, auth: signedIn }, { identity });
    identity.endSession();
    expect(store.getState().auth).toEqual({ status: 'unauthenticated', user: null });
  });
});
