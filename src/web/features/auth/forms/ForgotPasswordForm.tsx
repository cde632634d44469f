/** The forgotten-password form (spec §2 "Sign-in and sign-up"): sends a reset code. */
import { useAppDispatch } from '../../../app/hooks';
import { fill } from '../../../i18n/translator';
import { forgotPassword } from '../authThunks';
import { EmailField } from '../formFields';
import {
  AuthFormFrame,
  LinkButton,
  useAuthTexts,
  type AuthFormProps,
  type FormValues,
} from './authForm';

/** Sends a reset code to the email, then goes to the reset form. */
export function ForgotPasswordForm(props: AuthFormProps) {
  const dispatch = useAppDispatch();
  const { email, busy, run, goTo, currentEmail } = props;
  const T = useAuthTexts();
  const onFinish = (values: FormValues) => {
    const address = (values.email ?? email).trim();
    return run(async () => {
      const result = await dispatch(forgotPassword({ email: address }));
      goTo(
        'resetPassword',
        address,
        fill(T.notices.resetCodeSent, { destination: result.destination || address }),
      );
    });
  };
  return (
    <AuthFormFrame
      props={props}
      mode="forgotPassword"
      onFinish={onFinish}
      footer={
        <LinkButton busy={busy} onClick={() => goTo('signIn', currentEmail())}>
          {T.links.back}
        </LinkButton>
      }
    >
      <EmailField autoFocus />
    </AuthFormFrame>
  );
}
