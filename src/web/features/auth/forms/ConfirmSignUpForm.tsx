/** The sign-up confirmation form (spec §2 "Sign-in and sign-up"): the emailed code. */
import { useAppDispatch } from '../../../app/hooks';
import { fill } from '../../../i18n/translator';
import { confirmSignUp, resendConfirmationCode } from '../authThunks';
import { CodeField, EmailField } from '../formFields';
import {
  AuthFormFrame,
  MailedCodeFooter,
  useAuthTexts,
  type AuthFormProps,
  type FormValues,
} from './authForm';

/** Confirms the account with its code (or sends a new one), then goes to sign-in. */
export function ConfirmSignUpForm(props: AuthFormProps) {
  const dispatch = useAppDispatch();
  const { email, run, goTo } = props;
  const T = useAuthTexts();
  const onFinish = (values: FormValues) => {
    const address = (values.email ?? email).trim();
    return run(async () => {
      await dispatch(confirmSignUp({ email: address, code: values.code ?? '' }));
      goTo('signIn', address, T.notices.confirmed);
    });
  };
  return (
    <AuthFormFrame
      props={props}
      mode="confirmSignUp"
      onFinish={onFinish}
      footer={
        <MailedCodeFooter
          props={props}
          sendCode={async (address) => {
            const result = await dispatch(resendConfirmationCode({ email: address }));
            return fill(T.notices.codeSent, { destination: result.destination || address });
          }}
        />
      }
    >
      <EmailField />
      <CodeField />
    </AuthFormFrame>
  );
}
