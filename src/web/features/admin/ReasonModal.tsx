/**
 * The confirmation of an operator action (docs/operator-console.md "Users"): a dialog that names
 * the action and asks for the reason (1-500 characters) and, for an adjustment, the peanuts, or
 * the fields an action gives as children (crediting a payment: the account and the pack).
 */
import type { ReactNode } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTexts } from '../../i18n/context';

/** The dialog's texts. */
export const REASON_TEXT = {
  reason: 'Reason',
  reasonHelp: 'Kept in the audit log (1-500 characters)',
  reasonRequired: 'Please give a reason',
  peanuts: 'Peanuts (negative to debit)',
  peanutsRequired: 'Please give a non-zero amount',
  cancel: 'Cancel',
} as const;

/** What the operator confirmed. */
export interface ReasonValues {
  reason: string;
  peanuts?: number;
}

/** Props of {@link ReasonModal}; `T` is what its fields give. */
export interface ReasonModalProps<T extends ReasonValues = ReasonValues> {
  /** The dialog's title and button, e.g. "Disable the account". */
  title: string;
  okText: string;
  open: boolean;
  /** Ask for an amount of peanuts too. */
  withPeanuts?: boolean;
  /** True while the action runs. */
  busy?: boolean;
  /** More fields, above the reason: antd Form.Items named after the keys of `T`. */
  children?: ReactNode;
  /** The fields' values when the dialog opens. */
  initialValues?: Partial<T>;
  onConfirm: (values: T) => void;
  onCancel: () => void;
}

/** The dialog; see the module comment. */
export function ReasonModal<T extends ReasonValues = ReasonValues>({
  title,
  okText,
  open,
  withPeanuts,
  busy,
  children,
  initialValues,
  onConfirm,
  onCancel,
}: ReasonModalProps<T>) {
  const RT = useTexts('adminReason', REASON_TEXT);
  const [form] = Form.useForm<T>();
  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      cancelText={RT.cancel}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(onConfirm, () => undefined)}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {withPeanuts && (
          <Form.Item
            name="peanuts"
            label={RT.peanuts}
            rules={[
              {
                required: true,
                validator: (_rule, value: number | null) =>
                  typeof value === 'number' && value !== 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(RT.peanutsRequired)),
              },
            ]}
          >
            <InputNumber style={{ width: '100%' }} step={1} />
          </Form.Item>
        )}
        {children}
        <Form.Item
          name="reason"
          label={RT.reason}
          extra={RT.reasonHelp}
          rules={[{ required: true, whitespace: true, max: 500, message: RT.reasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
