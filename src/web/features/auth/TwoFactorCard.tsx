/**
 * "Two-factor authentication" on the Account page: whether an authenticator app is
 * asked for at sign-in; set one up (QR code of the otpauth URI, then its first code turns it
 * on) or turn it off. Cognito's errors show inline.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useFeedback } from '../../app/feedback';
import type { MfaSettings, TotpSetup } from '../../../sdk/identity';
import { useAppDispatch } from '../../app/hooks';
import {
  authErrorMessage,
  confirmTotp,
  disableTotp,
  loadMfaSettings,
  setUpTotp,
} from './authThunks';
import { TotpQrCode } from './TotpQrCode';

/** Texts of the card. */
export const TWO_FACTOR_TEXTS = {
  title: 'Two-factor authentication',
  off: 'Two-factor authentication is off: signing in asks for your password only.',
  on: 'Two-factor authentication is on: signing in asks for a code from your authenticator app.',
  scan: 'Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password...), then enter the 6-digit code it shows.',
  turnedOn: 'Two-factor authentication is on.',
  turnedOff: 'Two-factor authentication is off.',
} as const;

/** The card. */
export function TwoFactorCard() {
  const dispatch = useAppDispatch();
  const { message } = useFeedback();
  const [settings, setSettings] = useState<MfaSettings>();
  const [setup, setSetup] = useState<TotpSetup>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code: string }>();

  /** Runs `step` (busy meanwhile), then reloads the settings unless told not to; a failure shows inline. */
  const run = useCallback(
    async (step: () => Promise<void>, reload = true) => {
      setBusy(true);
      setError(null);
      try {
        await step();
        if (reload) setSettings(await dispatch(loadMfaSettings()));
      } catch (failure) {
        setError(authErrorMessage(failure));
      } finally {
        setBusy(false);
      }
    },
    [dispatch],
  );

  useEffect(() => {
    void run(async () => undefined);
  }, [run]);

  const totpOn = settings?.enabled.includes('SOFTWARE_TOKEN_MFA') ?? false;

  let body;
  if (!settings) {
    body = error ? null : <Skeleton active paragraph={{ rows: 1 }} />;
  } else if (setup && !totpOn) {
    body = (
      <>
        <Typography.Paragraph>{TWO_FACTOR_TEXTS.scan}</Typography.Paragraph>
        <TotpQrCode uri={setup.uri} secret={setup.secret} />
        <Form<{ code: string }>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={busy}
          aria-label="Confirm Authenticator App"
          onFinish={({ code }) =>
            run(async () => {
              try {
                await dispatch(confirmTotp({ code }));
              } catch (failure) {
                form.setFieldsValue({ code: '' });
                throw failure;
              }
              setSetup(undefined);
              void message.success(TWO_FACTOR_TEXTS.turnedOn);
            })
          }
        >
          <Form.Item
            label="Authenticator code"
            name="code"
            rules={[{ required: true, whitespace: true, message: 'Please enter the code.' }]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={12} />
          </Form.Item>
          <Flex gap="small">
            <Button type="primary" htmlType="submit" loading={busy}>
              Turn On
            </Button>
            <Button onClick={() => setSetup(undefined)}>Cancel</Button>
          </Flex>
        </Form>
      </>
    );
  } else {
    body = (
      <>
        <Typography.Paragraph>
          {totpOn ? TWO_FACTOR_TEXTS.on : TWO_FACTOR_TEXTS.off}
        </Typography.Paragraph>
        {totpOn ? (
          <Button
            danger
            loading={busy}
            onClick={() =>
              run(async () => {
                await dispatch(disableTotp());
                void message.success(TWO_FACTOR_TEXTS.turnedOff);
              })
            }
          >
            Turn Off
          </Button>
        ) : (
          <Button
            type="primary"
            loading={busy}
            onClick={() =>
              run(async () => {
                setSetup(await dispatch(setUpTotp()));
              }, false)
            }
          >
            Set Up Authenticator App
          </Button>
        )}
      </>
    );
  }

  return (
    <Card title={TWO_FACTOR_TEXTS.title} style={{ maxWidth: 720 }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {body}
    </Card>
  );
}
