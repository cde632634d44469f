/**
 * The step of the sign-in form after the password when the pool sends a challenge (spec §4):
 * the authenticator app's code, the texted code, the choice of a second factor, a
 * new password for a temporary one, setting up an authenticator app (QR code, then its first
 * code), or the sign-in code mailed by CUSTOM_AUTH's custom challenge. Cognito's errors show
 * inline; a spent or expired session sends the user back to the
 * password.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Form, Input, Radio, Typography } from 'antd';
import { useFeedback } from '../../app/feedback';
import { totpUri, type IdentityChallenge, type MfaType } from '../../../sdk/identity';
import { useAppDispatch } from '../../app/hooks';
import { answerChallenge, authErrorCode, authErrorMessage } from './authThunks';
import { NewPasswordFields } from './formFields';
import { TotpQrCode } from './TotpQrCode';

/** Title of each challenge's step. */
export const CHALLENGE_TITLES: Record<IdentityChallenge['name'], string> = {
  SOFTWARE_TOKEN_MFA: 'Two-Factor Authentication',
  SMS_MFA: 'Two-Factor Authentication',
  SELECT_MFA_TYPE: 'Choose a Second Factor',
  NEW_PASSWORD_REQUIRED: 'Set a New Password',
  MFA_SETUP: 'Set Up Two-Factor Authentication',
  CUSTOM_CHALLENGE: 'Check Your Email',
};

/** Texts of the steps. */
export const CHALLENGE_TEXTS = {
  totp: 'Enter the 6-digit code your authenticator app shows.',
  sms: (destination: string | undefined) =>
    `Enter the code we texted to ${destination ?? 'your phone'}.`,
  select: 'Your account has two second factors. Which one do you want to use?',
  newPassword: 'Your password is temporary. Choose a new one to continue.',
  setup:
    'Your account requires two-factor authentication. Scan this QR code with an authenticator app, then enter the code it shows.',
  email: (destination: string | undefined) =>
    `Enter the sign-in code we emailed to ${destination ?? 'you'}.`,
  emailWrong: 'That code is not the one we emailed. Please try again.',
  remember: 'Remember this device',
  rememberExtra: 'Signing in again on this browser will not ask for a code.',
  rememberFailed: (reason: string) =>
    `You are signed in, but this device could not be remembered: ${reason}`,
} as const;

/** Labels of the factors. */
export const FACTOR_LABELS: Record<MfaType, string> = {
  SOFTWARE_TOKEN_MFA: 'Authenticator app',
  SMS_MFA: 'Text message (SMS)',
};

/** Cognito codes meaning the challenge's session is gone: sign in again. */
const SESSION_GONE = ['NotAuthorizedException', 'ExpiredCodeException'];

/** Secrets associated per MFA_SETUP challenge: associate once even when effects run twice. */
const associated = new WeakMap<IdentityChallenge, Promise<string>>();
function secretOf(challenge: Extract<IdentityChallenge, { name: 'MFA_SETUP' }>) {
  let secret = associated.get(challenge);
  if (!secret) {
    secret = challenge.associate();
    associated.set(challenge, secret);
  }
  return secret;
}

interface ChallengeValues {
  code?: string;
  factor?: MfaType;
  newPassword?: string;
  /** "Remember this device" (second-factor code steps). */
  remember?: boolean;
}

/** Props of {@link ChallengeStep}. */
export interface ChallengeStepProps {
  challenge: IdentityChallenge;
  /** The email signing in (the account name in the authenticator app). */
  email: string;
  /** The user is signed in (`authenticated` was dispatched). */
  onSignedIn(): void;
  /** The answer led to another challenge (e.g. the chosen factor's code). */
  onChallenge(next: IdentityChallenge): void;
  /** Back to the password: `message` says why (the session expired), or none when asked. */
  onRestart(message?: string): void;
}

