/**
 * What the authenticator's forms share: the modes, titles and notices, the props each form gets
 * from {@link Authenticator}, and the frame of a form (fields, submit button, footer links).
 */
import type { ReactNode } from 'react';
import { Button, Flex, Form, type FormInstance } from 'antd';
import type { Location } from 'react-router-dom';
import type { IdentityChallenge } from '../../../../sdk/identity';

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

/** Notices shown after a step succeeds. */
export const NOTICES = {
  codeSent: (destination: string) => `We emailed a confirmation code to ${destination}.`,
  notConfirmed:
    'Your account is not confirmed yet: enter the code we emailed you, or send a new one.',
  confirmed: 'Your account is confirmed. Sign in with your password.',
  resetCodeSent: (destination: string) => `We emailed a password reset code to ${destination}.`,
  passwordReset: 'Your password is reset. Sign in with your new password.',
} as const;

/** The values of every form (each uses some). */
export interface FormValues {
  email?: string;
  password?: string;
  code?: string;
  newPassword?: string;
}

/** What {@link Authenticator} gives each form. */
export interface AuthFormProps {
  /** The form instance (the email field's value survives a change of form). */
  form: FormInstance<FormValues>;
  /** The email of the previous step (prefilled). */
  email: string;
  /** A step is running: the form is disabled and its button spins. */
  busy: boolean;
  /** The page the visitor wanted (spec §2), kept across sign-in and sign-up. */
  from?: Location;
  /** Runs a step: busy meanwhile; its failure becomes the inline error unless `onError` takes it. */
  run(step: () => Promise<void>, onError?: (error: unknown) => boolean): Promise<void>;
  /** Goes to the form `next`, keeping the email; sign-in and sign-up are routes. */
  goTo(next: AuthenticatorMode, email?: string, notice?: string): void;
  /** The email field's current value, trimmed. */
  currentEmail(): string;
  /** Shows `notice` above the form. */
  setNotice(notice: string | undefined): void;
  /** Signed in: leave for the page wanted. */
  onSignedIn(): void;
  /** The sign-in of `email` needs `challenge` answered. */
  onChallenge(email: string, challenge: IdentityChallenge): void;
}

/** Props of {@link AuthFormFrame}. */
interface AuthFormFrameProps {
  props: AuthFormProps;
  mode: AuthenticatorMode;
  onFinish(values: FormValues): void;
  /** The fields. */
  children: ReactNode;
  /** The submit button's label. */
  submit: string;
  /** Links under the form. */
  footer: ReactNode;
}

/** A form of the authenticator: its fields, its submit button and the links under it. */
export function AuthFormFrame({
  props,
  mode,
  onFinish,
  children,
  submit,
  footer,
}: AuthFormFrameProps) {
  return (
    <>
      <Form<FormValues>
        form={props.form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: props.email }}
        onFinish={onFinish}
        disabled={props.busy}
        aria-label={MODE_TITLES[mode]}
      >
        {children}
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={props.busy}>
            {submit}
          </Button>
        </Form.Item>
      </Form>
      <Flex justify="space-between" align="center" wrap gap="small">
        {footer}
      </Flex>
    </>
  );
}

/** A link-styled button under a form. */
export function LinkButton({
  busy,
  onClick,
  children,
}: {
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button type="link" onClick={onClick} disabled={busy} style={{ paddingInline: 0 }}>
      {children}
    </Button>
  );
}

/**
 * The footer of a form that takes a mailed code: Resend Code (asks `sendCode` for a new code to
 * the address in the form and shows the notice it answers; 'Please enter your email.' without
 * one) and Back to Sign In.
 */
export function MailedCodeFooter({
  props,
  sendCode,
}: {
  props: AuthFormProps;
  sendCode: (address: string) => Promise<string>;
}) {
  const { busy, run, goTo, currentEmail, setNotice } = props;
  const resendCode = () =>
    run(async () => {
      const address = currentEmail();
      if (!address) throw new Error('Please enter your email.');
      setNotice(await sendCode(address));
    });
  return (
    <>
      <LinkButton busy={busy} onClick={resendCode}>
        Resend Code
      </LinkButton>
      <LinkButton busy={busy} onClick={() => goTo('signIn', currentEmail())}>
        Back to Sign In
      </LinkButton>
    </>
  );
}
