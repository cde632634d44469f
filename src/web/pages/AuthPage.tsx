/**
 * Sign-in `/login` and sign-up `/signup` (spec §2): the authenticator, opening in the route's
 * mode. Each navigation (e.g. from sign-up to sign-in after confirming) starts it afresh.
 */
import { useLocation } from 'react-router-dom';
import { Authenticator, type AuthRouteMode } from '../features/auth/Authenticator';

/** Which form the authenticator opens with (its initial state). */
export type AuthMode = AuthRouteMode;

/** Props of {@link AuthPage}. */
export interface AuthPageProps {
  mode: AuthMode;
}

/** The authenticator page in sign-in or sign-up mode. */
export default function AuthPage({ mode }: AuthPageProps) {
  const location = useLocation();
  return <Authenticator key={location.key} initialMode={mode} />;
}
