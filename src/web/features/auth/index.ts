/** The auth feature's public API: what other features may import (its actions and selectors). */
export {
  accountDeleted,
  authenticated,
  selectAuthStatus,
  selectAuthUser,
  selectIsAuthenticated,
  sessionEnded,
  signOutRequested,
} from './authSlice';
