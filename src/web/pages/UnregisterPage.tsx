/**
 * Delete account `/unregister` (spec §2 "Other screens"): heading Unregister and the warning;
 * signed in, a delete-account button asking for confirmation; on success an alert that the user
 * has been deregistered and the account deleted (contact us with questions), then signed out on
 * /login. Otherwise a 'Please authenticate' link.
 */
import { useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { useFeedback } from '../app/feedback';
import { DeleteOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { accountDeleted, selectIsAuthenticated } from '../features/auth/authSlice';
import { authErrorMessage, deleteAccount } from '../features/auth/authThunks';
import { useLeaveForLogin } from '../features/auth/useLeaveForLogin';
import { useMessageText, useTexts } from '../i18n/context';
import { PAGES_TEXT } from './pagesText';

/** The warning shown above the delete-account control (spec §2, verbatim; namespace `pages`). */
export const UNREGISTER_WARNING = PAGES_TEXT.unregister.warning;

/** Title of the alert after deletion (English). */
export const DEREGISTERED_TITLE = PAGES_TEXT.unregister.deregisteredTitle;
/** Text of the alert after deletion (English). */
export const DEREGISTERED_TEXT = PAGES_TEXT.unregister.deregisteredText;

/** The delete-account button with its confirmation dialog. */
export function DeleteAccountControl() {
  const dispatch = useAppDispatch();
  const leaveForLogin = useLeaveForLogin({ replace: true });
  const { modal } = useFeedback();
  const [error, setError] = useState<string | null>(null);
  const T = useTexts('pages', PAGES_TEXT).unregister;
  const messageText = useMessageText();

  const remove = async () => {
    setError(null);
    try {
      await dispatch(deleteAccount());
    } catch (failure) {
      setError(authErrorMessage(failure));
      return;
    }
    void modal.success({
      title: T.deregisteredTitle,
      // Rendered by antd's App, outside the router: a plain link.
      content: (
        <>
          {T.deregisteredText} <a href="/contactus">{T.contactUs}</a>
        </>
      ),
    });
    await leaveForLogin(accountDeleted());
  };

  const confirm = () =>
    modal.confirm({
      title: T.confirmTitle,
      content: T.warning,
      okText: T.confirmOk,
      okButtonProps: { danger: true },
      cancelText: T.cancel,
      onOk: remove,
    });

  return (
    <>
      {error && (
        <Alert type="error" showIcon title={messageText(error)} style={{ marginBottom: 16 }} />
      )}
      <Button danger type="primary" icon={<DeleteOutlined />} onClick={confirm}>
        {T.button}
      </Button>
    </>
  );
}

/** The unregister page. */
export default function UnregisterPage() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const T = useTexts('pages', PAGES_TEXT).unregister;
  return (
    <>
      <Typography.Title level={1}>{T.title}</Typography.Title>
      <Alert type="warning" showIcon title={T.warning} style={{ marginBottom: 16 }} />
      {authenticated ? (
        <DeleteAccountControl />
      ) : (
        <Typography.Paragraph>
          <Link to="/login">{T.authenticate}</Link>
        </Typography.Paragraph>
      )}
    </>
  );
}
