/**
 * The Redux store: slices, RTK Query, redux-saga and the global error middleware.
 */
import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { IdentityClient } from '../../sdk/identity';
import type { Clock } from '../../sdk/waitForState';
import { authReducer, sessionEnded } from '../features/auth/authSlice';
import { rejectedErrorMiddleware } from '../features/errors/errorMiddleware';
import { errorReducer } from '../features/errors/errorSlice';
import { preferencesReducer } from '../features/preferences/preferencesSlice';
import { regionMessagesReducer } from '../features/regions/regionMessagesSlice';
import { usageReducer } from '../features/vpns/usageSlice';
import { vpnsReducer } from '../features/vpns/vpnsSlice';
import { api, createApiExtra, type HttpClientSettings } from './api';
import { appConfigReducer } from './appConfigSlice';
import { rootSaga } from './rootSaga';
import { API_EXTRA, IDENTITY, VPN_CLOCK } from './sagaContext';

/** The root reducer (tests replay recorded actions through it). */
export const rootReducer = combineReducers({
  appConfig: appConfigReducer,
  auth: authReducer,
  errors: errorReducer,
  preferences: preferencesReducer,
  regionMessages: regionMessagesReducer,
  vpns: vpnsReducer,
  usage: usageReducer,
  [api.reducerPath]: api.reducer,
});

/** The whole state tree. */
export type RootState = ReturnType<typeof rootReducer>;

/** Options of {@link makeStore}: the SDK HttpClient's settings and the identity client. */
export type StoreOptions = HttpClientSettings & {
  /**
   * The identity client (spec §4). API calls send its id token (unless `getIdToken` is given);
   * sagas and thunks sign in and out with it. Without one, every visitor is anonymous.
   */
  identity?: IdentityClient;
  /** Clock of the VPN workflows' waits and list reload (default the real one; tests make 10 s short). */
  vpnClock?: Clock;
  /** Middleware added last (tests record the actions with one). */
  middleware?: Middleware[];
};

/**
 * Makes the store, optionally from a (partial) preloaded state such as `{ appConfig }`, and
 * starts the root saga. `options` configure the SDK HttpClient (tests pass a fake `fetch`) and
 * give the identity client.
 */
export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const { identity, vpnClock, middleware = [], ...settings } = options;
  const extra = {
    ...createApiExtra({
      getIdToken: identity ? () => identity.getIdToken() : undefined,
      ...settings,
    }),
    identity,
  };
  const sagaMiddleware = createSagaMiddleware({
    context: { [API_EXTRA]: extra, [IDENTITY]: identity, [VPN_CLOCK]: vpnClock },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        // Development-only checks; their 32 ms slowness warning fired on loaded test machines.
        serializableCheck: { warnAfter: 256 },
        immutableCheck: { warnAfter: 256 },
      }).concat(api.middleware, rejectedErrorMiddleware, sagaMiddleware, ...middleware),
    // Redux DevTools (time-travel) in development builds only (`npm run dev`).
    devTools: process.env.NODE_ENV === 'development' && { name: 'Peanut VPN' },
  });
  sagaMiddleware.run(rootSaga);
  // A refresh refused with NotAuthorizedException cleared the cached user: forget it here too.
  identity?.onSessionEnded(() => store.dispatch(sessionEnded()));
  return store;
}

/** The store type made by {@link makeStore}. */
export type AppStore = ReturnType<typeof makeStore>;
/** The store's dispatch (thunks included). */
export type AppDispatch = AppStore['dispatch'];
