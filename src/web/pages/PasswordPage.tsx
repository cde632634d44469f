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
import { AUTH_TEXT } from '../features/auth/authText';
import { NewPasswordFields } from '../features/auth/formFields';
import { useAuthTexts } from '../features/auth/forms/authForm';
import { useMessageText } from '../i18n/context';

/** The alert after a successful change (spec §2, verbatim; translated as `auth` texts). */
export const PASSWORD_CHANGED_MESSAGE = AUTH_TEXT.passwordPage.changed;

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
  const texts = useAuthTexts();
  const T = texts.passwordPage;
  const messageText = useMessageText();

  const onFinish = async ({ oldPassword, newPassword }: PasswordValues) => {
    setBusy(true);
    setError(null);
    try {
      await dispatch(changePassword({ oldPassword, newPassword }));
      void message.success(T.changed);
      navigate('/');
    } catch (failure) {
      setError(authErrorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Card style={{ maxWidth: 440 }}>
      {error && (
        <Alert type="error" showIcon title={messageText(error)} style={{ marginBottom: 16 }} />
      )}
      <Form<PasswordValues>
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={busy}
        aria-label={T.title}
      >
        <Form.Item
          label={T.current}
          name="oldPassword"
          rules={[{ required: true, message: T.enterCurrent }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          label={texts.fields.newPassword}
          confirmLabel={texts.fields.confirmNewPassword}
        />
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {T.change}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** The change-password page. */
export default function PasswordPage() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const T = useAuthTexts().passwordPage;
  return (
    <>
      <Typography.Title level={1}>{T.title}</Typography.Title>
      {authenticated ? (
        <ChangePasswordForm />
      ) : (
        <Typography.Paragraph>
          <Link to="/login">{T.authenticate}</Link>
        </Typography.Paragraph>
      )}
    </>
  );
}
