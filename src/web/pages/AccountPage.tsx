/**
 * Account `/account` (from the account menu): the signed-in user's security settings:
 * two-factor authentication, the email and phone number (changed with a code), the
 * remembered devices, and the email notices. Otherwise a 'Please authenticate' link to /login.
 */
import { Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { selectIsAuthenticated } from '../features/auth/authSlice';
import { ContactCard } from '../features/auth/ContactCard';
import { DevicesCard } from '../features/auth/DevicesCard';
import { TwoFactorCard } from '../features/auth/TwoFactorCard';
import { NoticesCard } from '../features/notices';
import { PreferencesCard } from '../features/preferences/PreferencesCard';
import { ACCOUNT_TEXT } from '../features/auth/accountText';
import { useTexts } from '../i18n/context';

/** The account page. */
export default function AccountPage() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const T = useTexts('account', ACCOUNT_TEXT).page;
  return (
    <>
      <Typography.Title level={1}>{T.title}</Typography.Title>
      {authenticated ? (
        <Flex vertical gap="large">
          <PreferencesCard />
          <TwoFactorCard />
          <ContactCard />
          <DevicesCard />
          <NoticesCard />
        </Flex>
      ) : (
        <Typography.Paragraph>
          <Link to="/login">{T.authenticate}</Link>
        </Typography.Paragraph>
      )}
    </>
  );
}
