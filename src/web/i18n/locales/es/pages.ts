/** Spanish: the Pricing and Unregister pages (namespace `pages`) and the error screens (`errorPages`). */
import type { Catalogue } from '../../catalogue';

export const pages: Catalogue['pages'] = {
  pricing: {
    title: 'Precios',
    intro:
      'Una VPN recibe cacahuetes al crearse y termina cuando se consumen. Los cacahuetes pagan el tiempo de servidor y el tráfico de red; no hay suscripción.',
    estimates: 'Las duraciones estimadas son orientativas, porque varían según la región.',
  },
  unregister: {
    title: 'Darse de baja',
    warning:
      '¡Esto eliminará tu cuenta! No hay forma de deshacerlo. Comprueba bien que es lo que quieres hacer.',
    deregisteredTitle: 'Te has dado de baja',
    deregisteredText: 'Tu cuenta se ha eliminado. Si tienes alguna pregunta, contáctanos.',
    contactUs: 'Contáctanos',
    confirmTitle: '¿Eliminar tu cuenta?',
    confirmOk: 'Eliminar mi cuenta',
    cancel: 'Cancelar',
    button: 'Eliminar tu cuenta',
    authenticate: 'Inicia sesión',
  },
};

export const errorPages: Catalogue['errorPages'] = {
  notFound: {
    title: 'Página no encontrada',
    description:
      'Lo sentimos, es culpa nuestra: la página que pediste no existe o un enlace de nuestra parte está roto.',
    help: '<issue>Informa del problema</issue> para que lo corrijamos, vuelve a la <home>página de inicio</home>, consulta las <faq>preguntas frecuentes</faq> o <contact>contáctanos</contact>.',
  },
  chunk: {
    title: 'No se pudo cargar un módulo (ChunkLoadError)',
    description:
      'No se pudo descargar una parte de la aplicación: falló la red o se acaba de publicar una versión nueva. Recarga la página para volver a intentarlo.',
    reload: 'Recargar',
  },
  unexpected: { title: '¡Error inesperado de la aplicación!', back: 'Volver al inicio' },
  boot: {
    title: 'Peanut VPN no pudo iniciarse',
    description:
      'No se pudo cargar la configuración de la aplicación (/app-config.json): {{reason}}',
    reload: 'Recargar',
  },
};
