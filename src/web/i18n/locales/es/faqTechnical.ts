/** Spanish: the FAQ's Security, Regions, Troubleshoot and Software Development sections (namespace `faqTechnical`). */
import type { Catalogue } from '../../catalogue';

export const faqTechnical: Catalogue['faqTechnical'] = {
  security: { title: 'Seguridad' },
  protocol: {
    title: '¿Qué protocolo usa Peanut VPN?',
    body: 'Solo WireGuard. Usa criptografía moderna (Curve25519, ChaCha20-Poly1305, BLAKE2s) y una base de código pequeña y fácil de auditar.',
  },
  wiped: {
    title: '¿Se borran mis claves y registros?',
    body: 'Sí. Cuando una VPN se elimina o se termina, su servidor se destruye junto con sus claves de WireGuard y cualquier registro escrito en él, así que tu configuración anterior deja de funcionar para siempre. Solo guardamos lo que necesita la facturación: región, horas, bytes transferidos y cacahuetes consumidos.',
  },
  traffic: {
    title: '¿Se registra mi tráfico?',
    body: 'No. El servicio no guarda registros por defecto: los servidores VPN no registran los sitios que visitas ni el contenido de tu tráfico. Solo se leen los contadores de bytes para cobrar tus cacahuetes.',
  },
  ssh: {
    title: '¿Por qué no hay acceso ssh a los servidores?',
    body: 'Un servidor en el que nadie puede iniciar sesión no se puede desconfigurar ni espiar después, ni un atacante ni nosotros. Cada servidor se configura una vez, al crearse, para ejecutar una instancia de WireGuard, y se destruye en lugar de modificarse.',
  },
  shared: {
    title: '¿Mi servidor VPN se comparte con otros usuarios?',
    body: 'No. Cada VPN funciona en su propio servidor aislado, que solo sirve tu túnel.',
  },
  cookies: {
    title: '¿Se usan cookies?',
    body: 'No. La aplicación web usa el almacenamiento local del navegador solo para la autenticación, y no instala cookies. Consulta la <privacy>política de privacidad</privacy>.',
  },
  regions: { title: 'Regiones' },
  available: {
    title: '¿Qué regiones hay disponibles?',
    count: '27 regiones, cada una conocida por su ciudad:',
    africa: 'África: Ciudad del Cabo (Sudáfrica).',
    asia: 'Asia-Pacífico: Hong Kong, Bombay (India), Tokio y Osaka (Japón), Seúl (Corea del Sur), Singapur, Sídney (Australia), Yakarta (Indonesia).',
    canada: 'Canadá: Montreal, Calgary.',
    europe:
      'Europa: Fráncfort (Alemania), Dublín (Irlanda), Londres (Reino Unido), París (Francia), Milán (Italia), Zaragoza (España), Estocolmo (Suecia).',
    middleEast: 'Oriente Medio: Manama (Baréin), Dubái (Emiratos Árabes Unidos).',
    us: 'EE. UU.: Ashburn, Columbus, San Francisco, Portland.',
    southAmerica: 'Sudamérica: São Paulo (Brasil).',
    china: 'China: Pekín, Zhongwei.',
    table: 'La tabla de regiones de la página de inicio las muestra, cada una con un botón Crear.',
  },
  request: {
    title: '¿Puedo pedir una región nueva?',
    body: 'Sí: <ticket>pide una región o vota una solicitud existente</ticket>. Las regiones más solicitadas se añaden primero.',
  },
  price: {
    title: '¿El precio depende de la región?',
    body: 'Los cacahuetes se consumen a las mismas tarifas por segundo y por byte en todas las regiones. Lo que dura un paquete depende de tu tráfico, así que las duraciones de la página de precios son solo estimaciones.',
  },
  troubleshoot: { title: 'Solución de problemas' },
  handshake: {
    title: 'Mi túnel está activo pero no hay handshake',
    run: 'Ejecuta esto y mira «latest handshake»:',
    none: 'Si no hay ninguno, o tiene más de unos dos minutos:',
    running: 'comprueba en el panel que la VPN sigue En marcha y le quedan cacahuetes;',
    sameVpn:
      'asegúrate de usar la configuración de esa VPN: el archivo de una VPN eliminada no vuelve a funcionar nunca;',
    network:
      'prueba otra red: algunas redes públicas y corporativas bloquean el tráfico UDP que necesita WireGuard;',
    again: 'desactiva y vuelve a activar el túnel, o descarga la configuración de nuevo.',
  },
  stuck: {
    title: 'Mi VPN se ha quedado en Preparando',
    body: 'La preparación suele tardar unos 3 minutos. Pulsa el botón de actualizar junto a tu saldo. Si la VPN acaba como Fallida, elimínala y crea otra, quizá en otra región.',
  },
  disappeared: {
    title: 'Mi VPN ha desaparecido',
    body: 'Se ha terminado: consumió los cacahuetes que recibió, tu saldo llegó a cero o venció su plazo de eliminación. Las VPN terminadas no se pueden restaurar; crea una nueva.',
  },
  cannotCreate: {
    title: 'No puedo crear una VPN',
    balance: 'Tu saldo es cero o menos: <pricing>compra cacahuetes</pricing>.',
    maxPeanuts:
      'Los cacahuetes máx. que elegiste superan tu saldo o están fuera del rango permitido.',
    quota: 'Has alcanzado la cuota de VPN activas: elimina una que ya no uses.',
  },
  noCode: {
    title: 'No he recibido el código de confirmación',
    body: 'Revisa tu carpeta de spam y que la dirección esté bien escrita, y pide un código nuevo. Si sigue sin llegar, <contactus>contáctanos</contactus>.',
  },
  clipboard: {
    title: 'El botón de copiar dice «No se pudo copiar al portapapeles»',
    body: 'Tu navegador ha denegado el acceso al portapapeles. Selecciona el texto y cópialo a mano, o permite el acceso al portapapeles para este sitio.',
  },
  development: { title: 'Desarrollo de software' },
  cli: {
    title: '¿Hay una herramienta de línea de comandos?',
    body: 'Sí: <code>peanut</code> registra, lista regiones y paquetes, y crea, lista, elimina y descarga VPN. Consulta la <cli>documentación de la CLI</cli>.',
  },
  sdk: {
    title: '¿Hay un SDK?',
    body: 'Sí, un SDK de TypeScript que funciona en navegadores y en Node; la aplicación web y la CLI se basan en él. Llama a la API HTTP, reintenta ante errores transitorios y puede esperar a que una VPN llegue a un estado. La API es JSON simple sobre HTTPS, por ejemplo:',
    reference: 'Un servidor en marcha también sirve la referencia de su API en /docs.',
  },
  selfHost: {
    title: '¿Puedo ejecutar mi propio Peanut VPN?',
    body: 'Sí. Desde una copia del código fuente:',
    makeMoney:
      'Consulta <makemoney>Ganar dinero</makemoney> para ofrecerlo como servicio a otras personas.',
  },
  contribute: {
    title: '¿Cómo puedo contribuir?',
    body: 'Informa de errores e ideas en el <issues>gestor de incidencias</issues> y ayuda con el frontend web, la CLI, la biblioteca o el backend: consulta <contribute>Contribuir</contribute>. La <doc>documentación</doc> es un buen punto de partida.',
  },
};
