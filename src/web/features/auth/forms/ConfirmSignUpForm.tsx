/** The sign-up confirmation form (spec §2 "Sign-in and sign-up"): the emailed code. */
import { useAppDispatch } from '../../../app/hooks';
import { confirmSignUp, resendConfirmationCode } from '../authThunks';
import { CodeField, EmailField } from '../formFields';
import {
  AuthFormFrame,
  LinkButton,
  NOTICES,
  type AuthFormProps,
  type FormValues,
} from './authForm';

/** Confirms the account with its code (or sends a new one), then goes to sign-in. */
export function ConfirmSignUpForm(props: AuthFormProps) {
  const dispatch = useAppDispatch();
  const { email, busy, run, goTo, currentEmail } = props;
  const onFinish = (values: FormValues) => {
    const address = (values.email ?? email).trim();
    return run(async () => {
      await dispatch(confirmSignUp({ email: address, code: values.code ?? '' }));
      goTo('signIn', address, NOTICES.confirmed);
    });
  };
  const resendCode = () =>
    run(async () => {
      const address = currentEmail();
      if (!address) throw new Error('Please enter your email.');
      const result = await dispatch(resendConfirmationCode({ email: address }));
      props.setNotice(NOTICES.codeSent(result.destination || address));
    });
  return (
    <AuthFormFrame
      props={props}
      mode="confirmSignUp"
      onFinish={onFinish}
      submit="Confirm"
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
    </AuthFormFrame>
  );
}
