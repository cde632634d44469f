/** Spanish: the FAQ's About and Connection sections (namespace `faq`). */
import type { Catalogue } from '../../catalogue';

export const faq: Catalogue['faq'] = {
  title: 'Preguntas frecuentes',
  intro:
    'Respuestas breves sobre Peanut VPN, desde comprar cacahuetes hasta arreglar un túnel que no conecta. La <doc>documentación</doc> explica con más detalle cómo funciona el servicio.',
  about: { title: 'Acerca de' },
  whatIs: {
    title: '¿Qué es Peanut VPN?',
    body: 'Un servicio que alquila servidores VPN WireGuard de corta duración. Eliges una región, creas una VPN, te conectas a ella con la aplicación WireGuard y la eliminas cuando terminas. Cada VPN es una instancia de WireGuard en su propio servidor aislado, sin acceso ssh, y se destruye con sus registros al final. Pagas por uso con cacahuetes prepago; no hay suscripción.',
  },
  peanuts: {
    title: '¿Qué son los cacahuetes?',
    rates:
      'Los cacahuetes son el crédito prepago que gastas en VPN. Una VPN en marcha consume 0,0015 cacahuetes por segundo (5,4 cacahuetes por hora) más 0,0000005 cacahuetes por byte de tráfico (unos 0,52 cacahuetes por MiB). Los cacahuetes que no gastas se quedan en tu saldo, que muestra el panel.',
    packs:
      'Se venden en paquetes: Starter (17 cacahuetes por 2,71 USD), Pro (34 cacahuetes por 4,89 USD) y Elite (73 cacahuetes por 9,87 USD). Consulta la página de <pricing>precios</pricing> para ver los paquetes actuales.',
  },
  start: {
    title: '¿Cómo empiezo?',
    body: '<login>Inicia sesión</login>, o regístrate con tu dirección de correo electrónico: las cuentas nuevas reciben {{count}} cacahuetes gratis. Instala WireGuard (consulta <connection>Conexión</connection>), elige una región en el panel, pulsa Crear y espera unos 3 minutos a que la VPN esté En marcha. Después descarga su configuración o escanea su código QR.',
  },
  subscription: {
    title: '¿Hay una suscripción?',
    body: 'No. Compras un paquete de cacahuetes cuando lo necesitas, y nada se renueva ni se cobra automáticamente.',
  },
  runOut: {
    title: '¿Qué pasa cuando se me acaban los cacahuetes?',
    when: 'Una VPN recibe cacahuetes al crearse y se termina cuando:',
    consumed: 'ha consumido esos cacahuetes;',
    balance: 'tu saldo llega a cero o menos;',
    deadline: 'vence su plazo de eliminación;',
    deleted: 'o la eliminas.',
    after:
      'Una VPN terminada se destruye y no puede volver. Compra más cacahuetes en la página de <pricing>precios</pricing> y crea una nueva.',
  },
  refund: {
    title: '¿Puedo obtener un reembolso?',
    body: 'Las tarifas no son reembolsables salvo que la política de pagos y reembolsos diga lo contrario; consulta los <terms>términos del servicio</terms>. Si algo salió mal con una compra, <contactus>contáctanos</contactus>.',
  },
  referral: {
    title: '¿Hay un programa de referidos?',
    body: 'Sí. Comparte tu código o enlace desde la <referral>página de referidos</referral>: cuando un amigo hace su primera compra de cacahuetes, ambos reciben cacahuetes de regalo. Consulta los <referralTerms>términos de referidos</referralTerms>.',
  },
  openSource: {
    title: '¿Peanut VPN es de código abierto?',
    body: 'Sí, bajo la Licencia Apache 2.0: la aplicación web, la herramienta de línea de comandos, el SDK y el backend. Consulta <contribute>Contribuir</contribute> para participar.',
  },
  connection: { title: 'Conexión' },
  install: {
    title: '¿Cómo instalo WireGuard?',
    linux:
      'Linux: instala las herramientas de WireGuard, por ejemplo <code>sudo apt install wireguard-tools</code> en Debian y Ubuntu o <code>sudo dnf install wireguard-tools</code> en Fedora.',
    macos:
      'macOS: instala la aplicación WireGuard desde la Mac App Store, o <code>brew install wireguard-tools</code> para la línea de comandos.',
    windows:
      'Windows: descarga y ejecuta el instalador desde <wireguard>wireguard.com/install</wireguard>.',
    android: 'Android: instala la aplicación WireGuard desde Google Play.',
    ios: 'iOS y iPadOS: instala la aplicación WireGuard desde la App Store.',
  },
  configFile: {
    title: '¿Cómo me conecto con un archivo de configuración?',
    body: 'Cuando tu VPN esté En marcha, pulsa Configuración en su fila para descargar un archivo .conf. En la aplicación WireGuard para Windows o macOS, elige «Importar túneles desde archivo», selecciona el archivo y pulsa Activar. En Linux:',
    privateKey:
      'El archivo contiene la clave privada de tu túnel: guárdalo para ti y elimínalo cuando se elimine la VPN.',
  },
  qrCode: {
    title: '¿Cómo me conecto con un código QR?',
    body: 'Pulsa Código QR en la fila de una VPN En marcha: una ventana muestra el código. En la aplicación WireGuard de tu teléfono, toca +, elige «Escanear desde código QR», escanéalo, pon nombre al túnel y actívalo. Si no se abre nada, permite las ventanas emergentes para este sitio.',
  },
  ready: {
    title: '¿Cuánto tarda una VPN en estar lista?',
    body: 'Unos 3 minutos. La lista muestra un indicador de carga mientras la VPN pasa por Creando, Creada y Preparando, y los botones de descarga aparecen cuando está En marcha.',
  },
  disconnect: {
    title: '¿Cómo me desconecto?',
    body: 'Desactiva el túnel en la aplicación WireGuard, o ejecuta <code>sudo wg-quick down ./<name>.conf</code>. Desconectarte no impide que la VPN siga consumiendo cacahuetes: elimínala desde el panel cuando ya no la necesites.',
  },
  devices: {
    title: '¿Puedo usar una VPN en varios dispositivos?',
    body: 'No a la vez. Una VPN tiene una sola configuración de cliente, y WireGuard envía su tráfico al dispositivo que la usó por última vez, así que dos dispositivos se desconectarían mutuamente sin parar. Crea una VPN por dispositivo.',
  },
};
