/**
 * Authentication status (spec §4 "Auth status"): configuring at start, then authenticated or
 * unauthenticated. It gates the dashboard and the protected routes.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Where authentication stands. */
export type AuthStatus = 'configuring' | 'authenticated' | 'unauthenticated';

/** The signed-in user's attributes that the UI shows or sends (spec §2, §3). */
export interface AuthUser {
  /** Login name. */
  username?: string;
  /** Subject (user id), the purchase's client_reference_id (spec §2 "Pricing"). */
  sub?: string;
  email?: string;
  phoneNumber?: string;
}

/** The auth slice. */
export interface AuthState {
  status: AuthStatus;
  /** The signed-in user, null unless authenticated. */
  user: AuthUser | null;
}

const initialState: AuthState = { status: 'configuring', user: null };

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** The identity layer found a session for `user`. */
    authenticated: (state, action: PayloadAction<AuthUser>) => {
      state.status = 'authenticated';
      state.user = action.payload;
    },
    /** The identity layer found no valid session (or the user signed out). */
    unauthenticated: (state) => {
      state.status = 'unauthenticated';
      state.user = null;
    },
  },
});

/** Action creators of the auth slice (dispatched by the auth saga). */
export const { authenticated, unauthenticated } = authSlice.actions;
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
