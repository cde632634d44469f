/**
 * The contact page's texts (English, spec §2 "Contact Us"; namespace `contact`): the addresses
 * and the contact form. `<name>…</name>` marks a link (pages/info/InfoText.tsx).
 */

/** The contact page's texts (English; namespace `contact`). */
export const CONTACT_TEXT = {
  title: 'Contact Us',
  intro:
    'Before writing, you may find your answer in the <faq>FAQ</faq>. Please do not send configuration files, keys or passwords by email.',
  sections: {
    email: {
      title: 'Email',
      items: {
        support:
          'Support, for your account, payments and VPNs: <supportMail>{{supportEmail}}</supportMail>',
        general:
          'Everything else, including partnerships and self-hosting: <generalMail>{{generalEmail}}</generalMail>',
      },
    },
    message: { title: 'Send us a message' },
  },
  form: {
    label: 'Contact form',
    email: 'Your email',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    emailPlaceholder: 'you@example.com',
    subject: 'Subject',
    subjectRequired: 'Please enter a subject',
    message: 'Message',
    messageRequired: 'Please enter a message',
    help: 'This opens your email app with the message ready to send.',
    submit: 'Write email',
    replyTo: 'Reply to: {{email}}',
  },
};