/** The form answering `challenge`. */
export function ChallengeStep({
  challenge,
  email,
  onSignedIn,
  onChallenge,
  onRestart,
}: ChallengeStepProps) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<ChallengeValues>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string>();
  const { message } = useFeedback();

  useEffect(() => {
    if (challenge.name !== 'MFA_SETUP') return;
    secretOf(challenge).then(setSecret, (failure: unknown) => {
      if (SESSION_GONE.includes(authErrorCode(failure) ?? '')) onRestart(authErrorMessage(failure));
      else setError(authErrorMessage(failure));
    });
  }, [challenge, onRestart]);

  const onFinish = async (values: ChallengeValues) => {
    const code = values.code?.trim() ?? '';
    setBusy(true);
    setError(null);
    try {
      const outcome = await dispatch(
        answerChallenge(
          () => {
            switch (challenge.name) {
              case 'SOFTWARE_TOKEN_MFA':
              case 'SMS_MFA':
              case 'MFA_SETUP':
              case 'CUSTOM_CHALLENGE':
                return challenge.answer(code);
              case 'SELECT_MFA_TYPE':
                return challenge.answer(values.factor ?? challenge.choices[0]);
              case 'NEW_PASSWORD_REQUIRED':
                return challenge.answer(values.newPassword ?? '');
            }
          },
          { rememberDevice: values.remember === true },
        ),
      );
      setBusy(false);
      if (outcome.kind === 'challenge') {
        if (
          challenge.name === 'CUSTOM_CHALLENGE' &&
          outcome.challenge.name === 'CUSTOM_CHALLENGE'
        ) {
          // A wrong code: the pool asks again (same mailed code, a new session).
          setError(CHALLENGE_TEXTS.emailWrong);
          form.setFieldsValue({ code: '' });
        }
        onChallenge(outcome.challenge);
      } else {
        if (outcome.rememberError !== undefined) {
          void message.warning(
            CHALLENGE_TEXTS.rememberFailed(authErrorMessage(outcome.rememberError)),
          );
        }
        onSignedIn();
      }
    } catch (failure) {
      setBusy(false);
      if (SESSION_GONE.includes(authErrorCode(failure) ?? '')) {
        onRestart(authErrorMessage(failure));
        return;
      }
      setError(authErrorMessage(failure));
      form.setFieldsValue({ code: '' });
    }
  };

  const codeField = (label: string, extra: string) => (
    <Form.Item
      label={label}
      name="code"
      extra={extra}
      rules={[{ required: true, whitespace: true, message: 'Please enter the code.' }]}
    >
      <Input autoComplete="one-time-code" inputMode="numeric" autoFocus maxLength={12} />
    </Form.Item>
  );

  const rememberField = (
    <Form.Item name="remember" valuePropName="checked" extra={CHALLENGE_TEXTS.rememberExtra}>
      <Checkbox>{CHALLENGE_TEXTS.remember}</Checkbox>
    </Form.Item>
  );

  let fields: ReactNode;
  let submit = 'Confirm';
  switch (challenge.name) {
    case 'SOFTWARE_TOKEN_MFA':
      fields = (
        <>
          {codeField('Authenticator code', CHALLENGE_TEXTS.totp)}
          {rememberField}
        </>
      );
      break;
    case 'SMS_MFA':
      fields = (
        <>
          {codeField('SMS code', CHALLENGE_TEXTS.sms(challenge.destination))}
          {rememberField}
        </>
      );
      break;
    case 'SELECT_MFA_TYPE':
      submit = 'Continue';
      fields = (
        <>
          <Typography.Paragraph>{CHALLENGE_TEXTS.select}</Typography.Paragraph>
          <Form.Item
            name="factor"
            label="Second factor"
            initialValue={challenge.choices[0]}
            rules={[{ required: true, message: 'Please choose a second factor.' }]}
          >
            <Radio.Group
              options={challenge.choices.map((value) => ({ value, label: FACTOR_LABELS[value] }))}
            />
          </Form.Item>
        </>
      );
      break;
    case 'NEW_PASSWORD_REQUIRED':
      submit = 'Set Password';
      fields = (
        <>
          <Typography.Paragraph>{CHALLENGE_TEXTS.newPassword}</Typography.Paragraph>
          <NewPasswordFields
            name="newPassword"
            label="New Password"
            confirmLabel="Confirm New Password"
          />
        </>
      );
      break;
    case 'MFA_SETUP':
      fields = (
        <>
          <Typography.Paragraph>{CHALLENGE_TEXTS.setup}</Typography.Paragraph>
          {secret && <TotpQrCode uri={totpUri(secret, email)} secret={secret} />}
          {codeField('Authenticator code', CHALLENGE_TEXTS.totp)}
        </>
      );
      break;
    case 'CUSTOM_CHALLENGE':
      fields = codeField('Sign-in code', CHALLENGE_TEXTS.email(challenge.destination));
      break;
  }

  const title = CHALLENGE_TITLES[challenge.name];
  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<ChallengeValues>
        key={challenge.name}
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={busy}
        aria-label={title}
      >
        {fields}
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {submit}
          </Button>
        </Form.Item>
      </Form>
      <Button type="link" onClick={() => onRestart()} disabled={busy} style={{ paddingInline: 0 }}>
        Back to Sign In
      </Button>
    </>
  );
}
