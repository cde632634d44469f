/**
 * Our authenticator (spec §2 "Sign-in and sign-up", §4 "Sign-in flow"): antd forms for signing
 * in, signing up (email required), confirming a sign-up with the emailed code (and resending
 * it), and resetting a forgotten password (send a code, then code and new password). The
 * initial mode comes from the route (/login, /signup); errors show inline with Cognito's
 * message. A challenge after the password (MFA code, factor choice, new password, MFA set-up)
 * is a step of its own ({@link ChallengeStep}). After signing in, the user goes back to
 * `location.state.from`, else to /. Each form is a component of its own (`forms/`).
 */
import { useCallback, useState, type ComponentType } from 'react';
import { Alert, Card, Form, Typography } from 'antd';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import type { IdentityChallenge } from '../../../sdk/identity';
import { authErrorMessage } from './authThunks';
import { useMessageText } from '../../i18n/context';
import { ChallengeStep } from './ChallengeStep';
import {
  AUTH_ROUTES,
  useAuthTexts,
  type AuthenticatorMode,
  type AuthFormProps,
  type AuthRouteMode,
  type FormValues,
} from './forms/authForm';
import { ConfirmSignUpForm } from './forms/ConfirmSignUpForm';
import { ForgotPasswordForm } from './forms/ForgotPasswordForm';
import { ResetPasswordForm } from './forms/ResetPasswordForm';
import { SignInForm } from './forms/SignInForm';
import { SignUpForm } from './forms/SignUpForm';

export { type AuthenticatorMode, type AuthRouteMode } from './forms/authForm';

/** The component of each form. */
const FORMS: Record<AuthenticatorMode, ComponentType<AuthFormProps>> = {
  signIn: SignInForm,
  signUp: SignUpForm,
  confirmSignUp: ConfirmSignUpForm,
  forgotPassword: ForgotPasswordForm,
  resetPassword: ResetPasswordForm,
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

/** Where to go after signing in: `from` unless it is an authentication page, else /. */
function afterSignIn(from: Location | undefined): string {
  if (!from || from.pathname === '/login' || from.pathname === '/signup') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
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
  const T = useAuthTexts();
  // Errors keep the identity service's English message; the known ones show translated.
  const messageText = useMessageText();

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

  if (challenge) {
    return (
      <Card style={{ maxWidth: 440, margin: '0 auto' }}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {T.challenge.titles[challenge.name]}
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

  const ModeForm = FORMS[mode];
  return (
    <Card style={{ maxWidth: 440, margin: '0 auto' }}>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {T.titles[mode]}
      </Typography.Title>
      {notice && <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} />}
      {error && (
        <Alert type="error" showIcon title={messageText(error)} style={{ marginBottom: 16 }} />
      )}
      <ModeForm
        key={mode}
        form={form}
        email={email}
        busy={busy}
        from={routeState.from}
        run={run}
        goTo={goTo}
        currentEmail={() => String(form.getFieldValue('email') ?? email).trim()}
        setNotice={setNotice}
        onSignedIn={signedIn}
        onChallenge={(address, next) => {
          setEmail(address);
          setNotice(undefined);
          setChallenge(next);
        }}
      />
    </Card>
  );
}
