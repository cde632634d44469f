/** Spanish: the terms of service (namespace `terms`). */
import type { Catalogue } from '../../catalogue';

export const terms: Catalogue['terms'] = {
  title: 'Condiciones de uso',
  intro:
    'Estas condiciones rigen el uso que haces de Peanut VPN. Al crear una cuenta o usar el Servicio, las aceptas. Léelas con atención.',
  sections: {
    service: {
      title: 'Descripción del Servicio',
      body: 'Peanut VPN («el Servicio») alquila servidores de red privada virtual WireGuard de corta duración en las regiones que elijas. Cada VPN funciona en su propio servidor aislado y se destruye, con sus claves y registros, cuando se elimina o se termina. El Servicio se paga con un crédito prepago llamado cacahuetes, que se compra en paquetes; no hay suscripción. Un VPN se termina cuando ha consumido los cacahuetes que se le asignaron al crearlo, cuando tu saldo llega a cero o menos, o cuando vence su plazo de eliminación. Un VPN eliminado no se puede restaurar. El Servicio está en beta y sus funciones pueden cambiar.',
    },
    eligibility: {
      title: 'Requisitos',
      body: 'Para usar el Servicio debes tener al menos 18 años, o la mayoría de edad del lugar donde vives si es mayor. Al usarlo confirmas que cumples este requisito y que puedes usar legalmente un servicio VPN donde te encuentras.',
    },
    obligations: {
      title: 'Obligaciones del usuario',
      items: {
        accurate:
          'Proporciona información exacta al registrarte y mantén actualizada tu dirección de correo electrónico.',
        confidential:
          'Mantén en secreto tu contraseña, tus tokens y tus archivos de configuración VPN; eres responsable del uso de tu cuenta y de tus VPN.',
        laws: 'Cumple todas las leyes que te sean aplicables cuando uses el Servicio.',
        unauthorised: 'Avísanos sin demora de cualquier uso no autorizado de tu cuenta.',
      },
    },
    prohibited: {
      title: 'Actividades prohibidas',
      body: 'No debes usar el Servicio para:',
      items: {
        law: 'infringir cualquier ley o los derechos de otros, incluida la propiedad intelectual;',
        spam: 'enviar spam o distribuir malware;',
        attack:
          'atacar, escanear u obtener acceso no autorizado a cualquier sistema, incluido el propio Servicio;',
        fraud: 'cometer fraude, o compartir o explotar contenido de abuso infantil;',
        disrupt:
          'perturbar el Servicio u otros usuarios, o eludir sus límites, cuotas o facturación;',
        resell:
          'revender o compartir el acceso al Servicio, salvo en la medida en que estas condiciones lo permitan.',
      },
    },
    privacy: {
      title: 'Privacidad',
      body: 'Cómo recopilamos, usamos y protegemos la información se describe en nuestra <privacy>política de privacidad</privacy>, que forma parte de estas condiciones.',
    },
    property: {
      title: 'Propiedad intelectual',
      body: 'El código fuente del Servicio se publica bajo la Licencia Apache 2.0, que rige su uso, copia y modificación. El nombre y el logotipo de Peanut VPN no están cubiertos por ella y no pueden usarse para dar a entender que un servicio es nuestro o que lo respaldamos.',
    },
    fees: {
      title: 'Tarifas',
      body: 'Los paquetes de cacahuetes se pagan por adelantado al precio mostrado en el momento de la compra. Los cacahuetes se consumen al ejecutar VPN según las tarifas publicadas, no tienen valor monetario y no son transferibles. Los importes no son reembolsables salvo que la política de pagos y reembolsos indique lo contrario. Los precios y las tarifas pueden cambiar.',
    },
    warranty: {
      title: 'Exención de garantías',
      body: 'El Servicio se ofrece «tal cual» y «según disponibilidad», sin garantías de ningún tipo, expresas o implícitas, incluidas las de comerciabilidad, idoneidad para un fin determinado y no infracción. No garantizamos que el Servicio o cualquier región esté disponible, sin interrupciones, libre de errores o seguro en un momento dado.',
    },
    liability: {
      title: 'Limitación de responsabilidad',
      body: 'En la máxima medida permitida por la ley, no somos responsables de daños indirectos, incidentales, especiales, consecuentes o punitivos, ni de la pérdida de datos, beneficios u oportunidades, derivados de tu uso del Servicio. Nuestra responsabilidad total por cualquier reclamación se limita al importe que nos pagaste en los doce meses anteriores a la reclamación.',
    },
    termination: {
      title: 'Terminación',
      body: 'Podemos suspender o cancelar tu cuenta, y eliminar tus VPN, en cualquier momento y sin previo aviso si incumples estas condiciones o si debemos hacerlo para proteger el Servicio, a sus usuarios o a terceros. Puedes eliminar tu cuenta en cualquier momento; la eliminación de una cuenta no se puede deshacer.',
    },
    modifications: {
      title: 'Modificaciones',
      body: 'Podemos cambiar estas condiciones o el Servicio. Las condiciones modificadas se publican en esta página y se aplican desde ese momento. Si sigues usando el Servicio después de un cambio, aceptas las condiciones modificadas.',
    },
    law: {
      title: 'Ley aplicable',
      body: 'Estas condiciones se rigen por las leyes de la provincia de Columbia Británica y por las leyes federales de Canadá aplicables en ella. Los tribunales de Columbia Británica, Canadá, tienen competencia exclusiva sobre cualquier controversia relativa a ellas.',
    },
    agreement: {
      title: 'Acuerdo completo',
      body: 'Estas condiciones, junto con la política de privacidad y las condiciones de cualquier programa en el que participes, como las <referralTerms>condiciones del programa de referidos</referralTerms>, constituyen el acuerdo completo entre tú y nosotros sobre el Servicio y sustituyen cualquier acuerdo anterior.',
    },
    contact: {
      title: 'Contacto',
      body: 'Preguntas sobre estas condiciones: <supportMail>{{supportEmail}}</supportMail> o la <contact>página de contacto</contact>.',
    },
  },
};
