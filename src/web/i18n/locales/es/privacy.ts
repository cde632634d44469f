/** Spanish: the privacy policy (namespace `privacy`). */
import type { Catalogue } from '../../catalogue';

export const privacy: Catalogue['privacy'] = {
  title: 'Política de privacidad',
  intro:
    'Esta política explica qué información recopila Peanut VPN, por qué y qué puedes hacer al respecto.',
  sections: {
    collect: {
      title: 'Información que recopilamos',
      body: 'Recopilamos lo mínimo que el Servicio necesita para funcionar y cobrarse.',
    },
    account: {
      title: 'Información de la cuenta',
      body: 'Tu dirección de correo electrónico y los datos necesarios para iniciar tu sesión. Nunca guardamos tu contraseña: el proveedor de identidad conserva solo un verificador derivado de ella (protocolo Secure Remote Password), y al iniciar sesión demuestras que conoces la contraseña sin enviarla. Cuando compras cacahuetes, el proveedor de pagos procesa tu tarjeta; nosotros recibimos un registro de la compra, no los datos de tu tarjeta.',
    },
    usage: {
      title: 'Registros de uso',
      body: 'Para cada VPN: su región, configuración, hora de creación, estados, tiempo de funcionamiento, bytes transferidos y cacahuetes consumidos, además de tu saldo y tus compras. No registramos los sitios que visitas ni el contenido de tu tráfico, y los registros de un servidor VPN se borran cuando se destruye.',
    },
    device: {
      title: 'Información del dispositivo',
      body: 'Tu dirección IP y la versión de tu navegador o de la CLI llegan a nuestros servidores con cada solicitud, y la dirección IP de tu dispositivo llega a tu servidor VPN mientras estás conectado a él. Por defecto no las registramos.',
    },
    cookies: {
      title: 'Cookies',
      body: 'Ninguna. La aplicación web no instala cookies ni usa rastreadores o herramientas de analítica. Guarda tus tokens de autenticación en el almacenamiento local de tu navegador, que puedes vaciar en cualquier momento cerrando la sesión.',
    },
    use: {
      title: 'Cómo usamos la información',
      items: {
        vpns: 'para crear, ejecutar, medir y eliminar tus VPN;',
        balance:
          'para llevar tu saldo de cacahuetes, procesar compras y gestionar el programa de referidos;',
        messages: 'para confirmar tu registro y responder a tus mensajes;',
        fraud: 'para prevenir el fraude y el abuso, y cumplir obligaciones legales.',
      },
    },
    disclosure: {
      title: 'Divulgación',
      body: 'No vendemos ni alquilamos tu información. Solo la compartimos con los proveedores que operan el Servicio para nosotros (alojamiento, pagos, correo electrónico), en la medida en que la necesiten, y con las autoridades cuando la ley lo exige.',
    },
    retention: {
      title: 'Conservación',
      body: 'El servidor de un VPN, sus claves y los registros del servidor se destruyen con el VPN. La información de la cuenta y los registros de uso se conservan mientras tu cuenta existe. Cuando eliminas tu cuenta, los eliminamos, salvo los registros de compras que la ley nos obliga a conservar para la contabilidad.',
    },
    security: {
      title: 'Seguridad',
      body: 'El tráfico hacia el Servicio está cifrado, el tráfico VPN está protegido por WireGuard, cada VPN funciona en su propio servidor aislado sin acceso ssh, y el acceso a nuestros sistemas está restringido. Ningún sistema es perfectamente seguro, pero trabajamos para proteger tu información.',
    },
    rights: {
      title: 'Tus derechos',
      body: 'Puedes solicitar acceder, corregir, actualizar o eliminar la información personal que tenemos sobre ti. Puedes eliminar tu cuenta tú mismo desde el menú de la cuenta; para cualquier otra cosa, <contact>contáctanos</contact>.',
    },
    children: {
      title: 'Menores',
      body: 'El Servicio no está destinado a menores de 19 años. No recopilamos a sabiendas información de menores de 19 años; si crees que lo hemos hecho, <contact>contáctanos</contact> y la eliminaremos.',
    },
    changes: {
      title: 'Cambios en esta política',
      body: 'Podemos actualizar esta política. Los cambios se publican en esta página y se aplican desde ese momento.',
    },
    contact: {
      title: 'Contacto',
      body: 'Las preguntas sobre tu privacidad o sobre esta política son bienvenidas a través de la <contact>página de contacto</contact>.',
    },
  },
};
