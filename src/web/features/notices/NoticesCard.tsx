/**
 * "Email notices" on the Account page (docs/product.md "Account"): a switch for the mail sent
 * when a VPN ends on its own (on by default) and one for the mail sent when the balance falls
 * below a threshold, with the threshold in peanuts (off by default). Saved together with Save
 * (`PATCH /v1/account/notices`); a refusal shows on the error card above the page.
 */
import { useEffect } from 'react';
import { Button, Card, Form, InputNumber, Skeleton, Switch, Typography } from 'antd';
import { LOW_BALANCE_MAX, LOW_BALANCE_MIN, type AccountNotices } from '../../../core/notices';
import { useFeedback } from '../../app/feedback';
import { useTexts } from '../../i18n/context';
import { useGetNoticesQuery, useUpdateNoticesMutation } from './noticesApi';

/** The visible texts of the card (English; namespace `notices`). */
export const NOTICES_TEXTS = {
  title: 'Email notices',
  intro: 'Mails sent to your email address. Each one has a link that turns them off.',
  vpnEnded: 'When a VPN ends on its own',
  vpnEndedHelp: 'It reached its max peanuts, your balance reached 0, or its time was up.',
  lowBalance: 'When my balance is low',
  lowBalanceHelp: 'Once each time your balance falls below the amount below.',
  threshold: 'Low balance below (peanuts)',
  save: 'Save',
  saved: 'Your email notices are saved.',
} as const;

/** The threshold a switch turned on starts from, peanuts. */
const DEFAULT_THRESHOLD = 1;

/** The form's fields. */
interface NoticesForm {
  vpnEnded: boolean;
  lowBalanceOn: boolean;
  lowBalanceBelow: number | null;
}

/** The form's fields for `notices`. */
function fieldsOf(notices: AccountNotices): NoticesForm {
  return {
    vpnEnded: notices.vpnEnded,
    lowBalanceOn: notices.lowBalanceBelow !== null,
    lowBalanceBelow: notices.lowBalanceBelow ?? DEFAULT_THRESHOLD,
  };
}

/** The card. */
export function NoticesCard() {
  const { data } = useGetNoticesQuery();
  const [update, { isLoading: saving }] = useUpdateNoticesMutation();
  const { message } = useFeedback();
  const [form] = Form.useForm<NoticesForm>();
  const lowBalanceOn = Form.useWatch('lowBalanceOn', form);
  const T = useTexts('notices', NOTICES_TEXTS);

  useEffect(() => {
    if (data) form.setFieldsValue(fieldsOf(data));
  }, [data, form]);

  const save = async (fields: NoticesForm) => {
    const result = await update({
      vpnEnded: fields.vpnEnded,
      lowBalanceBelow: fields.lowBalanceOn ? fields.lowBalanceBelow : null,
    });
    if ('data' in result) void message.success(T.saved);
  };

  return (
    <Card title={T.title} style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {data ? (
        <Form<NoticesForm>
          form={form}
          name="notices"
          aria-label={T.title}
          layout="vertical"
          requiredMark={false}
          initialValues={fieldsOf(data)}
          disabled={saving}
          onFinish={save}
          style={{ maxWidth: 420 }}
        >
          <Form.Item
            name="vpnEnded"
            label={T.vpnEnded}
            extra={T.vpnEndedHelp}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="lowBalanceOn"
            label={T.lowBalance}
            extra={T.lowBalanceHelp}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="lowBalanceBelow"
            label={T.threshold}
            rules={[{ required: lowBalanceOn === true, type: 'number' }]}
          >
            <InputNumber
              min={LOW_BALANCE_MIN}
              max={LOW_BALANCE_MAX}
              step={0.5}
              precision={2}
              disabled={lowBalanceOn !== true}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {T.save}
          </Button>
        </Form>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </Card>
  );
}
