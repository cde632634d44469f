/**
 * Sign-in `/login` and sign-up `/signup` (spec §2). The authenticator widget comes with identity;
 * until then the page says so.
 */
import { Card, Typography } from 'antd';
import { Link } from 'react-router-dom';

/** Which form the authenticator opens with (its initial state). */
export type AuthMode = 'signIn' | 'signUp';

/** Props of {@link AuthPage}. */
export interface AuthPageProps {
  mode: AuthMode;
}

/** The authenticator page in sign-in or sign-up mode. */
export default function AuthPage({ mode }: AuthPageProps) {
  const signIn = mode === 'signIn';
  return (
    <Card style={{ maxWidth: 480, margin: '0 auto' }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {signIn ? 'Sign In' : 'Sign Up'}
      </Typography.Title>
      <Typography.Paragraph>
        The authenticator comes with identity, in a coming release: signing in and signing up are
        not available yet.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {signIn ? (
          <>
            No account yet? <Link to="/signup">Sign up</Link>.
          </>
        ) : (
          <>
            Already registered? <Link to="/login">Sign in</Link>.
          </>
        )}
      </Typography.Paragraph>
    </Card>
  );
}
