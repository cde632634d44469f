/**
 * "Email and phone" on the Account page: change the email (a code is mailed to the
 * new address) or the phone number (a code is texted to it); the new value takes effect once
 * its code is entered (UpdateUserAttributes, then VerifyUserAttribute), and the page and the
 * account menu then show it. Until then the current value stays in use. Errors show inline,
 * with clear texts for Cognito's error names (`accountErrors.ts`).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useFeedback } from '../../app/feedback';
import {
  normaliseAttribute,
  type ContactDetails,
  type VerifiableAttribute,
} from '../../../sdk/identity';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMessageText, useTexts } from '../../i18n/context';
import { fill } from '../../i18n/translator';
import { accountErrorMessage } from './accountErrors';
import { ACCOUNT_TEXT } from './accountText';
import { selectAuthUser } from './authSlice';
import {
  loadContactDetails,
  resendAttributeCode,
  updateAttribute,
  verifyAttribute,
} from './authThunks';

/** E.164 as the identity provider requires: `+` and 5 to 15 digits. */
const E164 = /^\+[1-9]\d{4,14}$/;

/** Texts of the card in English, values filled in (namespace `account`, `contact`). */
export const CONTACT_TEXTS = {
  ...ACCOUNT_TEXT.contact,
  email: {
    ...ACCOUNT_TEXT.contact.email,
    done: (value: string) => fill(ACCOUNT_TEXT.contact.email.done, { value }),
  },
  phone_number: {
    ...ACCOUNT_TEXT.contact.phone_number,
    done: (value: string) => fill(ACCOUNT_TEXT.contact.phone_number.done, { value }),
  },
  sent: (destination: string) => fill(ACCOUNT_TEXT.contact.sent, { destination }),
  resent: (destination: string) => fill(ACCOUNT_TEXT.contact.resent, { destination }),
};

/** The card's texts in the language in force. */
function useContactTexts() {
  return useTexts('account', ACCOUNT_TEXT).contact;
}

/** Where one attribute's change is: shown, a new value being typed, or its code awaited. */
type Stage = { step: 'view' } | { step: 'edit' } | { step: 'code'; value: string };

/** Props of {@link VerifyCodeForm}. */
interface VerifyCodeFormProps {
  name: VerifiableAttribute;
  busy: boolean;
  /** Sends the code; resolves false when it was refused (the field is then emptied). */
  onVerify(code: string): Promise<boolean>;
  onResend(): void;
  onCancel(): void;
}

/** The code step of a change: the code, Verify, Send Code Again, Cancel. */
function VerifyCodeForm({ name, busy, onVerify, onResend, onCancel }: VerifyCodeFormProps) {
  const [form] = Form.useForm<{ code: string }>();
  const T = useContactTexts();
  return (
    <Form<{ code: string }>
      form={form}
      name={`${name}-verify`}
      style={{ width: '100%', maxWidth: 420 }}
      layout="vertical"
      requiredMark={false}
      disabled={busy}
      aria-label={T[name].verify}
      onFinish={async ({ code }) => {
        if (!(await onVerify(code))) form.setFieldsValue({ code: '' });
      }}
    >
      <Form.Item
        label={T.codeLabel}
        name="code"
        rules={[{ required: true, whitespace: true, message: T.enterCode }]}
      >
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={12} autoFocus />
      </Form.Item>
      <Flex gap="small" wrap>
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.verify}
        </Button>
        <Button onClick={onResend}>{T.sendAgain}</Button>
        <Button onClick={onCancel}>{T.cancel}</Button>
      </Flex>
    </Form>
  );
}

