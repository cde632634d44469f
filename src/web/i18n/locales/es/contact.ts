/** Spanish: the contact page (namespace `contact`). */
import type { Catalogue } from '../../catalogue';

export const contact: Catalogue['contact'] = {
  title: 'Contacto',
  intro:
    'Antes de escribir, quizá encuentres tu respuesta en las <faq>preguntas frecuentes</faq>. No envíes archivos de configuración, claves ni contraseñas por correo electrónico.',
  sections: {
    email: {
      title: 'Correo electrónico',
      items: {
        support:
          'Soporte, para tu cuenta, pagos y VPN: <supportMail>{{supportEmail}}</supportMail>',
        general:
          'Todo lo demás, incluidas colaboraciones y autoalojamiento: <generalMail>{{generalEmail}}</generalMail>',
      },
    },
    message: { title: 'Envíanos un mensaje' },
  },
  form: {
    label: 'Formulario de contacto',
    email: 'Tu correo electrónico',
    emailRequired: 'Introduce tu dirección de correo electrónico',
    emailInvalid: 'Introduce una dirección de correo electrónico válida',
    emailPlaceholder: 'tu@ejemplo.com',
    subject: 'Asunto',
    subjectRequired: 'Introduce un asunto',
    message: 'Mensaje',
    messageRequired: 'Introduce un mensaje',
    help: 'Esto abre tu aplicación de correo con el mensaje listo para enviar.',
    submit: 'Escribir correo',
    replyTo: 'Responder a: {{email}}',
  },
};
