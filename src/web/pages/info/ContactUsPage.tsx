import { Button, Form, Input } from 'antd';
import { Link } from 'react-router-dom';
import { ExternalLink } from '../../components/content/ExternalLink';
import { InfoPage } from '../../components/content/InfoPage';
import { GENERAL_EMAIL, SUPPORT_EMAIL } from '../../components/content/site';

/** Fields of the contact form. */
export interface ContactMessage {
  email: string;
  subject: string;
  message: string;
}

/** The `mailto:` link that opens the user's email app with the message, addressed to support. */
export function contactMailto({ email, subject, message }: ContactMessage): string {
  const body = `${message.trim()}\n\nReply to: ${email.trim()}`;
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject.trim())}&body=${encodeURIComponent(body)}`;
}

function ContactForm() {
  const [form] = Form.useForm<ContactMessage>();
  const onFinish = (values: ContactMessage) => {
    window.open(contactMailto(values), '_self');
  };
  return (
    <Form
      form={form}
      name="contact" // field ids become contact_email..., never clashing with heading anchors
      layout="vertical"
      onFinish={onFinish}
      style={{ maxWidth: 560 }}
      aria-label="Contact form"
    >
      <Form.Item
        label="Your email"
        name="email"
        rules={[
          { required: true, message: 'Please enter your email address' },
          { type: 'email', message: 'Please enter a valid email address' },
        ]}
      >
        <Input type="email" autoComplete="email" placeholder="you@example.com" />
      </Form.Item>
      <Form.Item
        label="Subject"
        name="subject"
        rules={[{ required: true, whitespace: true, message: 'Please enter a subject' }]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item
        label="Message"
        name="message"
        rules={[{ required: true, whitespace: true, message: 'Please enter a message' }]}
      >
        <Input.TextArea rows={6} maxLength={5000} />
      </Form.Item>
      <Form.Item extra="This opens your email app with the message ready to send.">
        <Button type="primary" htmlType="submit">
          Write email
        </Button>
      </Form.Item>
    </Form>
  );
}

/** /contactus: the support and general addresses, and a contact form (spec §2). */
export default function ContactUsPage() {
  return (
    <InfoPage
      title="Contact Us"
      intro={
        <p>
          Before writing, you may find your answer in the <Link to="/faq">FAQ</Link>. Please do not
          send configuration files, keys or passwords by email.
        </p>
      }
      sections={[
        {
          title: 'Email',
          body: (
            <ul>
              <li>
                Support, for your account, payments and VPNs:{' '}
                <ExternalLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ExternalLink>
              </li>
              <li>
                Everything else, including partnerships and self-hosting:{' '}
                <ExternalLink href={`mailto:${GENERAL_EMAIL}`}>{GENERAL_EMAIL}</ExternalLink>
              </li>
            </ul>
          ),
        },
        { title: 'Send us a message', body: <ContactForm /> },
      ]}
    />
  );
}