/** Changing one attribute: the current value, then the new value, then its code. */
function AttributeChange({
  name,
  current,
  onChanged,
}: {
  name: VerifiableAttribute;
  /** The value in use. */
  current: string | undefined;
  /** The new value was verified (the page reloads the details). */
  onChanged(): void;
}) {
  const dispatch = useAppDispatch();
  const { message } = useFeedback();
  const T = useContactTexts();
  const texts = T[name];
  const messageText = useMessageText();
  const [stage, setStage] = useState<Stage>({ step: 'view' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs `step` (busy meanwhile); resolves false when it failed (the error shows inline). */
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
      return true;
    } catch (failure) {
      setError(accountErrorMessage(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setStage({ step: 'view' });
    setError(null);
    setNotice(null);
  };

  let body;
  if (stage.step === 'view') {
    body = <Button onClick={() => setStage({ step: 'edit' })}>{texts.change}</Button>;
  } else if (stage.step === 'edit') {
    body = (
      <Form<{ value: string }>
        name={`${name}-change`}
        style={{ width: '100%', maxWidth: 420 }}
        layout="vertical"
        requiredMark={false}
        disabled={busy}
        aria-label={texts.change}
        onFinish={({ value }) =>
          run(async () => {
            const normalised = normaliseAttribute(name, value);
            const delivery = await dispatch(updateAttribute({ name, value: normalised }));
            if (!delivery) {
              setError(T.unchanged);
              return;
            }
            setNotice(fill(T.sent, { destination: normalised }));
            setStage({ step: 'code', value: normalised });
          })
        }
      >
        <Form.Item
          label={texts.field}
          name="value"
          rules={[
            { required: true, whitespace: true, message: texts.invalid },
            {
              validator: async (_rule, value?: string) => {
                if (!value?.trim()) return;
                const normalised = normaliseAttribute(name, value);
                const valid =
                  name === 'email'
                    ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalised)
                    : E164.test(normalised);
                if (!valid) throw new Error(texts.invalid);
              },
            },
          ]}
        >
          <Input
            type={name === 'email' ? 'email' : 'tel'}
            autoComplete={name === 'email' ? 'email' : 'tel'}
            autoFocus
          />
        </Form.Item>
        <Flex gap="small">
          <Button type="primary" htmlType="submit" loading={busy}>
            {T.sendCode}
          </Button>
          <Button onClick={cancel}>{T.cancel}</Button>
        </Flex>
      </Form>
    );
  } else {
    const { value } = stage;
    body = (
      <VerifyCodeForm
        name={name}
        busy={busy}
        onVerify={(code) =>
          run(async () => {
            const updated = await dispatch(verifyAttribute({ name, code }));
            const shown = (name === 'email' ? updated.email : updated.phoneNumber) ?? value;
            void message.success(fill(texts.done, { value: shown }));
            cancel();
            onChanged();
          })
        }
        onResend={() =>
          run(async () => {
            await dispatch(resendAttributeCode({ name }));
            setNotice(fill(T.resent, { destination: value }));
          })
        }
        onCancel={cancel}
      />
    );
  }

  return (
    <Flex vertical gap="small" align="flex-start" style={{ marginBottom: 24 }}>
      <Flex gap="small" align="baseline" wrap>
        <Typography.Text type="secondary">{texts.label}</Typography.Text>
        <Typography.Text strong data-testid={`current-${name}`}>
          {current ?? T.none}
        </Typography.Text>
      </Flex>
      {error && <Alert type="error" showIcon title={messageText(error)} />}
      {notice && stage.step === 'code' && <Typography.Text>{notice}</Typography.Text>}
      {body}
    </Flex>
  );
}

/** The card: the values as the pool holds them (the store's until loaded). */
export function ContactCard() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectAuthUser);
  const [details, setDetails] = useState<ContactDetails>();
  const [error, setError] = useState<string | null>(null);
  const T = useContactTexts();
  const messageText = useMessageText();

  const reload = useCallback(async () => {
    try {
      setDetails(await dispatch(loadContactDetails()));
      setError(null);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    }
  }, [dispatch]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <Card title={T.title} style={{ maxWidth: 720 }}>
      {error && (
        <Alert type="error" showIcon title={messageText(error)} style={{ marginBottom: 16 }} />
      )}
      <AttributeChange
        name="email"
        current={details?.email ?? user?.email}
        onChanged={() => void reload()}
      />
      <AttributeChange
        name="phone_number"
        current={details ? details.phone : user?.phoneNumber}
        onChanged={() => void reload()}
      />
    </Card>
  );
}
