/**
 * Our authenticator (spec §2 "Sign-in and sign-up", §4 "Sign-in flow"): antd forms for signing
 * in, signing up (email required), confirming a sign-up with the emailed code (and resending
 * it), and resetting a forgotten password (send a code, then code and new password). The
 * initial mode comes from the route (/login, /signup); errors show inline with Cognito's
 * message. A challenge after the password (MFA code, factor choice, new password, MFA set-up)
 * is a step of its own ({@link ChallengeStep}). After signing in, the user goes back to
 * `location.state.from`, else to /.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { Link, useLocation, useNavigate, type Location } from 'react-router-dom';
import type { IdentityChallenge } from '../../../sdk/identity';
import { useAppDispatch } from '../../app/hooks';
import {
  authErrorCode,
  authErrorMessage,
  confirmForgotPassword,
  confirmSignUp,
  forgotPassword,
  resendConfirmationCode,
  signIn,
  signUp,
} from './authThunks';
import { ChallengeStep, CHALLENGE_TITLES } from './ChallengeStep';
import { CodeField, EmailField, NewPasswordFields } from './formFields';

/** The authenticator's forms. */
export type AuthenticatorMode =
  'signIn' | 'signUp' | 'confirmSignUp' | 'forgotPassword' | 'resetPassword';

/** The modes a route opens with (its initial state). */
export type AuthRouteMode = Extract<AuthenticatorMode, 'signIn' | 'signUp'>;

/** Route of each mode that has one. */
export const AUTH_ROUTES: Record<AuthRouteMode, string> = { signIn: '/login', signUp: '/signup' };

/** Title of each mode. */
export const MODE_TITLES: Record<AuthenticatorMode, string> = {
  signIn: 'Sign In',
  signUp: 'Sign Up',
  confirmSignUp: 'Confirm Sign Up',
  forgotPassword: 'Reset Password',
  resetPassword: 'Reset Password',
};

/** Location state the authenticator reads: where to go after sign-in, an email, a notice. */
export interface AuthLocationState {
  /** Set by the route guard: the page the visitor wanted (spec §2). */
  from?: Location;
  /** Prefills the email. */
  email?: string;
  /** A success or info message shown above the form. */
  notice?: string;
}

/** Notices shown after a step succeeds. */
export const NOTICES = {
  codeSent: (destination: string) => `We emailed a confirmation code to ${destination}.`,
  notConfirmed:
    'Your account is not confirmed yet: enter the code we emailed you, or send a new one.',
  confirmed: 'Your account is confirmed. Sign in with your password.',
  resetCodeSent: (destination: string) => `We emailed a password reset code to ${destination}.`,
  passwordReset: 'Your password is reset. Sign in with your new password.',
} as const;

