/**
 * Sign-in `/login` and sign-up `/signup` (spec §2): the authenticator, opening in the route's
 * mode. Each navigation (e.g. from sign-up to sign-in after confirming) starts it afresh.
 * A user already signed in when the page opens goes to `/`, except on the way out
 * (sign-out or account deletion navigate here before they forget the user: useLeaveForLogin).
 */
import { useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { Authenticator, type AuthRouteMode } from '../features/auth/Authenticator';
import { selectAuthStatus, type AuthStatus } from '../features/auth/authSlice';
import { isLeavingForLogin } from '../features/auth/useLeaveForLogin';

/** Which form the authenticator opens with (its initial state). */
export type AuthMode = AuthRouteMode;

/** Props of {@link AuthPage}. */
export interface AuthPageProps {
  mode: AuthMode;
}

/** The authenticator page in sign-in or sign-up mode. */
export default function AuthPage({ mode }: AuthPageProps) {
  const location = useLocation();
  const status = useAppSelector(selectAuthStatus);
  // The first settled status this page saw: a sign-in made here must not be overtaken.
  const opened = useRef<AuthStatus | null>(null);
  if (opened.current === null && status !== 'configuring') opened.current = status;
  if (opened.current === 'authenticated' && !isLeavingForLogin(location.state)) {
    return <Navigate to="/" replace />;
  }
  return <Authenticator key={location.key} initialMode={mode} />;
}
