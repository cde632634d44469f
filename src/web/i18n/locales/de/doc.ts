/** German: the documentation page /doc (namespace `doc`). */
import type { Catalogue } from '../../catalogue';

export const doc: Catalogue['doc'] = {
  title: 'Dokumentation',
  intro:
    'Peanut VPN vermietet kurzlebige WireGuard-VPN-Server in der Region Ihrer Wahl. Jedes VPN ist eine WireGuard-Instanz auf einem eigenen, isolierten Server, bezahlt mit einem Prepaid-Guthaben namens Erdnüsse und zerstört, sobald Sie es nicht mehr brauchen. Diese Seite erklärt die Grundsätze des Dienstes und wie er funktioniert. Befehle Schritt für Schritt finden Sie in der <cli>Dokumentation der Kommandozeile</cli>, schnelle Antworten in den <faq>FAQ</faq> und Hilfe beim <support>Support</support>.',
  tenets: {
    title: 'Grundsätze',
    body: 'Sechs Versprechen prägen jeden Teil des Produkts.',
  },
  openSource: {
    title: 'Open Source',
    body: 'Die Web-App, das Kommandozeilenwerkzeug <code>peanut</code>, das TypeScript-SDK und das Backend sind unter der Apache-Lizenz 2.0 unter <repo>{{url}}</repo> veröffentlicht. Sie können lesen, was Ihr VPN betreibt, Probleme melden und <contribute>mitwirken</contribute>.',
  },
  subscriptionFree: {
    title: 'Ohne Abonnement',
    body: 'Es gibt keinen Tarif und keine wiederkehrende Abbuchung. Sie kaufen einmal ein Paket Erdnüsse und verbrauchen sie nur, solange ein VPN existiert. Nicht verbrauchte Erdnüsse bleiben auf Ihrem Guthaben.',
  },
  spamFree: {
    title: 'Ohne Spam',
    body: 'Ihre E-Mail-Adresse dient dazu, Ihre Registrierung zu bestätigen und Ihnen zu antworten, wenn Sie uns schreiben. Wir verschicken keine Newsletter und keine Werbe-E-Mails, und wir verkaufen oder teilen keine Adressen.',
  },
  cookieFree: {
    title: 'Ohne Cookies',
    body: 'Die Web-App setzt keine Cookies und lädt keine Tracker. Sie speichert Ihre Authentifizierungstoken im lokalen Speicher des Browsers und sonst nichts.',
  },
  logsFree: {
    title: 'Standardmäßig ohne Protokolle',
    body: 'Ein VPN-Server protokolliert den Verkehr nicht, der durch ihn fließt. Wird das VPN zerstört, werden der Server, seine WireGuard-Schlüssel und alle Protokolle, die das System geschrieben hat, mit ihm gelöscht. Übrig bleibt, was die Abrechnung braucht: die Region, der Erstellungszeitpunkt, die Laufzeit, die übertragenen Bytes und die verbrauchten Erdnüsse.',
  },
  sshFree: {
    title: 'Ohne SSH',
    body: 'VPN-Server haben keinen ssh-Zugang: Niemand kann sich dort anmelden, nicht einmal wir. Ein Server wird einmal bei seiner Erstellung eingerichtet und danach nie mehr verändert, was sehr wenig Angriffsfläche lässt.',
  },
  howItWorks: {
    title: 'So funktioniert es',
    signUp:
      '<login>Registrieren Sie sich</login> mit Ihrer E-Mail-Adresse und bestätigen Sie sie mit dem Code, den wir Ihnen senden. Neue Konten erhalten {{count}} Erdnüsse gratis.',
    buy: 'Kaufen Sie weitere Erdnüsse auf der <pricing>Preisseite</pricing>, wenn Sie sie brauchen.',
    create:
      'Installieren Sie WireGuard auf Ihrem Gerät, wählen Sie eine Region und erstellen Sie ein VPN. Die Bereitstellung dauert etwa 3 Minuten.',
    connect:
      'Laden Sie die Konfigurationsdatei herunter oder scannen Sie den QR-Code mit der WireGuard-App und verbinden Sie sich.',
    delete: 'Löschen Sie das VPN, wenn Sie fertig sind, oder lassen Sie es von selbst enden.',
  },
  peanuts: {
    title: 'Erdnüsse',
    rates:
      'Erdnüsse sind das Prepaid-Guthaben des Dienstes. Ein laufendes VPN verbraucht 0,0015 Erdnüsse pro Sekunde Laufzeit plus 0,0000005 Erdnüsse pro Byte Verkehr, also etwa 0,52 Erdnüsse pro MiB. Eine Stunde eines untätigen VPN kostet 5,4 Erdnüsse; eine Stunde mit 10 MiB Verkehr kostet etwa 10,6 Erdnüsse.',
    packs:
      'Erdnüsse gibt es in Paketen: Starter (17 Erdnüsse für 2,71 USD), Pro (34 Erdnüsse für 4,89 USD) und Elite (73 Erdnüsse für 9,87 USD). Die aktuellen Pakete und geschätzten Laufzeiten finden Sie auf der <pricing>Preisseite</pricing>.',
  },
  creating: {
    title: 'Ein VPN erstellen',
    settings: 'Jedes VPN wird in einer Region mit zwei Einstellungen erstellt:',
    maxPeanuts:
      '<strong>Max. Erdnüsse</strong>: die Erdnüsse, die das VPN bei der Erstellung erhält. Es wird beendet, sobald es sie verbraucht hat. Mit 0 erhält es alle Ihre Erdnüsse.',
    deleteAfter:
      '<strong>Löschen nach</strong>: eine Frist in Sekunden. Das VPN wird beendet, wenn sie abläuft, ganz gleich, wie viele Erdnüsse ihm noch bleiben.',
    ranges:
      'Die erlaubten Bereiche hängen von Ihrem Konto ab und werden von den Schiebereglern des Bereichs Konfiguration in der Übersicht angezeigt. Ein VPN durchläuft die Zustände Wird erstellt, Erstellt, Wird bereitgestellt und Läuft; nutzbar ist es, sobald es läuft.',
  },
  ending: {
    title: 'Wann ein VPN endet',
    when: 'Ein VPN wird beendet, sobald das Erste davon eintritt:',
    consumed: 'es hat die Erdnüsse verbraucht, die es bei der Erstellung erhalten hat;',
    balance: 'Ihr Kontoguthaben erreicht null oder weniger;',
    deadline: 'seine Löschfrist läuft ab;',
    deleted: 'Sie löschen es, in der Übersicht oder mit dem Kommandozeilenwerkzeug.',
    after:
      'Sein Server wird dann abgebaut und zusammen mit seinen Schlüsseln und Protokollen zerstört. Ein gelöschtes VPN kann nicht zurückkehren: Erstellen Sie ein neues und laden Sie seine neue Konfiguration herunter.',
  },
  clients: {
    title: 'Web-App, Kommandozeile und SDK',
    web: 'Die Web-App: Die Übersicht zeigt Ihr Guthaben, Ihre VPNs und die Regionen und erstellt, lädt herunter und löscht VPNs.',
    cli: 'Das Kommandozeilenwerkzeug <code>peanut</code> tut dasselbe im Terminal; siehe die <cli>CLI-Dokumentation</cli>.',
    sdk: 'Das TypeScript-SDK ist der Client, den beide nutzen. Es ruft die HTTP-API auf, wiederholt Anfragen bei vorübergehenden Fehlern und wartet auf VPN-Zustände, im Browser wie in Node.',
  },
  selfHosting: {
    title: 'Selbst hosten',
    body: 'Der ganze Dienst läuft auf einer Maschine mit eingebauten Vorgaben: einer Datenbank, einem Identitätsanbieter, einem Postfach, einer Bezahlseite und simulierten VPN-Servern. Aus einem Checkout des Quellcodes:',
    serves:
      'Er stellt die Web-App, die API und die API-Referenz unter http://localhost:8080 bereit. Unter <makemoney>Geld verdienen</makemoney> erfahren Sie, wie Sie ihn als eigenen Dienst betreiben.',
  },
  help: {
    title: 'Hilfe erhalten',
    body: 'Die meisten Fragen beantworten die <faq>FAQ</faq>. Wenn Ihre nicht dabei ist, gehen Sie zum <support>Support</support>. Wer die Kommandozeile nutzt, findet jeden Schritt in der <cli>CLI-Dokumentation</cli>.',
  },
};
