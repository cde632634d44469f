/** German: the Pricing and Unregister pages (namespace `pages`) and the error screens (`errorPages`). */
import type { Catalogue } from '../../catalogue';

export const pages: Catalogue['pages'] = {
  pricing: {
    title: 'Preise',
    intro:
      'Ein VPN erhält bei seiner Erstellung Erdnüsse und endet, wenn sie verbraucht sind. Erdnüsse bezahlen Serverzeit und Datenverkehr; es gibt kein Abonnement.',
    estimates: 'Die geschätzten Laufzeiten sind nur Richtwerte, da sie je nach Region variieren.',
  },
  unregister: {
    title: 'Abmelden',
    warning:
      'Damit wird Ihr Konto gelöscht! Das lässt sich nicht rückgängig machen. Prüfen Sie bitte genau, ob Sie das wirklich wollen.',
    deregisteredTitle: 'Sie wurden abgemeldet',
    deregisteredText: 'Ihr Konto wurde gelöscht. Bei Fragen kontaktieren Sie uns bitte.',
    contactUs: 'Kontakt',
    confirmTitle: 'Ihr Konto löschen?',
    confirmOk: 'Mein Konto löschen',
    cancel: 'Abbrechen',
    button: 'Ihr Konto löschen',
    authenticate: 'Bitte melden Sie sich an',
  },
};

export const errorPages: Catalogue['errorPages'] = {
  notFound: {
    title: 'Seite nicht gefunden',
    description:
      'Entschuldigung, das liegt an uns: Die angeforderte Seite existiert nicht, oder ein Link auf unserer Seite ist defekt.',
    help: 'Bitte <issue>melden Sie das Problem</issue>, damit wir es beheben, gehen Sie zurück zur <home>Startseite</home>, schauen Sie in die <faq>FAQ</faq> oder <contact>kontaktieren Sie uns</contact>.',
  },
  chunk: {
    title: 'Laden eines Moduls fehlgeschlagen (ChunkLoadError)',
    description:
      'Ein Teil der Anwendung konnte nicht heruntergeladen werden: Das Netzwerk ist ausgefallen oder eine neue Version wurde gerade veröffentlicht. Laden Sie die Seite neu, um es erneut zu versuchen.',
    reload: 'Neu laden',
  },
  unexpected: { title: 'Unerwarteter Anwendungsfehler!', back: 'Zurück zur Startseite' },
  boot: {
    title: 'Peanut VPN konnte nicht starten',
    description:
      'Die Konfiguration der Anwendung (/app-config.json) konnte nicht geladen werden: {{reason}}',
    reload: 'Neu laden',
  },
};