/** Where to go after signing in: `from` unless it is an authentication page, else /. */
function afterSignIn(from: Location | undefined): string {
  if (!from || from.pathname === '/login' || from.pathname === '/signup') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

interface FormValues {
  email?: string;
  password?: string;
  code?: string;
  newPassword?: string;
}

/** Props of {@link Authenticator}. */
export interface AuthenticatorProps {
  /** The form it opens with (from the route). */
  initialMode: AuthRouteMode;
}

/**
 * The authenticator. Switching between sign-in and sign-up changes the route; the other modes
 * are steps inside the page. Give it `key={location.key}` so each navigation starts afresh.
 */
export function Authenticator({ initialMode }: AuthenticatorProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const routeState = (location.state ?? {}) as AuthLocationState;
  const [form] = Form.useForm<FormValues>();
  const [mode, setMode] = useState<AuthenticatorMode>(initialMode);
  const [email, setEmail] = useState(routeState.email ?? '');
  const [notice, setNotice] = useState<string | undefined>(routeState.notice);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The challenge being answered after the password (kept here: it holds functions). */
  const [challenge, setChallenge] = useState<IdentityChallenge>();

  const signedIn = useCallback(
    () => navigate(afterSignIn(routeState.from), { replace: true }),
    [navigate, routeState.from],
  );
  const restart = useCallback((message?: string) => {
    setChallenge(undefined);
    setNotice(undefined);
    setError(message ?? null);
  }, []);

  /** Goes to `next`, keeping the email; sign-in and sign-up are routes. */
  const goTo = (next: AuthenticatorMode, nextEmail = email, nextNotice?: string) => {
    setError(null);
    if (next === 'signIn' || next === 'signUp') {
      const state: AuthLocationState = {
        from: routeState.from,
        email: nextEmail || undefined,
        notice: nextNotice,
      };
      navigate(AUTH_ROUTES[next], {
        state,
        replace: next === 'signIn' && nextNotice !== undefined,
      });
      return;
    }
    setEmail(nextEmail);
    form.setFieldsValue({ email: nextEmail });
    setNotice(nextNotice);
    setMode(next);
  };

  /** Runs a step: busy meanwhile; its failure becomes the inline error. */
  const run = async (step: () => Promise<void>, onError?: (error: unknown) => boolean) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (failure) {
      if (!onError?.(failure)) setError(authErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const onFinish = (values: FormValues) => {
    const address = (values.email ?? email).trim();
    switch (mode) {
      case 'signIn':
        return run(
          async () => {
            const outcome = await dispatch(
              signIn({ email: address, password: values.password ?? '' }),
            );
            if (outcome.kind === 'signedIn') return signedIn();
            setEmail(address);
            setNotice(undefined);
            setChallenge(outcome.challenge);
          },
          (failure) => {
            if (authErrorCode(failure) !== 'UserNotConfirmedException') return false;
            goTo('confirmSignUp', address, NOTICES.notConfirmed);
            return true;
          },
        );
      case 'signUp':
        return run(async () => {
          const result = await dispatch(
            signUp({ email: address, password: values.password ?? '' }),
          );
          goTo('confirmSignUp', address, NOTICES.codeSent(result.destination || address));
        });
      case 'confirmSignUp':
        return run(async () => {
          await dispatch(confirmSignUp({ email: address, code: values.code ?? '' }));
          goTo('signIn', address, NOTICES.confirmed);
        });
      case 'forgotPassword':
        return run(async () => {
          const result = await dispatch(forgotPassword({ email: address }));
          goTo('resetPassword', address, NOTICES.resetCodeSent(result.destination || address));
        });
      case 'resetPassword':
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
    }
  };

  const currentEmail = () => String(form.getFieldValue('email') ?? email).trim();

  const resendCode = () =>
    run(async () => {
      const address = currentEmail();
      if (!address) throw new Error('Please enter your email.');
      if (mode === 'resetPassword') {
        const result = await dispatch(forgotPassword({ email: address }));
        setNotice(NOTICES.resetCodeSent(result.destination || address));
      } else {
        const result = await dispatch(resendConfirmationCode({ email: address }));
        setNotice(NOTICES.codeSent(result.destination || address));
      }
    });

  const submit = (label: string) => (
    <Form.Item style={{ marginBottom: 8 }}>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {label}
      </Button>
    </Form.Item>
  );
  const linkButton = (label: string, onClick: () => void) => (
    <Button type="link" onClick={onClick} disabled={busy} style={{ paddingInline: 0 }}>
      {label}
    </Button>
  );

  let fields: ReactNode;
  let footer: ReactNode;
  switch (mode) {
    case 'signIn':
      fields = (
        <>
          <EmailField autoFocus={!email} />
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Please enter your password.' }]}
          >
            <Input.Password autoComplete="current-password" autoFocus={!!email} />
          </Form.Item>
          {submit('Sign In')}
        </>
      );
      footer = (
        <>
          {linkButton('Forgot your password?', () => goTo('forgotPassword', currentEmail()))}
          <Typography.Text type="secondary">
            No account yet?{' '}
            <Link to="/signup" state={{ from: routeState.from }}>
              Create one
            </Link>
          </Typography.Text>
        </>
      );
      break;
    case 'signUp':
      fields = (
        <>
          <EmailField autoFocus />
          <NewPasswordFields />
          {submit('Create Account')}
        </>
      );
      footer = (
        <>
          <Typography.Text type="secondary">
            Already registered?{' '}
            <Link to="/login" state={{ from: routeState.from }}>
              Sign in
            </Link>
          </Typography.Text>
          {linkButton('Have a code? Confirm your account', () =>
            goTo('confirmSignUp', currentEmail()),
          )}
        </>
      );
      break;
    case 'confirmSignUp':
      fields = (
        <>
          <EmailField />
          <CodeField />
          {submit('Confirm')}
        </>
      );
      footer = (
        <>
          {linkButton('Resend Code', resendCode)}
          {linkButton('Back to Sign In', () => goTo('signIn', currentEmail()))}
        </>
      );
      break;
    case 'forgotPassword':
      fields = (
        <>
          <EmailField autoFocus />
          {submit('Send Code')}
        </>
      );
      footer = linkButton('Back to Sign In', () => goTo('signIn', currentEmail()));
      break;
    case 'resetPassword':
      fields = (
        <>
          <EmailField />
          <CodeField />
          <NewPasswordFields
            name="newPassword"
            label="New Password"
            confirmLabel="Confirm New Password"
          />
          {submit('Reset Password')}
        </>
      );
      footer = (
        <>
          {linkButton('Resend Code', resendCode)}
          {linkButton('Back to Sign In', () => goTo('signIn', currentEmail()))}
        </>
      );
      break;
  }

  if (challenge) {
    return (
      <Card style={{ maxWidth: 440, margin: '0 auto' }}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {CHALLENGE_TITLES[challenge.name]}
        </Typography.Title>
        <ChallengeStep
          challenge={challenge}
          email={email}
          onSignedIn={signedIn}
          onChallenge={setChallenge}
          onRestart={restart}
        />
      </Card>
    );
  }

  return (
    <Card style={{ maxWidth: 440, margin: '0 auto' }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {MODE_TITLES[mode]}
      </Typography.Title>
      {notice && <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<FormValues>
        key={mode}
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email }}
        onFinish={onFinish}
        disabled={busy}
        aria-label={MODE_TITLES[mode]}
      >
        {fields}
      </Form>
      <Flex justify="space-between" align="center" wrap gap="small">
        {footer}
      </Flex>
    </Card>
  );
}
