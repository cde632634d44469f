/** Spanish: the support and issue pages (namespaces `support`, `issue`). */
import type { Catalogue } from '../../catalogue';

export const support: Catalogue['support'] = {
  title: 'Soporte',
  intro: '¿Necesitas ayuda con Peanut VPN? Empieza aquí.',
  sections: {
    faq: {
      title: 'Preguntas frecuentes',
      body: 'Las <faq>preguntas frecuentes</faq> responden a la mayoría de las dudas: cómo instalar WireGuard y conectarte, qué pasa cuando se acaban los cacahuetes y cómo arreglar un túnel que no conecta. La <doc>documentación</doc> y la <cli>documentación de la CLI</cli> cubren el resto.',
    },
    contact: {
      title: 'Contacto',
      body: 'Si tienes una pregunta sobre tu cuenta, un pago o un VPN, escríbenos con el <contact>formulario de contacto</contact>. Incluye el id del VPN cuando se trate de un VPN.',
    },
    tracker: {
      title: 'Gestor de incidencias',
      body: 'Los errores y las solicitudes de funciones van al <tracker>gestor de incidencias</tracker> público del proyecto. Consulta <issue>cómo informar de una incidencia</issue>.',
    },
  },
};

export const issue: Catalogue['issue'] = {
  title: 'Informar de un problema',
  intro:
    'Los errores y las solicitudes de funciones se siguen de forma abierta, en el gestor de incidencias público del proyecto.',
  sections: {
    faq: {
      title: 'Lee primero las preguntas frecuentes',
      body: 'Muchos problemas, como un túnel sin handshake, un VPN atascado en Provisioning o un VPN que ha desaparecido, tienen respuesta en las <faq>preguntas frecuentes</faq>, sobre todo en su sección <troubleshoot>Solución de problemas</troubleshoot>.',
    },
    search: {
      title: 'Busca entre las incidencias existentes',
      body: 'Las incidencias se gestionan en una plataforma de código pública: <tracker>{{issuesUrl}}</tracker>. Busca en ella antes de abrir una nueva; si tu problema ya está, añade lo que sepas.',
    },
    write: {
      title: 'Escribe una buena incidencia',
      items: {
        what: 'qué hiciste, qué esperabas y qué ocurrió en su lugar;',
        vpn: 'el id y la región del VPN, si hay un VPN implicado;',
        versions:
          'tu sistema operativo, la versión de tu navegador o de la CLI, y la versión de WireGuard;',
        error: 'el mensaje de error exacto, copiado como texto.',
      },
    },
    secrets: {
      title: 'No publiques secretos',
      body: 'Las incidencias son públicas. Nunca pegues un archivo de configuración, una clave privada, una contraseña ni un token. Informa de las vulnerabilidades de seguridad en privado a <supportMail>{{supportEmail}}</supportMail> en lugar de en una incidencia.',
    },
  },
};
