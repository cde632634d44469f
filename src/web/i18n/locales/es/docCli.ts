/** Spanish: the CLI documentation page /doc-cli (namespace `docCli`). */
import type { Catalogue } from '../../catalogue';

export const docCli: Catalogue['docCli'] = {
  title: 'Documentación de la CLI',
  intro:
    '<code>peanut</code> es la herramienta de línea de comandos de Peanut VPN. Hace lo mismo que el panel: registrarse, iniciar sesión, listar regiones y paquetes, y crear, listar, descargar y eliminar VPN. Sigue los pasos de abajo en orden; la <doc>documentación</doc> explica los conceptos y las <faq>preguntas frecuentes</faq> responden a las dudas habituales.',
  step0: {
    title: 'Paso 0: instalar WireGuard y la CLI',
    tools:
      'Instala las herramientas de WireGuard, que proporcionan <code>wg</code> y <code>wg-quick</code>. En Debian o Ubuntu:',
    fedora: 'En Fedora:',
    macos: 'En macOS con Homebrew:',
    node: 'La CLI necesita Node.js 20 o posterior. Instálala desde el repositorio del código fuente (<repo>{{url}}</repo>), lo que pone un comando <code>peanut</code> en tu ruta:',
  },
  step1: {
    title: 'Paso 1: registrarse',
    body: 'Crea tu cuenta. El comando pide una contraseña dos veces; debe tener al menos 8 caracteres y contener un dígito, una minúscula, una mayúscula y un símbolo. La CLI la comprueba antes de enviar nada.',
    script:
      'La contraseña nunca es un argumento de la línea de comandos. En un script, pásala con <code>--password-stdin</code> o define <code>PEANUT_PASSWORD</code>:',
  },
  step2: {
    title: 'Paso 2: confirmar el registro',
    body: 'Enviamos un código de confirmación a tu dirección de correo electrónico. Confirma el registro con él; tu cuenta recibe entonces sus cacahuetes gratis de bienvenida. Después inicia sesión: la sesión se guarda en tu perfil hasta que la cierres.',
    mfa: 'Cuando tu cuenta tiene activada la autenticación en dos pasos (una aplicación de autenticación, o un código enviado por SMS a tu teléfono; configúrala en la página Cuenta de la aplicación web), <code>peanut login</code> pide el código: en un terminal muestra <code>Authenticator code:</code> (o <code>SMS code</code>) después de la contraseña. En un script, o para saltarte la pregunta, da el código con <code>--mfa-code</code>; un código erróneo hace fallar el inicio de sesión, así que vuelve a ejecutarlo con un código nuevo.',
    emailCode:
      'Para iniciar sesión sin contraseña, <code>--email-code</code> te envía por correo un código de inicio de sesión y te lo pide en el terminal (si hay un segundo factor activado, se sigue pidiendo después).',
  },
  step3: {
    title: 'Paso 3: comprar cacahuetes',
    body: 'Lista los paquetes de cacahuetes. Cada uno trae un enlace de compra: ábrelo en tu navegador y paga para recargar tu cuenta. También puedes comprar paquetes en la <pricing>página de precios</pricing>. Después comprueba tu saldo.',
  },
  step4: {
    title: 'Paso 4: crear, listar y eliminar VPN',
    regions: 'Lista las regiones y elige una, por ejemplo eu-west-3 (París):',
    create:
      'Crea una VPN en esa región. <code>--max-peanuts</code> es el número de cacahuetes que recibe la VPN (se termina cuando los ha consumido; 0, el valor por defecto, le da todos tus cacahuetes hasta el máximo) y <code>--delete-after</code> el número de segundos tras los que se termina de todos modos (por defecto: el máximo). Con la opción <code>--sync</code>, el comando espera a que la VPN esté en marcha, lo que tarda varios minutos, mostrando su estado; sin ella, el comando termina en cuanto se acepta la VPN.',
    list: 'Lista tus VPN con su id, región, estado y uso, o muestra una. Un id tiene este aspecto: 1718031234567@eu-west-3, la hora de creación en milisegundos y luego la región.',
    delete:
      'Elimina una VPN por su id cuando termines; <code>--sync</code> espera a que se elimine. Una VPN eliminada no puede volver.',
  },
  step5: {
    title: 'Paso 5: descargar la configuración y conectarse',
    download:
      'Cuando la VPN esté en marcha, descarga su configuración. Obtienes un archivo tar.gz con el archivo de configuración de WireGuard y una imagen PNG de su código QR, para la aplicación WireGuard de un teléfono. Solo tú puedes leer el archivo, porque la configuración contiene la clave privada; el comando nunca sobrescribe un archivo salvo que añadas <code>--force</code>, y <code>--output</code> indica otro archivo.',
    extract:
      'Extrae el archivo y levanta el túnel con <code>wg-quick</code>. El nombre del archivo es corto a propósito: <code>wg-quick</code> nombra la interfaz de red a partir de él, y los nombres de interfaz están limitados a 15 caracteres.',
    check:
      'Comprueba la conexión con <code>sudo wg show</code>: un «latest handshake» reciente significa que el túnel funciona. Desconéctate con <code>sudo wg-quick down ./<name>.conf</code>.',
  },
  step6: {
    title: 'Paso 6: obtener ayuda',
    help: 'Cada comando describe sus opciones y muestra ejemplos con la opción de ayuda:',
    json: 'Añade <code>--json</code> a cualquier comando para obtener sus datos como JSON en la salida estándar, para scripts; los mensajes van a la salida de error. El código de salida indica cómo fue un comando: 0 éxito, 1 error (una línea en la salida de error), 2 error de uso, 4 sin sesión iniciada (ejecuta <code>peanut login</code>).',
  },
  commands: {
    title: 'Comandos',
    summaries: {
      register: 'crear una cuenta; se envía un código de confirmación a la dirección de correo',
      'confirm-registration': 'confirmar tu cuenta con el código que recibiste por correo',
      'list-peanuts-packs': 'listar los paquetes de cacahuetes a la venta y sus enlaces de compra',
      'list-regions':
        'listar las regiones donde se puede crear una VPN, por país y luego por ciudad',
      create: 'crear una VPN en una región',
      list: 'listar tus VPN, las más recientes primero, con su estado y uso',
      delete: 'eliminar una VPN; una VPN eliminada no puede volver',
      'download-config':
        'descargar la configuración de WireGuard de una VPN en marcha y su código QR en un archivo tar.gz',
      login: 'iniciar sesión; la sesión se guarda en el perfil hasta cerrarla',
      logout: 'cerrar sesión: revocar la sesión y quitarla del perfil',
      whoami: 'mostrar la cuenta con sesión iniciada, el perfil y el servicio',
      balance: 'mostrar tu saldo en cacahuetes',
      get: 'mostrar una VPN con su estado y uso',
      extend: 'dar a una VPN más cacahuetes o más tiempo mientras no haya terminado',
    },
  },
  options: {
    title: 'Opciones globales',
    profile:
      '<code>--profile <name></code>: el perfil del archivo de configuración de usuario que se usa (por defecto: default; variable de entorno: <code>PEANUT_PROFILE</code>).',
    url: '<code>--url <origin></code>: el servicio con el que hablar (por defecto: http://localhost:8080; variable de entorno: <code>PEANUT_URL</code>).',
    config:
      '<code>--config <file></code>: otro archivo de configuración de usuario (variable de entorno: <code>PEANUT_CONFIG_DIR</code>, su carpeta).',
    json: '<code>--json</code>: mostrar solo los datos, como JSON, para scripts.',
    precedence:
      'Una opción prevalece sobre el entorno, que prevalece sobre el perfil, que prevalece sobre el valor por defecto.',
  },
  configFile: {
    title: 'Archivo de configuración de usuario',
    body: 'La CLI guarda sus ajustes en un archivo JSON de tu carpeta de configuración de usuario: <code>~/.config/peanut/config.json</code> en Linux, <code>~/Library/Preferences/peanut/config.json</code> en macOS y <code>%APPDATA%\\peanut\\Config\\config.json</code> en Windows. Contiene un mapa <code>profiles</code>; cada perfil indica un servicio, una cuenta y su sesión, y se elige por su nombre con <code>--profile</code>. Si no se indica ninguno, se usa el perfil llamado default. <code>login</code> y <code>register</code> lo rellenan.',
    session:
      'La sesión contiene tus tokens, así que la CLI hace que solo tú puedas leer el archivo; <code>peanut logout</code> revoca la sesión y la quita. Para usar el perfil work:',
  },
  password: {
    title: 'Reglas de la contraseña',
    body: 'Una contraseña debe tener al menos 8 caracteres y contener al menos un dígito, una minúscula, una mayúscula y un símbolo. La CLI la pide, oculta, cuando ejecutas <code>peanut register</code> o <code>peanut login</code> en un terminal; si no, la lee de la entrada estándar con <code>--password-stdin</code>, o de <code>PEANUT_PASSWORD</code>. Nunca es un argumento de la línea de comandos.',
  },
};
