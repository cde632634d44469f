/**
 * Account `/account` (issue 14, from the account menu): the signed-in user's security settings,
 * starting with two-factor authentication. Otherwise a 'Please authenticate' link to /login.
 */
import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { selectIsAuthenticated } from '../features/auth/authSlice';
import { TwoFactorCard } from '../features/auth/TwoFactorCard';

/** The account page. */
export default function AccountPage() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  return (
    <>
      <Typography.Title level={2}>Account</Typography.Title>
      {authenticated ? (
        <TwoFactorCard />
      ) : (
        <Typography.Paragraph>
          <Link to="/login">Please authenticate</Link>
        </Typography.Paragraph>
      )}
    </>
  );
}
