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

/** The warning shown above the delete-account control (spec §2, verbatim). */
export const UNREGISTER_WARNING =
  'This will delete your account! There is no way to rollback. Please double check this is what you want to do.';

/** Title of the alert after deletion. */
export const DEREGISTERED_TITLE = 'You have been deregistered';
/** Text of the alert after deletion. */
export const DEREGISTERED_TEXT =
  'Your account has been deleted. If you have any questions, please contact us.';

/** The delete-account button with its confirmation dialog. */
export function DeleteAccountControl() {
  const dispatch = useAppDispatch();
  const leaveForLogin = useLeaveForLogin({ replace: true });
  const { modal } = useFeedback();
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setError(null);
    try {
      await dispatch(deleteAccount());
    } catch (failure) {
      setError(authErrorMessage(failure));
      return;
    }
    void modal.success({
      title: DEREGISTERED_TITLE,
      // Rendered by antd's App, outside the router: a plain link.
      content: (
        <>
          {DEREGISTERED_TEXT} <a href="/contactus">Contact us</a>
        </>
      ),
    });
    await leaveForLogin(accountDeleted());
  };

  const confirm = () =>
    modal.confirm({
      title: 'Delete your account?',
      content: UNREGISTER_WARNING,
      okText: 'Delete My Account',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: remove,
    });

  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Button danger type="primary" icon={<DeleteOutlined />} onClick={confirm}>
        Delete Your Account
      </Button>
    </>
  );
}

/** The unregister page. */
export default function UnregisterPage() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  return (
    <>
      <Typography.Title level={2}>Unregister</Typography.Title>
      <Alert type="warning" showIcon title={UNREGISTER_WARNING} style={{ marginBottom: 16 }} />
      {authenticated ? (
        <DeleteAccountControl />
      ) : (
        <Typography.Paragraph>
          <Link to="/login">Please authenticate</Link>
        </Typography.Paragraph>
      )}
    </>
  );
}
