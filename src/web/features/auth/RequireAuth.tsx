/**
 * Route guard for signed-in pages (spec §2 "Route table"): a loader while the auth status is
 * configuring; a redirect to /login (previous location passed along, history entry replaced)
 * when not signed in.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { PageLoader } from '../../components/PageLoader';
import { selectAuthStatus } from './authSlice';

/** Text of the guard's loader (spec §2). */
export const LOADING_AUTH_TEXT = 'Loading authentication...';

/** Location state set by the redirect to /login: where the visitor wanted to go. */
export interface LoginRedirectState {
  from: Location;
}

/** Renders `children` only for a signed-in user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'configuring') return <PageLoader text={LOADING_AUTH_TEXT} />;
  if (status !== 'authenticated') {
    const state: LoginRedirectState = { from: location };
    return <Navigate to="/login" state={state} replace />;
  }
  return <>{children}</>;
}
