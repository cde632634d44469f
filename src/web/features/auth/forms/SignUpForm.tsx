/** The sign-up form (spec §2 "Sign-in and sign-up"): email and a new password. */
import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { signUp } from '../authThunks';
import { EmailField, NewPasswordFields } from '../formFields';
import {
  AuthFormFrame,
  LinkButton,
  NOTICES,
  type AuthFormProps,
  type FormValues,
} from './authForm';

/** Creates the account, then goes to the confirmation form. */
export function SignUpForm(props: AuthFormProps) {
  const dispatch = useAppDispatch();
  const { email, busy, run, goTo, currentEmail } = props;
  const onFinish = (values: FormValues) => {
    const address = (values.email ?? email).trim();
    return run(async () => {
      const result = await dispatch(signUp({ email: address, password: values.password ?? '' }));
      goTo('confirmSignUp', address, NOTICES.codeSent(result.destination || address));
    });
  };
  return (
    <AuthFormFrame
      props={props}
      mode="signUp"
      onFinish={onFinish}
      submit="Create Account"
      footer={
        <>
          <Typography.Text type="secondary">
            Already registered?{' '}
            <Link to="/login" state={{ from: props.from }}>
              Sign in
            </Link>
          </Typography.Text>
          <LinkButton busy={busy} onClick={() => goTo('confirmSignUp', currentEmail())}>
            Have a code? Confirm your account
          </LinkButton>
        </>
      }
    >
      <EmailField autoFocus />
      <NewPasswordFields />
    </AuthFormFrame>
  );
}
