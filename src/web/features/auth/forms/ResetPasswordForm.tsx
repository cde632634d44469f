/** The password reset form (spec §2 "Sign-in and sign-up"): the code and a new password. */
import { useAppDispatch } from '../../../app/hooks';
import { fill } from '../../../i18n/translator';
import { confirmForgotPassword, forgotPassword } from '../authThunks';
import { CodeField, EmailField, NewPasswordFields } from '../formFields';
import {
  AuthFormFrame,
  MailedCodeFooter,
  useAuthTexts,
  type AuthFormProps,
  type FormValues,
} from './authForm';

/** Sets the new password with the emailed code (or sends a new one), then goes to sign-in. */
export function ResetPasswordForm(props: AuthFormProps) {
  const dispatch = useAppDispatch();
  const { email, run, goTo } = props;
  const T = useAuthTexts();
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
      goTo('signIn', address, T.notices.passwordReset);
    });
  };
  return (
    <AuthFormFrame
      props={props}
      mode="resetPassword"
      onFinish={onFinish}
      footer={
        <MailedCodeFooter
          props={props}
          sendCode={async (address) => {
            const result = await dispatch(forgotPassword({ email: address }));
            return fill(T.notices.resetCodeSent, { destination: result.destination || address });
          }}
        />
      }
    >
      <EmailField />
      <CodeField />
      <NewPasswordFields
        name="newPassword"
        label={T.fields.newPassword}
        confirmLabel={T.fields.confirmNewPassword}
      />
    </AuthFormFrame>
  );
}
