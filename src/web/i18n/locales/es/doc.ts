/** Spanish: the documentation page /doc (namespace `doc`). */
import type { Catalogue } from '../../catalogue';

export const doc: Catalogue['doc'] = {
  title: 'Documentación',
  intro:
    'Peanut VPN alquila servidores VPN WireGuard de corta duración en la región que elijas. Cada VPN es una instancia de WireGuard en su propio servidor aislado, pagada con un crédito prepago llamado cacahuetes y destruida cuando ya no la necesitas. Esta página explica los principios del servicio y cómo funciona. Para los comandos paso a paso, consulta la <cli>documentación de la línea de comandos</cli>; para respuestas rápidas, las <faq>preguntas frecuentes</faq>; para ayuda, <support>Soporte</support>.',
  tenets: {
    title: 'Principios',
    body: 'Seis promesas dan forma a cada parte del producto.',
  },
  openSource: {
    title: 'Código abierto',
    body: 'La aplicación web, la herramienta de línea de comandos <code>peanut</code>, el SDK de TypeScript y el backend se publican bajo la Licencia Apache 2.0 en <repo>{{url}}</repo>. Puedes leer lo que hace funcionar tu VPN, informar de problemas y <contribute>contribuir</contribute>.',
  },
  subscriptionFree: {
    title: 'Sin suscripción',
    body: 'No hay planes ni cargos recurrentes. Compras un paquete de cacahuetes una vez y solo los gastas mientras existe una VPN. Los cacahuetes que no gastas se quedan en tu saldo.',
  },
  spamFree: {
    title: 'Sin spam',
    body: 'Tu dirección de correo electrónico sirve para confirmar tu registro y para responderte cuando nos escribes. No enviamos boletines ni correos publicitarios, y no vendemos ni compartimos direcciones.',
  },
  cookieFree: {
    title: 'Sin cookies',
    body: 'La aplicación web no instala cookies ni carga rastreadores. Guarda tus tokens de autenticación en el almacenamiento local del navegador, y nada más.',
  },
  logsFree: {
    title: 'Sin registros por defecto',
    body: 'Un servidor VPN no registra el tráfico que pasa por él. Cuando la VPN se destruye, el servidor, sus claves de WireGuard y cualquier registro que haya escrito el sistema se borran con ella. Solo queda lo que necesita la facturación: la región, la hora de creación, el tiempo de funcionamiento, los bytes transferidos y los cacahuetes consumidos.',
  },
  sshFree: {
    title: 'Sin SSH',
    body: 'Los servidores VPN no tienen acceso ssh: nadie puede iniciar sesión en ellos, ni siquiera nosotros. Un servidor se configura una sola vez, al crearse, y no se modifica nunca después, lo que deja muy poco que atacar.',
  },
  howItWorks: {
    title: 'Cómo funciona',
    signUp:
      '<login>Regístrate</login> con tu dirección de correo electrónico y confírmala con el código que te enviamos. Las cuentas nuevas reciben {{count}} cacahuetes gratis.',
    buy: 'Compra más cacahuetes en la <pricing>página de precios</pricing> cuando los necesites.',
    create:
      'Instala WireGuard en tu dispositivo, elige una región y crea una VPN. La preparación tarda unos 3 minutos.',
    connect:
      'Descarga el archivo de configuración o escanea el código QR con la aplicación WireGuard, y conéctate.',
    delete: 'Elimina la VPN cuando termines, o deja que termine por sí sola.',
  },
  peanuts: {
    title: 'Cacahuetes',
    rates:
      'Los cacahuetes son el crédito prepago del servicio. Una VPN en marcha consume 0,0015 cacahuetes por segundo de funcionamiento más 0,0000005 cacahuetes por byte de tráfico, es decir, unos 0,52 cacahuetes por MiB. Una hora de una VPN inactiva cuesta 5,4 cacahuetes; una hora con 10 MiB de tráfico cuesta unos 10,6 cacahuetes.',
    packs:
      'Los cacahuetes se venden en paquetes: Starter (17 cacahuetes por 2,71 USD), Pro (34 cacahuetes por 4,89 USD) y Elite (73 cacahuetes por 9,87 USD). Consulta la <pricing>página de precios</pricing> para ver los paquetes actuales y las duraciones estimadas.',
  },
  creating: {
    title: 'Crear una VPN',
    settings: 'Cada VPN se crea en una región con dos ajustes:',
    maxPeanuts:
      '<strong>Cacahuetes máx.</strong>: los cacahuetes que recibe la VPN al crearse. Se termina cuando los ha consumido. Elegir 0 le da todos tus cacahuetes.',
    deleteAfter:
      '<strong>Eliminar tras</strong>: un plazo en segundos. La VPN se termina cuando vence, le queden los cacahuetes que le queden.',
    ranges:
      'Los rangos permitidos dependen de tu cuenta y los muestran los controles deslizantes del panel Configuración del panel principal. Una VPN pasa por los estados Creando, Creada, Preparando y En marcha; se puede usar cuando está En marcha.',
  },
  ending: {
    title: 'Cuándo termina una VPN',
    when: 'Una VPN se termina en cuanto ocurre lo primero de esto:',
    consumed: 'ha consumido los cacahuetes que recibió al crearse;',
    balance: 'el saldo de tu cuenta llega a cero o menos;',
    deadline: 'vence su plazo de eliminación;',
    deleted: 'la eliminas, desde el panel o con la herramienta de línea de comandos.',
    after:
      'Su servidor se desaprovisiona entonces y se destruye junto con sus claves y registros. Una VPN eliminada no puede volver: crea una nueva y descarga su nueva configuración.',
  },
  clients: {
    title: 'Aplicación web, línea de comandos y SDK',
    web: 'La aplicación web: el panel muestra tu saldo, tus VPN y las regiones, y crea, descarga y elimina VPN.',
    cli: 'La herramienta de línea de comandos <code>peanut</code> hace lo mismo desde un terminal; consulta la <cli>documentación de la CLI</cli>.',
    sdk: 'El SDK de TypeScript es el cliente que usan ambas. Llama a la API HTTP, reintenta ante errores transitorios y espera los estados de las VPN, en navegadores y en Node.',
  },
  selfHosting: {
    title: 'Alojamiento propio',
    body: 'Todo el servicio funciona en una sola máquina con valores predeterminados integrados: una base de datos, un proveedor de identidad, un buzón de correo, una página de pago y servidores VPN simulados. Desde una copia del código fuente:',
    serves:
      'Sirve la aplicación web, la API y la referencia de la API en http://localhost:8080. Consulta <makemoney>Ganar dinero</makemoney> para ofrecerlo como tu propio servicio.',
  },
  help: {
    title: 'Obtener ayuda',
    body: 'La mayoría de las preguntas tienen respuesta en las <faq>preguntas frecuentes</faq>. Si la tuya no, ve a <support>Soporte</support>. Quien use la línea de comandos encontrará cada paso en la <cli>documentación de la CLI</cli>.',
  },
};
