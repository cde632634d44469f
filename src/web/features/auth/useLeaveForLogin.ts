/**
 * Signing out or deleting the account from a protected page: go to /login first, then forget
 * the user. In the other order the page's guard would see the user go and redirect to /login
 * remembering the page as `from`, so the next sign-in would land there.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';

/** Returns `leave(action)`: navigates to /login (committed at once), then dispatches `action`. */
export function useLeaveForLogin(options: { replace?: boolean } = {}) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { replace = false } = options;
  return async (action: UnknownAction) => {
    await navigate('/login', { replace, flushSync: true });
    dispatch(action);
  };
}
