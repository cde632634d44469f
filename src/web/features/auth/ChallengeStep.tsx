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
import { useMessageText } from '../../i18n/context';
import { fill } from '../../i18n/translator';
import { AUTH_TEXT } from './authText';
import { useAuthTexts } from './forms/authForm';
import { answerChallenge, authErrorCode, authErrorMessage } from './authThunks';
import { NewPasswordFields } from './formFields';
import { TotpQrCode } from './TotpQrCode';

/** The steps' texts in English, values filled in (as the tests read them). */
export const CHALLENGE_TEXTS = {
  ...AUTH_TEXT.challenge,
  sms: (destination: string | undefined) =>
    fill(AUTH_TEXT.challenge.sms, { destination: destination ?? AUTH_TEXT.challenge.yourPhone }),
  email: (destination: string | undefined) =>
    fill(AUTH_TEXT.challenge.email, { destination: destination ?? AUTH_TEXT.challenge.you }),
  rememberFailed: (reason: string) => fill(AUTH_TEXT.challenge.rememberFailed, { reason }),
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
  const T = useAuthTexts();
  const C = T.challenge;
  const messageText = useMessageText();

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
          setError(C.emailWrong);
          form.setFieldsValue({ code: '' });
        }
        onChallenge(outcome.challenge);
      } else {
        if (outcome.rememberError !== undefined) {
          void message.warning(
            fill(C.rememberFailed, {
              reason: messageText(authErrorMessage(outcome.rememberError)),
            }),
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
      rules={[{ required: true, whitespace: true, message: T.fields.enterCode }]}
    >
      <Input autoComplete="one-time-code" inputMode="numeric" autoFocus maxLength={12} />
    </Form.Item>
  );

  const rememberField = (
    <Form.Item name="remember" valuePropName="checked" extra={C.rememberExtra}>
      <Checkbox>{C.remember}</Checkbox>
    </Form.Item>
  );

  let fields: ReactNode;
  let submit = C.confirm;
  switch (challenge.name) {
    case 'SOFTWARE_TOKEN_MFA':
      fields = (
        <>
          {codeField(C.authenticatorCode, C.totp)}
          {rememberField}
        </>
      );
      break;
    case 'SMS_MFA':
      fields = (
        <>
          {codeField(C.smsCode, fill(C.sms, { destination: challenge.destination ?? C.yourPhone }))}
          {rememberField}
        </>
      );
      break;
    case 'SELECT_MFA_TYPE':
      submit = C.continue;
      fields = (
        <>
          <Typography.Paragraph>{C.select}</Typography.Paragraph>
          <Form.Item
            name="factor"
            label={C.secondFactor}
            initialValue={challenge.choices[0]}
            rules={[{ required: true, message: C.chooseFactor }]}
          >
            <Radio.Group
              options={challenge.choices.map((value) => ({ value, label: C.factors[value] }))}
            />
          </Form.Item>
        </>
      );
      break;
    case 'NEW_PASSWORD_REQUIRED':
      submit = C.setPassword;
      fields = (
        <>
          <Typography.Paragraph>{C.newPassword}</Typography.Paragraph>
          <NewPasswordFields
            name="newPassword"
            label={T.fields.newPassword}
            confirmLabel={T.fields.confirmNewPassword}
          />
        </>
      );
      break;
    case 'MFA_SETUP':
      fields = (
        <>
          <Typography.Paragraph>{C.setup}</Typography.Paragraph>
          {secret && <TotpQrCode uri={totpUri(secret, email)} secret={secret} />}
          {codeField(C.authenticatorCode, C.totp)}
        </>
      );
      break;
    case 'CUSTOM_CHALLENGE':
      fields = codeField(
        C.signInCode,
        fill(C.email, { destination: challenge.destination ?? C.you }),
      );
      break;
  }

  const title = C.titles[challenge.name];
  return (
    <>
      {error && (
        <Alert type="error" showIcon title={messageText(error)} style={{ marginBottom: 16 }} />
      )}
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
        {T.links.back}
      </Button>
    </>
  );
}
