/** The sign-up form (spec §2 "Sign-in and sign-up"): email and a new password. */
import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { Rich } from '../../../i18n/rich';
import { fill } from '../../../i18n/translator';
import { signUp } from '../authThunks';
import { EmailField, NewPasswordFields } from '../formFields';
import {
  AuthFormFrame,
  LinkButton,
  useAuthTexts,
  type AuthFormProps,
  type FormValues,
} from './authForm';

/** Creates the account, then goes to the confirmation form. */
export function SignUpForm(props: AuthFormProps) {
  const dispatch = useAppDispatch();
  const { email, busy, run, goTo, currentEmail } = props;
  const T = useAuthTexts();
  const onFinish = (values: FormValues) => {
    const address = (values.email ?? email).trim();
    return run(async () => {
      const result = await dispatch(signUp({ email: address, password: values.password ?? '' }));
      goTo(
        'confirmSignUp',
        address,
        fill(T.notices.codeSent, { destination: result.destination || address }),
      );
    });
  };
  return (
    <AuthFormFrame
      props={props}
      mode="signUp"
      onFinish={onFinish}
      footer={
        <>
          <Typography.Text type="secondary">
            <Rich
              text={T.links.registered}
              parts={{
                login: (words) => (
                  <Link to="/login" state={{ from: props.from }}>
                    {words}
                  </Link>
                ),
              }}
            />
          </Typography.Text>
          <LinkButton busy={busy} onClick={() => goTo('confirmSignUp', currentEmail())}>
            {T.links.haveCode}
          </LinkButton>
        </>
      }
    >
      <EmailField autoFocus />
      <NewPasswordFields />
    </AuthFormFrame>
  );
}
