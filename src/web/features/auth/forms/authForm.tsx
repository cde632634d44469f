/**
 * What the authenticator's forms share: the modes, titles and notices, the props each form gets
 * from {@link Authenticator}, and the frame of a form (fields, submit button, footer links).
 */
import type { ReactNode } from 'react';
import { Button, Flex, Form, type FormInstance } from 'antd';
import type { Location } from 'react-router-dom';
import type { IdentityChallenge } from '../../../../sdk/identity';
import { useTexts } from '../../../i18n/context';
import type { Texts } from '../../../i18n/translator';
import { AUTH_TEXT } from '../authText';

/** The authenticator's forms. */
export type AuthenticatorMode =
  'signIn' | 'signUp' | 'confirmSignUp' | 'forgotPassword' | 'resetPassword';

/** The modes a route opens with (its initial state). */
export type AuthRouteMode = Extract<AuthenticatorMode, 'signIn' | 'signUp'>;

/** Route of each mode that has one. */
export const AUTH_ROUTES: Record<AuthRouteMode, string> = { signIn: '/login', signUp: '/signup' };

/** The authentication texts in the language in force. */
export type AuthTexts = Texts<typeof AUTH_TEXT>;

/** The authentication texts (namespace `auth`) in the language in force. */
export function useAuthTexts(): AuthTexts {
  return useTexts('auth', AUTH_TEXT);
}

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
  /** The submit button's label (default the mode's). */
  submit?: string;
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
  const T = useAuthTexts();
  return (
    <>
      <Form<FormValues>
        form={props.form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: props.email }}
        onFinish={onFinish}
        disabled={props.busy}
        aria-label={T.titles[mode]}
      >
        {children}
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={props.busy}>
            {submit ?? T.submit[mode]}
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
  const T = useAuthTexts();
  const resendCode = () =>
    run(async () => {
      const address = currentEmail();
      if (!address) throw new Error(T.fields.enterEmail);
      setNotice(await sendCode(address));
    });
  return (
    <>
      <LinkButton busy={busy} onClick={resendCode}>
        {T.links.resend}
      </LinkButton>
      <LinkButton busy={busy} onClick={() => goTo('signIn', currentEmail())}>
        {T.links.back}
      </LinkButton>
    </>
  );
}
