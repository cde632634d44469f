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
import { useMessageText, useTexts } from '../../i18n/context';
import { ACCOUNT_TEXT } from './accountText';
import { TotpQrCode } from './TotpQrCode';

/** Texts of the card (English; namespace `account`). */
export const TWO_FACTOR_TEXTS = ACCOUNT_TEXT.twoFactor;

/** The card. */
export function TwoFactorCard() {
  const dispatch = useAppDispatch();
  const { message } = useFeedback();
  const [settings, setSettings] = useState<MfaSettings>();
  const [setup, setSetup] = useState<TotpSetup>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const T = useTexts('account', ACCOUNT_TEXT).twoFactor;
  const messageText = useMessageText();

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
        <Typography.Paragraph>{T.scan}</Typography.Paragraph>
        <TotpQrCode uri={setup.uri} secret={setup.secret} />
        <Form<{ code: string }>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={busy}
          aria-label={T.confirmForm}
          onFinish={({ code }) =>
            run(async () => {
              try {
                await dispatch(confirmTotp({ code }));
              } catch (failure) {
                form.setFieldsValue({ code: '' });
                throw failure;
              }
              setSetup(undefined);
              void message.success(T.turnedOn);
            })
          }
        >
          <Form.Item
            label={T.code}
            name="code"
            rules={[{ required: true, whitespace: true, message: T.enterCode }]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={12} />
          </Form.Item>
          <Flex gap="small">
            <Button type="primary" htmlType="submit" loading={busy}>
              {T.turnOn}
            </Button>
            <Button onClick={() => setSetup(undefined)}>{T.cancel}</Button>
          </Flex>
        </Form>
      </>
    );
  } else {
    body = (
      <>
        <Typography.Paragraph>{totpOn ? T.on : T.off}</Typography.Paragraph>
        {totpOn ? (
          <Button
            danger
            loading={busy}
            onClick={() =>
              run(async () => {
                await dispatch(disableTotp());
                void message.success(T.turnedOff);
              })
            }
          >
            {T.turnOff}
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
            {T.setUp}
          </Button>
        )}
      </>
    );
  }

  return (
    <Card title={T.title} style={{ maxWidth: 720 }}>
      {error && (
        <Alert type="error" showIcon title={messageText(error)} style={{ marginBottom: 16 }} />
      )}
      {body}
    </Card>
  );
}
