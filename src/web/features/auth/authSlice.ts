/**
 * Authentication status (spec §4 "Auth status"): configuring at start, then authenticated or
 * unauthenticated. It gates the dashboard and the protected routes.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from './authUser';

export type { AuthUser } from './authUser';

/** Where authentication stands. */
export type AuthStatus = 'configuring' | 'authenticated' | 'unauthenticated';

/** The auth slice. */
export interface AuthState {
  status: AuthStatus;
  /** The signed-in user, null unless authenticated. */
  user: AuthUser | null;
}

const initialState: AuthState = { status: 'configuring', user: null };

/**
 * The user asked to sign out (account menu Logout). The store forgets the user at once; the
 * auth saga revokes the refresh token and resets the API cache.
 */
export const signOutRequested = createAction('auth/signOutRequested');
/**
 * The session ended without a sign-out: its refresh was refused with NotAuthorizedException
 * (spec §4), so the identity layer cleared the cached user.
 */
export const sessionEnded = createAction('auth/sessionEnded');
/** The account was deleted (the identity layer has forgotten the session). */
export const accountDeleted = createAction('auth/accountDeleted');

const toUnauthenticated = (state: AuthState) => {
  state.status = 'unauthenticated';
  state.user = null;
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** The identity layer found a session for `user`, or the user signed in. */
    authenticated: (state, action: PayloadAction<AuthUser>) => {
      state.status = 'authenticated';
      state.user = action.payload;
    },
    /** The signed-in user's attributes changed (a verified new email or phone number). */
    userUpdated: (state, action: PayloadAction<AuthUser>) => {
      if (state.status === 'authenticated') state.user = action.payload;
    },
    /** The identity layer found no valid session. */
    unauthenticated: toUnauthenticated,
  },
  extraReducers: (builder) => {
    builder
      .addCase(signOutRequested, toUnauthenticated)
      .addCase(sessionEnded, toUnauthenticated)
      .addCase(accountDeleted, toUnauthenticated);
  },
});

/** Action creators of the auth slice (dispatched by the auth saga). */
export const { authenticated, unauthenticated, userUpdated } = authSlice.actions;
/** Reducer of the auth slice. */
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };

/** Current auth status. */
export const selectAuthStatus = (state: WithAuth): AuthStatus => state.auth.status;
/** True once a session is established. */
export const selectIsAuthenticated = (state: WithAuth): boolean =>
  state.auth.status === 'authenticated';
/** The signed-in user, or null. */
export const selectAuthUser = (state: WithAuth): AuthUser | null => state.auth.user;
