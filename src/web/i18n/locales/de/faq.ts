/** German: the FAQ's About and Connection sections (namespace `faq`). */
import type { Catalogue } from '../../catalogue';

export const faq: Catalogue['faq'] = {
  title: 'Häufig gestellte Fragen',
  intro:
    'Kurze Antworten zu Peanut VPN, vom Kauf von Erdnüssen bis zur Reparatur eines Tunnels, der keine Verbindung aufbaut. Die <doc>Dokumentation</doc> erklärt ausführlicher, wie der Dienst funktioniert.',
  about: { title: 'Allgemeines' },
  whatIs: {
    title: 'Was ist Peanut VPN?',
    body: 'Ein Dienst, der kurzlebige WireGuard-VPN-Server vermietet. Sie wählen eine Region, erstellen ein VPN, verbinden sich mit der WireGuard-App und löschen es, wenn Sie fertig sind. Jedes VPN ist eine WireGuard-Instanz auf einem eigenen, isolierten Server ohne ssh-Zugang und wird am Ende mit seinen Protokollen zerstört. Sie zahlen nach Verbrauch mit Prepaid-Erdnüssen; ein Abonnement gibt es nicht.',
  },
  peanuts: {
    title: 'Was sind Erdnüsse?',
    rates:
      'Erdnüsse sind das Prepaid-Guthaben, das Sie für VPNs ausgeben. Ein laufendes VPN verbraucht 0,0015 Erdnüsse pro Sekunde (5,4 Erdnüsse pro Stunde) plus 0,0000005 Erdnüsse pro Byte Verkehr (etwa 0,52 Erdnüsse pro MiB). Nicht ausgegebene Erdnüsse bleiben auf Ihrem Guthaben, das die Übersicht anzeigt.',
    packs:
      'Sie werden in Paketen verkauft: Starter (17 Erdnüsse für 2,71 USD), Pro (34 Erdnüsse für 4,89 USD) und Elite (73 Erdnüsse für 9,87 USD). Die aktuellen Pakete finden Sie auf der <pricing>Preisseite</pricing>.',
  },
  start: {
    title: 'Wie fange ich an?',
    body: '<login>Melden Sie sich an</login> oder registrieren Sie sich mit Ihrer E-Mail-Adresse: Neue Konten erhalten {{count}} Erdnüsse gratis. Installieren Sie WireGuard (siehe <connection>Verbindung</connection>), wählen Sie in der Übersicht eine Region, drücken Sie Erstellen und warten Sie etwa 3 Minuten, bis das VPN läuft. Laden Sie dann seine Konfiguration herunter oder scannen Sie seinen QR-Code.',
  },
  subscription: {
    title: 'Gibt es ein Abonnement?',
    body: 'Nein. Sie kaufen ein Paket Erdnüsse, wenn Sie eines brauchen, und nichts verlängert sich oder wird automatisch abgebucht.',
  },
  runOut: {
    title: 'Was passiert, wenn meine Erdnüsse aufgebraucht sind?',
    when: 'Ein VPN erhält bei seiner Erstellung Erdnüsse und wird beendet, wenn:',
    consumed: 'es diese Erdnüsse verbraucht hat;',
    balance: 'Ihr Guthaben null oder weniger erreicht;',
    deadline: 'seine Löschfrist abläuft;',
    deleted: 'oder Sie es löschen.',
    after:
      'Ein beendetes VPN wird zerstört und kann nicht zurückkehren. Kaufen Sie auf der <pricing>Preisseite</pricing> weitere Erdnüsse und erstellen Sie ein neues.',
  },
  refund: {
    title: 'Kann ich eine Erstattung bekommen?',
    body: 'Gebühren werden nicht erstattet, sofern die Zahlungs- und Erstattungsrichtlinie nichts anderes bestimmt; siehe die <terms>Nutzungsbedingungen</terms>. Wenn bei einem Kauf etwas schiefgegangen ist, <contactus>kontaktieren Sie uns</contactus>.',
  },
  referral: {
    title: 'Gibt es ein Empfehlungsprogramm?',
    body: 'Ja. Teilen Sie Ihren Code oder Link auf der <referral>Empfehlungsseite</referral>: Wenn ein Freund zum ersten Mal Erdnüsse kauft, erhalten Sie beide Bonus-Erdnüsse. Siehe die <referralTerms>Empfehlungsbedingungen</referralTerms>.',
  },
  openSource: {
    title: 'Ist Peanut VPN Open Source?',
    body: 'Ja, unter der Apache-Lizenz 2.0: die Web-App, das Kommandozeilenwerkzeug, das SDK und das Backend. Unter <contribute>Mitwirken</contribute> erfahren Sie, wie Sie sich beteiligen.',
  },
  connection: { title: 'Verbindung' },
  install: {
    title: 'Wie installiere ich WireGuard?',
    linux:
      'Linux: Installieren Sie die WireGuard-Werkzeuge, z. B. <code>sudo apt install wireguard-tools</code> unter Debian und Ubuntu oder <code>sudo dnf install wireguard-tools</code> unter Fedora.',
    macos:
      'macOS: Installieren Sie die WireGuard-App aus dem Mac App Store oder <code>brew install wireguard-tools</code> für die Kommandozeile.',
    windows:
      'Windows: Laden Sie das Installationsprogramm von <wireguard>wireguard.com/install</wireguard> herunter und führen Sie es aus.',
    android: 'Android: Installieren Sie die WireGuard-App aus Google Play.',
    ios: 'iOS und iPadOS: Installieren Sie die WireGuard-App aus dem App Store.',
  },
  configFile: {
    title: 'Wie verbinde ich mich mit einer Konfigurationsdatei?',
    body: 'Wenn Ihr VPN läuft, drücken Sie in seiner Zeile auf Konfiguration, um eine .conf-Datei herunterzuladen. Wählen Sie in der WireGuard-App unter Windows oder macOS „Tunnel aus Datei importieren“, wählen Sie die Datei und drücken Sie Aktivieren. Unter Linux:',
    privateKey:
      'Die Datei enthält den privaten Schlüssel Ihres Tunnels: Behalten Sie sie für sich und löschen Sie sie, sobald das VPN gelöscht ist.',
  },
  qrCode: {
    title: 'Wie verbinde ich mich mit einem QR-Code?',
    body: 'Drücken Sie in der Zeile eines laufenden VPN auf QR-Code: Ein Fenster zeigt den Code. Tippen Sie in der WireGuard-App Ihres Telefons auf +, wählen Sie „Von QR-Code scannen“, scannen Sie ihn, benennen Sie den Tunnel und schalten Sie ihn ein. Wenn sich nichts öffnet, erlauben Sie Pop-up-Fenster für diese Website.',
  },
  ready: {
    title: 'Wie lange dauert es, bis ein VPN bereit ist?',
    body: 'Etwa 3 Minuten. Die Liste zeigt einen Ladekreis, während das VPN die Zustände Wird erstellt, Erstellt und Wird bereitgestellt durchläuft, und die Download-Schaltflächen erscheinen, sobald es läuft.',
  },
  disconnect: {
    title: 'Wie trenne ich die Verbindung?',
    body: 'Schalten Sie den Tunnel in der WireGuard-App aus oder führen Sie <code>sudo wg-quick down ./<name>.conf</code> aus. Das Trennen hält das VPN nicht davon ab, Erdnüsse zu verbrauchen: Löschen Sie es in der Übersicht, wenn Sie es nicht mehr brauchen.',
  },
  devices: {
    title: 'Kann ich ein VPN auf mehreren Geräten nutzen?',
    body: 'Nicht gleichzeitig. Ein VPN hat eine einzige Client-Konfiguration, und WireGuard schickt seinen Verkehr an das Gerät, das sie zuletzt benutzt hat, sodass sich zwei Geräte gegenseitig ständig trennen würden. Erstellen Sie ein VPN pro Gerät.',
  },
};
