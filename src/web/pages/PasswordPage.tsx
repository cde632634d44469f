/**
 * Change password `/password` (spec §2 "Other screens"): signed in, a form with the current
 * password and the new one twice; on success the alert 'Password is successfully changed!' and
 * back to /. Otherwise a 'Please authenticate' link to /login.
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useFeedback } from '../app/feedback';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectIsAuthenticated } from '../features/auth/authSlice';
import { authErrorMessage, changePassword } from '../features/auth/authThunks';
import { NewPasswordFields } from '../features/auth/formFields';

/** The alert after a successful change (spec §2, verbatim). */
export const PASSWORD_CHANGED_MESSAGE = 'Password is successfully changed!';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
}

/** The change-password form. */
export function ChangePasswordForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async ({ oldPassword, newPassword }: PasswordValues) => {
    setBusy(true);
    setError(null);
    try {
      await dispatch(changePassword({ oldPassword, newPassword }));
      void message.success(PASSWORD_CHANGED_MESSAGE);
      navigate('/');
    } catch (failure) {
      setError(authErrorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Card style={{ maxWidth: 440 }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<PasswordValues>
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={busy}
        aria-label="Password Change"
      >
        <Form.Item
          label="Current Password"
          name="oldPassword"
          rules={[{ required: true, message: 'Please enter your current password.' }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          label="New Password"
          confirmLabel="Confirm New Password"
        />
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={busy}>
            Change Password
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** The change-password page. */
export default function PasswordPage() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  return (
    <>
      <Typography.Title level={2}>Password Change</Typography.Title>
      {authenticated ? (
        <ChangePasswordForm />
      ) : (
        <Typography.Paragraph>
          <Link to="/login">Please authenticate</Link>
        </Typography.Paragraph>
      )}
    </>
  );
}
