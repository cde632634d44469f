/** The forgotten-password form (spec §2 "Sign-in and sign-up"): sends a reset code. */
import { useAppDispatch } from '../../../app/hooks';
import { forgotPassword } from '../authThunks';
import { EmailField } from '../formFields';
import {
  AuthFormFrame,
  LinkButton,
  NOTICES,
  type AuthFormProps,
  type FormValues,
} from './authForm';

/** Sends a reset code to the email, then goes to the reset form. */
export function ForgotPasswordForm(props: AuthFormProps) {
  const dispatch = useAppDispatch();
  const { email, busy, run, goTo, currentEmail } = props;
  const onFinish = (values: FormValues) => {
    const address = (values.email ?? email).trim();
    return run(async () => {
      const result = await dispatch(forgotPassword({ email: address }));
      goTo('resetPassword', address, NOTICES.resetCodeSent(result.destination || address));
    });
  };
  return (
    <AuthFormFrame
      props={props}
      mode="forgotPassword"
      onFinish={onFinish}
      submit="Send Code"
      footer={
        <LinkButton busy={busy} onClick={() => goTo('signIn', currentEmail())}>
          Back to Sign In
        </LinkButton>
      }
    >
      <EmailField autoFocus />
    </AuthFormFrame>
  );
}
