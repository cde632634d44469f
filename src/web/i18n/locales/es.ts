/** Spanish (docs/languages.md): the catalogue, dayjs's and antd's locale. */
import 'dayjs/locale/es';
import antd from 'antd/locale/es_ES';
import type { Catalogue, LocaleModule } from '../catalogue';
import { account, notices } from './es/account';
import { admin } from './es/admin';
import { auth } from './es/auth';
import { messages } from './es/messages';
import { errorPages, pages } from './es/pages';
import { referral } from './es/referral';
import { terms } from './es/terms';
import { contact } from './es/contact';
import { privacy } from './es/privacy';
import { issue, support } from './es/support';
import { contribute, makeMoney } from './es/contribute';
import { referralTerms } from './es/referralTerms';
import { doc } from './es/doc';
import { faq } from './es/faq';
import { faqTechnical } from './es/faqTechnical';
import { docCli } from './es/docCli';

const catalogue: Catalogue = {
  header: {
    home: 'Inicio de Peanut VPN',
    beta: 'Beta',
    openMenu: 'Abrir el menú',
    mainMenu: 'Menú principal',
    loadingAuthentication: 'Cargando la autenticación',
  },
  footer: {
    about: 'Acerca de',
    contactUs: 'Contacto',
    legal: 'Legal',
    privacy: 'Política de privacidad',
    terms: 'Condiciones de uso',
    tagline: 'Peanut VPN: VPN WireGuard prepagadas y temporales. Sin suscripción.',
  },
  menu: {
    pricing: 'Precios',
    help: 'Ayuda',
    documentation: 'Documentación',
    faq: 'Preguntas frecuentes',
    issue: 'Informar de un problema',
    support: 'Soporte',
    contribute: 'Contribuir',
    makeMoney: 'Ganar dinero',
    signIn: 'Iniciar sesión',
    admin: 'Administración',
    account: 'Cuenta',
    accountSettings: 'Ajustes de la cuenta',
    referralProgram: 'Programa de referidos',
    passwordChange: 'Cambiar la contraseña',
    logout: 'Cerrar sesión',
    deleteAccount: 'Eliminar tu cuenta',
  },
  language: { label: 'Idioma' },
  theme: { label: 'Tema', choices: { light: 'Claro', dark: 'Oscuro', system: 'Sistema' } },
  search: { placeholder: 'Buscar en las preguntas frecuentes y la documentación' },
  landing: {
    authenticate: '<login>Inicia sesión</login> para crear y gestionar tus VPN.',
    title: 'VPN prepagadas y temporales',
    intro:
      'Peanut VPN es un servicio de VPN prepago: sin suscripción, compras cacahuetes y los gastas en tiempo de servidor y tráfico. Cada VPN es:',
    secure: '<b>segura</b>: usa WireGuard;',
    isolated: '<b>aislada</b>: tiene su propio servidor, sin acceso ssh;',
    temporary:
      '<b>temporal</b>: se destruye, registros incluidos, cuando se consumen sus cacahuetes o llega su plazo.',
    questions:
      '¿Preguntas? Lee las <faq>preguntas frecuentes</faq> o <contact>contáctanos</contact>.',
    signupCta: 'Regístrate y recibe {{count}} cacahuetes gratis',
    packs: 'Paquetes de cacahuetes',
  },
  pack: {
    peanuts: 'cacahuetes',
    buy: 'Comprar',
    signIn: 'Iniciar sesión',
    loading: 'Cargando los paquetes de cacahuetes',
    idle: 'Unas {{duration}} de una VPN inactiva',
    light: 'Unas {{duration}} con 1 MiB de tráfico por hora',
    traffic: 'O hasta {{mib}} MiB de tráfico',
    hours: { one: '{{count}} hora', other: '{{count}} horas' },
    minutes: { one: '{{count}} minuto', other: '{{count}} minutos' },
  },
  regions: {
    title: 'Regiones',
    city: 'Ciudad',
    country: 'País',
    message: 'Mensaje',
    action: 'Acción',
    create: 'Crear',
    createIn: 'Crear una VPN en {{city}}, {{country}}',
    dismiss: 'Cerrar el mensaje',
    refresh: 'Actualizar las regiones',
    unavailable: 'No disponible: ningún servidor VPN está en línea en esta región',
  },
  messages,
  common: {
    refresh: 'Actualizar',
    peanuts: 'cacahuetes',
    loading: 'Cargando',
    loadingDots: 'Cargando…',
  },
  dashboard: { title: 'Panel' },
  balance: { balance: 'Saldo', buyMore: 'Comprar más', statement: 'Extracto' },
  statement: {
    title: 'Extracto de cacahuetes',
    date: 'Fecha',
    kind: 'Tipo',
    amount: 'Importe',
    balanceAfter: 'Saldo después',
    reference: 'Referencia',
    loadMore: 'Cargar más',
    pack: 'Paquete {{pack}}',
    kinds: {
      signup_bonus: 'Bono de registro',
      purchase: 'Compra',
      usage: 'Uso de VPN',
      refund: 'Reembolso',
      dispute: 'Disputa',
      dispute_won: 'Disputa ganada',
      referral_reward: 'Recompensa por referido',
      reversal: 'Anulación',
      adjustment: 'Ajuste',
    },
    states: { paid: 'pagado', refunded: 'reembolsado', disputed: 'disputado' },
  },
  steps: {
    title: 'Cómo funciona',
    check: 'Comprobar',
    checkText: 'Comprueba que WireGuard está instalado y que tienes suficientes cacahuetes.',
    create: 'Crear',
    createText: 'Crea una VPN en la región que elijas abajo.',
    connect: 'Conectar',
    connectText: 'Descarga la configuración (o escanea su código QR) y conéctate.',
    delete: 'Eliminar',
    deleteText: 'Elimina la VPN cuando termines.',
    newToWireGuard:
      '¿Nuevo en WireGuard? Mira <faq>cómo conectarte</faq> en las preguntas frecuentes.',
  },
  vpnList: {
    title: 'Tus VPN',
    empty: 'Todavía no hay VPN: crea una en una región de la tabla de abajo.',
    columns: {
      createdAt: 'Creada el',
      region: 'Región',
      config: 'Configuración',
      state: 'Estado',
      usage: 'Uso',
      actions: 'Acciones',
    },
    states: {
      Failed: 'Fallida',
      Creating: 'Creando',
      Created: 'Creada',
      Provisioning: 'Preparando',
      Paused: 'En pausa',
      Running: 'En marcha',
      Deprovisioning: 'Desmontando',
      Deleted: 'Eliminada',
    },
    configCell: 'cacahuetes máx.: {{peanuts}}, eliminar tras: {{duration}}',
    unlimited: 'ilimitado',
    about: 'unos {{duration}}',
    inProgress: '{{state}}…',
    loadingUsage: 'Cargando el uso',
    data: 'Datos: {{value}}',
    time: 'Tiempo: {{value}}',
    peanuts: 'Cacahuetes: {{value}}',
    usageDetails: 'Uso en el tiempo',
    usageDetailsLabel: 'Uso en el tiempo, previsión y ampliación de {{vpnId}}',
    config: 'Configuración',
    configLabel: 'Configuración: descargar la configuración de {{vpnId}}',
    qrCode: 'Código QR',
    qrCodeLabel: 'Código QR: mostrar el código QR de {{vpnId}}',
    delete: 'Eliminar',
    deleteLabel: 'Eliminar {{vpnId}}',
    deleteTitle: '¿Eliminar esta VPN?',
    deleteDescription: 'Se destruye con sus registros y no se puede recuperar.',
  },
  forecast: {
    endsIn: 'termina en unos {{duration}}: {{reason}}',
    endsNow: 'termina ahora: {{reason}}',
    reasons: { 'max-peanuts': 'cacahuetes máx.', balance: 'saldo', deadline: 'plazo' },
  },
  configuration: {
    title: 'Configuración',
    limitsUnavailable: 'Los límites de tus VPN no están disponibles: {{error}}',
    deleteAfter: 'Eliminar tras',
    maxPeanuts: 'Cacahuetes máx.',
    peanuts: '{{peanuts}} cacahuetes',
    maximum: '0: el máximo, {{peanuts}} cacahuetes',
    allPeanuts: '0: todos tus cacahuetes',
    seconds: '{{duration}} ({{seconds}} s)',
    explanation:
      'La próxima VPN que crees se elimina tras este tiempo, o cuando haya consumido sus cacahuetes, lo que ocurra primero.',
  },
  usageDrawer: {
    title: 'Uso de {{vpnId}}',
    chartLabel: 'Tráfico y cacahuetes de la VPN {{vpnId}} en el tiempo',
    traffic: 'Tráfico',
    peanuts: 'Cacahuetes',
    noPoints: 'Todavía no hay uso: el gráfico se completa mientras la VPN funciona.',
    extendTitle: 'Ampliar',
    extendHelp:
      'Da a esta VPN más cacahuetes o más tiempo. Conserva sus claves y su servidor; los nuevos valores se aplican desde la próxima medición.',
    deleteAfter: 'Eliminar tras',
    maxPeanuts: 'Cacahuetes máx.',
    unlimited: 'ilimitado: mueve el control para fijar un tope',
    noRoom: 'Tu saldo no permite más cacahuetes: compra más primero.',
    extend: 'Ampliar',
    notExtendable: 'Esta VPN ha terminado: ya no se puede ampliar.',
    peanutsValue: '{{peanuts}} cacahuetes',
  },
  preferencesCard: {
    title: 'Visualización',
    language: 'Idioma',
    help: 'Se guarda en tu cuenta y se aplica al iniciar sesión.',
  },
  auth,
  account,
  notices,
  referral,
  pages,
  errorPages,
  ...admin,
  terms,
  contact,
  privacy,
  issue,
  support,
  contribute,
  makeMoney,
  referralTerms,
  doc,
  faq,
  faqTechnical,
  docCli,
  errorCard: { title: 'Error', dismiss: 'Cerrar' },
};

const locale: LocaleModule = { catalogue, antd };
export default locale;
