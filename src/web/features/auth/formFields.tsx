/**
 * Form fields shared by the authenticator and the change-password page (antd Form.Items with
 * their rules).
 */
import { Form, Input } from 'antd';
import type { FormRule as Rule } from 'antd';
import { useAuthTexts } from './forms/authForm';
import { passwordProblem, type PolicyTexts } from './passwordRule';

/** Rule: the value complies with the password policy (its problems in the words of `texts`). */
export function passwordPolicyRule(texts: PolicyTexts): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const problem =
        typeof value === 'string' && value !== '' ? passwordProblem(value, texts) : undefined;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

/** The email field (`email`). */
export function EmailField({ autoFocus }: { autoFocus?: boolean }) {
  const T = useAuthTexts().fields;
  return (
    <Form.Item
      label={T.email}
      name="email"
      rules={[
        { required: true, message: T.enterEmail },
        { type: 'email', message: T.validEmail },
      ]}
    >
      <Input type="email" autoComplete="username" autoFocus={autoFocus} />
    </Form.Item>
  );
}

/** Props of {@link NewPasswordFields}. */
export interface NewPasswordFieldsProps {
  /** Field name of the password, default `password`. */
  name?: string;
  /** Label of the password, default 'Password' (in the language in force). */
  label?: string;
  /** Label of the confirmation, default 'Confirm Password' (in the language in force). */
  confirmLabel?: string;
}

/**
 * A new password with the policy hint and checks, and its confirmation (field
 * `<name>Confirmation`), which must match.
 */
export function NewPasswordFields({
  name = 'password',
  label,
  confirmLabel,
}: NewPasswordFieldsProps) {
  const texts = useAuthTexts();
  const T = texts.fields;
  return (
    <>
      <Form.Item
        label={label ?? T.password}
        name={name}
        extra={texts.policy.hint}
        rules={[{ required: true, message: T.choosePassword }, passwordPolicyRule(texts.policy)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={confirmLabel ?? T.confirmPassword}
        name={`${name}Confirmation`}
        dependencies={[name]}
        rules={[
          { required: true, message: T.confirmThePassword },
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              !value || getFieldValue(name) === value
                ? Promise.resolve()
                : Promise.reject(new Error(T.mismatch)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** The emailed code field (`code`). */
export function CodeField() {
  const T = useAuthTexts().fields;
  return (
    <Form.Item
      label={T.code}
      name="code"
      extra={T.codeHint}
      rules={[{ required: true, whitespace: true, message: T.enterCode }]}
    >
      <Input autoComplete="one-time-code" inputMode="numeric" />
    </Form.Item>
  );
}
