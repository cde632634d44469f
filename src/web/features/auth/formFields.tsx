/**
 * Form fields shared by the authenticator and the change-password page (antd Form.Items with
 * their rules).
 */
import { Form, Input } from 'antd';
import type { FormRule as Rule } from 'antd';
import { PASSWORD_HINT, passwordProblem } from './passwordRule';

/** Rule: the value complies with the password policy. */
export const passwordPolicyRule: Rule = {
  validator: (_rule, value: unknown) => {
    const problem = typeof value === 'string' && value !== '' ? passwordProblem(value) : undefined;
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

/** The email field (`email`). */
export function EmailField({ autoFocus }: { autoFocus?: boolean }) {
  return (
    <Form.Item
      label="Email"
      name="email"
      rules={[
        { required: true, message: 'Please enter your email.' },
        { type: 'email', message: 'Please enter a valid email address.' },
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
  /** Label of the password, default 'Password'. */
  label?: string;
  /** Label of the confirmation, default 'Confirm Password'. */
  confirmLabel?: string;
}

/**
 * A new password with the policy hint and checks, and its confirmation (field
 * `<name>Confirmation`), which must match.
 */
export function NewPasswordFields({
  name = 'password',
  label = 'Password',
  confirmLabel = 'Confirm Password',
}: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item
        label={label}
        name={name}
        extra={PASSWORD_HINT}
        rules={[{ required: true, message: 'Please enter a password.' }, passwordPolicyRule]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name={`${name}Confirmation`}
        dependencies={[name]}
        rules={[
          { required: true, message: 'Please confirm the password.' },
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              !value || getFieldValue(name) === value
                ? Promise.resolve()
                : Promise.reject(new Error('The passwords do not match.')),
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
  return (
    <Form.Item
      label="Code"
      name="code"
      extra="The code we emailed you."
      rules={[{ required: true, whitespace: true, message: 'Please enter the code.' }]}
    >
      <Input autoComplete="one-time-code" inputMode="numeric" />
    </Form.Item>
  );
}
