/**
 * Account `/account` (from the account menu): the signed-in user's security settings:
 * two-factor authentication, the email and phone number (changed with a code), and the
 * remembered devices. Otherwise a 'Please authenticate' link to /login.
 */
import { Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { selectIsAuthenticated } from '../features/auth/authSlice';
import { ContactCard } from '../features/auth/ContactCard';
import { DevicesCard } from '../features/auth/DevicesCard';
import { TwoFactorCard } from '../features/auth/TwoFactorCard';

/** The account page. */
export default function AccountPage() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  return (
    <>
      <Typography.Title level={2}>Account</Typography.Title>
      {authenticated ? (
        <Flex vertical gap="large">
          <TwoFactorCard />
          <ContactCard />
          <DevicesCard />
        </Flex>
      ) : (
        <Typography.Paragraph>
          <Link to="/login">Please authenticate</Link>
        </Typography.Paragraph>
      )}
    </>
  );
}
