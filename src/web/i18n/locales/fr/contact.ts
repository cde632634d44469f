/** French: the contact page (namespace `contact`). */
import type { Catalogue } from '../../catalogue';

export const contact: Catalogue['contact'] = {
  title: 'Nous contacter',
  intro:
    'Avant d’écrire, vous trouverez peut-être votre réponse dans la <faq>FAQ</faq>. N’envoyez pas de fichiers de configuration, de clés ni de mots de passe par e-mail.',
  sections: {
    email: {
      title: 'E-mail',
      items: {
        support:
          'Assistance, pour votre compte, vos paiements et vos VPN : <supportMail>{{supportEmail}}</supportMail>',
        general:
          'Tout le reste, y compris les partenariats et l’auto-hébergement : <generalMail>{{generalEmail}}</generalMail>',
      },
    },
    message: { title: 'Envoyez-nous un message' },
  },
  form: {
    label: 'Formulaire de contact',
    email: 'Votre e-mail',
    emailRequired: 'Veuillez saisir votre adresse e-mail',
    emailInvalid: 'Veuillez saisir une adresse e-mail valide',
    emailPlaceholder: 'vous@exemple.com',
    subject: 'Objet',
    subjectRequired: 'Veuillez saisir un objet',
    message: 'Message',
    messageRequired: 'Veuillez saisir un message',
    help: 'Cela ouvre votre application de messagerie avec le message prêt à être envoyé.',
    submit: 'Rédiger l’e-mail',
    replyTo: 'Répondre à : {{email}}',
  },
};
