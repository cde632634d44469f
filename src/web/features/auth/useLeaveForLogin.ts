/**
 * Signing out or deleting the account from a protected page: go to /login first, then forget
 * the user. In the other order the page's guard would see the user go and redirect to /login
 * remembering the page as `from`, so the next sign-in would land there. The navigation's state
 * says so, so that /login does not send the (still signed-in) user on to `/`.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';

/** The state of the navigation to /login on the way out. */
const LEAVING = { leaving: true } as const;

/** True when a location's `state` is that of {@link useLeaveForLogin}'s navigation. */
export function isLeavingForLogin(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'leaving' in state && state.leaving === true
  );
}

/** Returns `leave(action)`: navigates to /login (committed at once), then dispatches `action`. */
export function useLeaveForLogin(options: { replace?: boolean } = {}) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { replace = false } = options;
  return async (action: UnknownAction) => {
    await navigate('/login', { replace, flushSync: true, state: LEAVING });
    dispatch(action);
  };
}
