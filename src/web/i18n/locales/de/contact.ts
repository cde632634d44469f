/** German: the contact page (namespace `contact`). */
import type { Catalogue } from '../../catalogue';

export const contact: Catalogue['contact'] = {
  title: 'Kontakt',
  intro:
    'Bevor Sie schreiben: Vielleicht finden Sie Ihre Antwort in den <faq>FAQ</faq>. Bitte senden Sie keine Konfigurationsdateien, Schlüssel oder Passwörter per E-Mail.',
  sections: {
    email: {
      title: 'E-Mail',
      items: {
        support:
          'Support zu Ihrem Konto, Zahlungen und VPNs: <supportMail>{{supportEmail}}</supportMail>',
        general:
          'Alles andere, einschließlich Partnerschaften und Selbst-Hosting: <generalMail>{{generalEmail}}</generalMail>',
      },
    },
    message: { title: 'Schreiben Sie uns' },
  },
  form: {
    label: 'Kontaktformular',
    email: 'Ihre E-Mail-Adresse',
    emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    emailPlaceholder: 'sie@beispiel.de',
    subject: 'Betreff',
    subjectRequired: 'Bitte geben Sie einen Betreff ein',
    message: 'Nachricht',
    messageRequired: 'Bitte geben Sie eine Nachricht ein',
    help: 'Damit öffnet sich Ihr E-Mail-Programm mit der fertigen Nachricht.',
    submit: 'E-Mail verfassen',
    replyTo: 'Antwort an: {{email}}',
  },
};
