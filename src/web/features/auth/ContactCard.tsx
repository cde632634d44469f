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
import { accountErrorMessage } from './accountErrors';
import { selectAuthUser } from './authSlice';
import {
  loadContactDetails,
  resendAttributeCode,
  updateAttribute,
  verifyAttribute,
} from './authThunks';

/** E.164 as the identity provider requires: `+` and 5 to 15 digits. */
const E164 = /^\+[1-9]\d{4,14}$/;

/** Texts of each attribute's part of the card. */
export const CONTACT_TEXTS = {
  title: 'Email and phone',
  email: {
    label: 'Email',
    change: 'Change Email',
    field: 'New email',
    verify: 'Verify Email',
    invalid: 'Please enter a valid email address.',
    done: (value: string) => `Your email is now ${value}.`,
  },
  phone_number: {
    label: 'Phone number',
    change: 'Change Phone Number',
    field: 'New phone number',
    verify: 'Verify Phone Number',
    invalid: 'Please enter the number in international format, e.g. +15551234567.',
    done: (value: string) => `Your phone number is now ${value}.`,
  },
  none: 'None',
  sent: (destination: string) =>
    `We sent a code to ${destination}. Enter it to confirm the change.`,
  resent: (destination: string) => `We sent a new code to ${destination}.`,
  unchanged: 'That is already your current value.',
} as const;

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
  return (
    <Form<{ code: string }>
      form={form}
      name={`${name}-verify`}
      style={{ width: '100%', maxWidth: 420 }}
      layout="vertical"
      requiredMark={false}
      disabled={busy}
      aria-label={CONTACT_TEXTS[name].verify}
      onFinish={async ({ code }) => {
        if (!(await onVerify(code))) form.setFieldsValue({ code: '' });
      }}
    >
      <Form.Item
        label="Verification code"
        name="code"
        rules={[{ required: true, whitespace: true, message: 'Please enter the code.' }]}
      >
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={12} autoFocus />
      </Form.Item>
      <Flex gap="small" wrap>
        <Button type="primary" htmlType="submit" loading={busy}>
          Verify
        </Button>
        <Button onClick={onResend}>Send Code Again</Button>
        <Button onClick={onCancel}>Cancel</Button>
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
  const texts = CONTACT_TEXTS[name];
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
              setError(CONTACT_TEXTS.unchanged);
              return;
            }
            setNotice(CONTACT_TEXTS.sent(normalised));
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
            Send Code
          </Button>
          <Button onClick={cancel}>Cancel</Button>
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
            void message.success(texts.done(shown));
            cancel();
            onChanged();
          })
        }
        onResend={() =>
          run(async () => {
            await dispatch(resendAttributeCode({ name }));
            setNotice(CONTACT_TEXTS.resent(value));
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
          {current ?? CONTACT_TEXTS.none}
        </Typography.Text>
      </Flex>
      {error && <Alert type="error" showIcon title={error} />}
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
    <Card title={CONTACT_TEXTS.title} style={{ maxWidth: 720 }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
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
