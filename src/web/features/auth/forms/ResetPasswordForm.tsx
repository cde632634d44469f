/** The password reset form (spec §2 "Sign-in and sign-up"): the code and a new password. */
import { useAppDispatch } from '../../../app/hooks';
import { confirmForgotPassword, forgotPassword } from '../authThunks';
import { CodeField, EmailField, NewPasswordFields } from '../formFields';
import {
  AuthFormFrame,
  LinkButton,
  NOTICES,
  type AuthFormProps,
  type FormValues,
} from './authForm';

/** Sets the new password with the emailed code (or sends a new one), then goes to sign-in. */
export function ResetPasswordForm(props: AuthFormProps) {
  const dispatch = useAppDispatch();
  const { email, busy, run, goTo, currentEmail } = props;
  const onFinish = (values: FormValues) => {
    const address = (values.email ?? email).trim();
    return run(async () => {
      await dispatch(
        confirmForgotPassword({
          email: address,
          code: values.code ?? '',
          newPassword: values.newPassword ?? '',
        }),
      );
      goTo('signIn', address, NOTICES.passwordReset);
    });
  };
  const resendCode = () =>
    run(async () => {
      const address = currentEmail();
      if (!address) throw new Error('Please enter your email.');
      const result = await dispatch(forgotPassword({ email: address }));
      props.setNotice(NOTICES.resetCodeSent(result.destination || address));
    });
  return (
    <AuthFormFrame
      props={props}
      mode="resetPassword"
      onFinish={onFinish}
      submit="Reset Password"
      footer={
        <>
          <LinkButton busy={busy} onClick={resendCode}>
            Resend Code
          </LinkButton>
          <LinkButton busy={busy} onClick={() => goTo('signIn', currentEmail())}>
            Back to Sign In
          </LinkButton>
        </>
      }
    >
      <EmailField />
      <CodeField />
      <NewPasswordFields
        name="newPassword"
        label="New Password"
        confirmLabel="Confirm New Password"
      />
    </AuthFormFrame>
  );
}
