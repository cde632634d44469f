import { Button, Form, Input } from 'antd';
import { InfoPage } from '../../components/content/InfoPage';
import { SUPPORT_EMAIL } from '../../components/content/site';
import { useTexts } from '../../i18n/context';
import { fill } from '../../i18n/translator';
import { slugify } from '../../lib/slug';
import { CONTACT_TEXT } from './contactText';
import { InfoText, sectionsOf } from './InfoText';

/** Fields of the contact form. */
export interface ContactMessage {
  email: string;
  subject: string;
  message: string;
}

/**
 * The `mailto:` link that opens the user's email app with the message, addressed to support;
 * `replyTo` is the body's last line (`Reply to: {{email}}`, in the language in force).
 */
export function contactMailto(
  { email, subject, message }: ContactMessage,
  replyTo: string = CONTACT_TEXT.form.replyTo,
): string {
  const body = `${message.trim()}\n\n${fill(replyTo, { email: email.trim() })}`;
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject.trim())}&body=${encodeURIComponent(body)}`;
}

function ContactForm() {
  const T = useTexts('contact', CONTACT_TEXT).form;
  const [form] = Form.useForm<ContactMessage>();
  const onFinish = (values: ContactMessage) => {
    window.open(contactMailto(values, T.replyTo), '_self');
  };
  return (
    <Form
      form={form}
      name="contact" // field ids become contact_email..., never clashing with heading anchors
      layout="vertical"
      onFinish={onFinish}
      style={{ maxWidth: 560 }}
      aria-label={T.label}
    >
      <Form.Item
        label={T.email}
        name="email"
        rules={[
          { required: true, message: T.emailRequired },
          { type: 'email', message: T.emailInvalid },
        ]}
      >
        <Input type="email" autoComplete="email" placeholder={T.emailPlaceholder} />
      </Form.Item>
      <Form.Item
        label={T.subject}
        name="subject"
        rules={[{ required: true, whitespace: true, message: T.subjectRequired }]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item
        label={T.message}
        name="message"
        rules={[{ required: true, whitespace: true, message: T.messageRequired }]}
      >
        <Input.TextArea rows={6} maxLength={5000} />
      </Form.Item>
      <Form.Item extra={T.help}>
        <Button type="primary" htmlType="submit">
          {T.submit}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** /contactus: the support and general addresses, and a contact form (spec §2). */
export default function ContactUsPage() {
  const T = useTexts('contact', CONTACT_TEXT);
  return (
    <InfoPage
      title={T.title}
      titleId={slugify(CONTACT_TEXT.title)}
      intro={
        <p>
          <InfoText text={T.intro} />
        </p>
      }
      sections={sectionsOf(T.sections, CONTACT_TEXT.sections, {
        extras: { message: <ContactForm /> },
      })}
    />
  );
}
