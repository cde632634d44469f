/** German (docs/languages.md): the catalogue, dayjs's and antd's locale. */
import 'dayjs/locale/de';
import antd from 'antd/locale/de_DE';
import type { Catalogue, LocaleModule } from '../catalogue';
import { account, notices } from './de/account';
import { admin } from './de/admin';
import { auth } from './de/auth';
import { messages } from './de/messages';
import { errorPages, pages } from './de/pages';
import { referral } from './de/referral';
import { terms } from './de/terms';
import { contact } from './de/contact';
import { privacy } from './de/privacy';
import { issue, support } from './de/support';
import { contribute, makeMoney } from './de/contribute';
import { referralTerms } from './de/referralTerms';
import { doc } from './de/doc';
import { faq } from './de/faq';
import { faqTechnical } from './de/faqTechnical';
import { docCli } from './de/docCli';

const catalogue: Catalogue = {
  header: {
    home: 'Peanut VPN Startseite',
    beta: 'Beta',
    openMenu: 'Menü öffnen',
    mainMenu: 'Hauptmenü',
    loadingAuthentication: 'Anmeldung wird geladen',
  },
  footer: {
    about: 'Über uns',
    contactUs: 'Kontakt',
    legal: 'Rechtliches',
    privacy: 'Datenschutzerklärung',
    terms: 'Nutzungsbedingungen',
    tagline: 'Peanut VPN: vorausbezahlte, befristete WireGuard-VPNs. Ohne Abo.',
  },
  menu: {
    pricing: 'Preise',
    help: 'Hilfe',
    documentation: 'Dokumentation',
    faq: 'FAQ',
    issue: 'Problem melden',
    support: 'Support',
    contribute: 'Mitwirken',
    makeMoney: 'Geld verdienen',
    signIn: 'Anmelden',
    admin: 'Verwaltung',
    account: 'Konto',
    accountSettings: 'Kontoeinstellungen',
    referralProgram: 'Empfehlungsprogramm',
    passwordChange: 'Passwort ändern',
    logout: 'Abmelden',
    deleteAccount: 'Konto löschen',
  },
  language: { label: 'Sprache' },
  theme: { label: 'Design', choices: { light: 'Hell', dark: 'Dunkel', system: 'System' } },
  search: { placeholder: 'FAQ und Dokumentation durchsuchen' },
  landing: {
    authenticate: '<login>Melden Sie sich an</login>, um Ihre VPNs zu erstellen und zu verwalten.',
    title: 'Vorausbezahlte, befristete VPNs',
    intro:
      'Peanut VPN ist ein vorausbezahlter VPN-Dienst: kein Abo, Sie kaufen Erdnüsse und geben sie für Serverzeit und Datenverkehr aus. Jedes VPN ist:',
    secure: '<b>sicher</b>: es läuft mit WireGuard;',
    isolated: '<b>isoliert</b>: es hat einen eigenen Server, ohne SSH-Zugang;',
    temporary:
      '<b>befristet</b>: es wird samt Protokollen gelöscht, sobald seine Erdnüsse verbraucht sind oder seine Frist abläuft.',
    questions: 'Fragen? Lesen Sie die <faq>FAQ</faq> oder <contact>kontaktieren Sie uns</contact>.',
    signupCta: 'Registrieren und {{count}} Gratis-Erdnüsse erhalten',
    packs: 'Erdnuss-Pakete',
  },
  pack: {
    peanuts: 'Erdnüsse',
    buy: 'Kaufen',
    signIn: 'Anmelden',
    loading: 'Erdnuss-Pakete werden geladen',
    idle: 'Etwa {{duration}} eines ungenutzten VPNs',
    light: 'Etwa {{duration}} mit 1 MiB Datenverkehr pro Stunde',
    traffic: 'Oder bis zu {{mib}} MiB Datenverkehr',
    hours: { one: '{{count}} Stunde', other: '{{count}} Stunden' },
    minutes: { one: '{{count}} Minute', other: '{{count}} Minuten' },
  },
  regions: {
    title: 'Regionen',
    city: 'Stadt',
    country: 'Land',
    message: 'Nachricht',
    action: 'Aktion',
    create: 'Erstellen',
    createIn: 'Ein VPN in {{city}}, {{country}} erstellen',
    dismiss: 'Nachricht schließen',
    refresh: 'Regionen aktualisieren',
    unavailable: 'Nicht verfügbar: In dieser Region ist kein VPN-Host online',
  },
  messages,
  common: {
    refresh: 'Aktualisieren',
    peanuts: 'Erdnüsse',
    loading: 'Wird geladen',
    loadingDots: 'Wird geladen …',
  },
  dashboard: { title: 'Übersicht' },
  balance: { balance: 'Guthaben', buyMore: 'Mehr kaufen', statement: 'Kontoauszug' },
  statement: {
    title: 'Erdnuss-Kontoauszug',
    date: 'Datum',
    kind: 'Art',
    amount: 'Betrag',
    balanceAfter: 'Guthaben danach',
    reference: 'Referenz',
    loadMore: 'Mehr laden',
    pack: 'Paket {{pack}}',
    kinds: {
      signup_bonus: 'Registrierungsbonus',
      purchase: 'Kauf',
      usage: 'VPN-Nutzung',
      refund: 'Erstattung',
      dispute: 'Zahlungsstreit',
      dispute_won: 'Zahlungsstreit gewonnen',
      referral_reward: 'Empfehlungsprämie',
      reversal: 'Stornierung',
      adjustment: 'Korrektur',
    },
    states: { paid: 'bezahlt', refunded: 'erstattet', disputed: 'angefochten' },
  },
  steps: {
    title: 'So funktioniert es',
    check: 'Prüfen',
    checkText: 'Prüfen Sie, ob WireGuard installiert ist und Sie genug Erdnüsse haben.',
    create: 'Erstellen',
    createText: 'Erstellen Sie unten ein VPN in der Region Ihrer Wahl.',
    connect: 'Verbinden',
    connectText:
      'Laden Sie die Konfiguration herunter (oder scannen Sie den QR-Code) und verbinden Sie sich.',
    delete: 'Löschen',
    deleteText: 'Löschen Sie das VPN, wenn Sie fertig sind.',
    newToWireGuard: 'Neu bei WireGuard? Lesen Sie in der FAQ, <faq>wie Sie sich verbinden</faq>.',
  },
  vpnList: {
    title: 'Ihre VPNs',
    empty: 'Noch keine VPNs: Erstellen Sie eines in einer Region der Tabelle unten.',
    columns: {
      createdAt: 'Erstellt am',
      region: 'Region',
      config: 'Konfiguration',
      state: 'Status',
      usage: 'Nutzung',
      actions: 'Aktionen',
    },
    states: {
      Failed: 'Fehlgeschlagen',
      Creating: 'Wird erstellt',
      Created: 'Erstellt',
      Provisioning: 'Wird bereitgestellt',
      Paused: 'Pausiert',
      Running: 'Läuft',
      Deprovisioning: 'Wird abgebaut',
      Deleted: 'Gelöscht',
    },
    configCell: 'max. Erdnüsse: {{peanuts}}, löschen nach: {{duration}}',
    unlimited: 'unbegrenzt',
    about: 'etwa {{duration}}',
    inProgress: '{{state}} …',
    loadingUsage: 'Nutzung wird geladen',
    data: 'Daten: {{value}}',
    time: 'Zeit: {{value}}',
    peanuts: 'Erdnüsse: {{value}}',
    usageDetails: 'Nutzung im Zeitverlauf',
    usageDetailsLabel: 'Nutzung im Zeitverlauf, Prognose und Verlängerung von {{vpnId}}',
    config: 'Konfiguration',
    configLabel: 'Konfiguration: die Konfiguration von {{vpnId}} herunterladen',
    qrCode: 'QR-Code',
    qrCodeLabel: 'QR-Code: den QR-Code von {{vpnId}} anzeigen',
    delete: 'Löschen',
    deleteLabel: '{{vpnId}} löschen',
    deleteTitle: 'Dieses VPN löschen?',
    deleteDescription: 'Es wird samt Protokollen gelöscht und kann nicht wiederhergestellt werden.',
  },
  forecast: {
    endsIn: 'endet in etwa {{duration}}: {{reason}}',
    endsNow: 'endet jetzt: {{reason}}',
    reasons: { 'max-peanuts': 'max. Erdnüsse', balance: 'Guthaben', deadline: 'Frist' },
  },
  configuration: {
    title: 'Konfiguration',
    limitsUnavailable: 'Ihre VPN-Limits sind nicht verfügbar: {{error}}',
    deleteAfter: 'Löschen nach',
    maxPeanuts: 'Max. Erdnüsse',
    peanuts: '{{peanuts}} Erdnüsse',
    maximum: '0: das Maximum, {{peanuts}} Erdnüsse',
    allPeanuts: '0: alle Ihre Erdnüsse',
    seconds: '{{duration}} ({{seconds}} s)',
    explanation:
      'Ihr nächstes VPN wird nach dieser Zeit gelöscht oder sobald es seine Erdnüsse verbraucht hat, je nachdem, was zuerst eintritt.',
  },
  usageDrawer: {
    title: 'Nutzung von {{vpnId}}',
    chartLabel: 'Datenverkehr und Erdnüsse des VPNs {{vpnId}} im Zeitverlauf',
    traffic: 'Datenverkehr',
    peanuts: 'Erdnüsse',
    noPoints: 'Noch keine Nutzung: Das Diagramm füllt sich, während das VPN läuft.',
    extendTitle: 'Verlängern',
    extendHelp:
      'Geben Sie diesem VPN mehr Erdnüsse oder mehr Zeit. Es behält seine Schlüssel und seinen Server; die neuen Werte gelten ab dem nächsten Abrechnungslauf.',
    deleteAfter: 'Löschen nach',
    maxPeanuts: 'Max. Erdnüsse',
    unlimited: 'unbegrenzt: Schieberegler bewegen, um eine Obergrenze zu setzen',
    noRoom: 'Ihr Guthaben reicht für keine weiteren Erdnüsse: Kaufen Sie zuerst mehr.',
    extend: 'Verlängern',
    notExtendable: 'Dieses VPN ist beendet: Es kann nicht mehr verlängert werden.',
    peanutsValue: '{{peanuts}} Erdnüsse',
  },
  preferencesCard: {
    title: 'Anzeige',
    language: 'Sprache',
    help: 'Wird in Ihrem Konto gespeichert und bei der Anmeldung angewendet.',
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
  errorCard: { title: 'Fehler', dismiss: 'Schließen' },
};

const locale: LocaleModule = { catalogue, antd };
export default locale;
