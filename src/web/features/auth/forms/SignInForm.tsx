/** The sign-in form (spec §2 "Sign-in and sign-up", §4 "Sign-in flow"). */
import { Form, Input, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { Rich } from '../../../i18n/rich';
import { authErrorCode, signIn } from '../authThunks';
import { EmailField } from '../formFields';
import {
  AuthFormFrame,
  LinkButton,
  useAuthTexts,
  type AuthFormProps,
  type FormValues,
} from './authForm';

/**
 * Email and password; an unconfirmed account goes to the confirmation form, a challenge to its
 * step.
 */
export function SignInForm(props: AuthFormProps) {
  const dispatch = useAppDispatch();
  const { email, busy, run, goTo, currentEmail } = props;
  const T = useAuthTexts();
  const onFinish = (values: FormValues) => {
    const address = (values.email ?? email).trim();
    return run(
      async () => {
        const outcome = await dispatch(signIn({ email: address, password: values.password ?? '' }));
        if (outcome.kind === 'signedIn') return props.onSignedIn();
        props.onChallenge(address, outcome.challenge);
      },
      (failure) => {
        if (authErrorCode(failure) !== 'UserNotConfirmedException') return false;
        goTo('confirmSignUp', address, T.notices.notConfirmed);
        return true;
      },
    );
  };
  return (
    <AuthFormFrame
      props={props}
      mode="signIn"
      onFinish={onFinish}
      footer={
        <>
          <LinkButton busy={busy} onClick={() => goTo('forgotPassword', currentEmail())}>
            {T.links.forgot}
          </LinkButton>
          <Typography.Text type="secondary">
            <Rich
              text={T.links.noAccount}
              parts={{
                signup: (words) => (
                  <Link to="/signup" state={{ from: props.from }}>
                    {words}
                  </Link>
                ),
              }}
            />
          </Typography.Text>
        </>
      }
    >
      <EmailField autoFocus={!email} />
      <Form.Item
        label={T.fields.password}
        name="password"
        rules={[{ required: true, message: T.fields.enterPassword }]}
      >
        <Input.Password autoComplete="current-password" autoFocus={!!email} />
      </Form.Item>
    </AuthFormFrame>
  );
}
