/** German: the FAQ's Security, Regions, Troubleshoot and Software Development sections (namespace `faqTechnical`). */
import type { Catalogue } from '../../catalogue';

export const faqTechnical: Catalogue['faqTechnical'] = {
  security: { title: 'Sicherheit' },
  protocol: {
    title: 'Welches Protokoll verwendet Peanut VPN?',
    body: 'Nur WireGuard. Es nutzt moderne Kryptografie (Curve25519, ChaCha20-Poly1305, BLAKE2s) und eine kleine Codebasis, die sich leicht prüfen lässt.',
  },
  wiped: {
    title: 'Werden meine Schlüssel und Protokolle gelöscht?',
    body: 'Ja. Wird ein VPN gelöscht oder beendet, wird sein Server zusammen mit seinen WireGuard-Schlüsseln und allen darauf geschriebenen Protokollen zerstört, sodass Ihre alte Konfiguration endgültig nicht mehr funktioniert. Wir behalten nur, was die Abrechnung braucht: Region, Zeiten, übertragene Bytes und verbrauchte Erdnüsse.',
  },
  traffic: {
    title: 'Wird mein Verkehr protokolliert?',
    body: 'Nein. Der Dienst ist standardmäßig protokollfrei: Die VPN-Server zeichnen weder die besuchten Websites noch den Inhalt Ihres Verkehrs auf. Nur die Bytezähler werden gelesen, um Ihre Erdnüsse abzurechnen.',
  },
  ssh: {
    title: 'Warum gibt es keinen ssh-Zugang zu den Servern?',
    body: 'Ein Server, auf dem sich niemand anmelden kann, kann auch nachträglich weder falsch konfiguriert noch ausgespäht werden, weder von Angreifern noch von uns. Jeder Server wird einmal bei der Erstellung eingerichtet, um eine WireGuard-Instanz zu betreiben, und wird zerstört statt verändert.',
  },
  shared: {
    title: 'Wird mein VPN-Server mit anderen Nutzern geteilt?',
    body: 'Nein. Jedes VPN läuft auf einem eigenen, isolierten Server, der nur Ihren Tunnel bedient.',
  },
  cookies: {
    title: 'Werden Cookies verwendet?',
    body: 'Nein. Die Web-App nutzt den lokalen Speicher des Browsers nur für die Authentifizierung und setzt keine Cookies. Siehe die <privacy>Datenschutzerklärung</privacy>.',
  },
  regions: { title: 'Regionen' },
  available: {
    title: 'Welche Regionen gibt es?',
    count: '27 Regionen, jede nach ihrer Stadt benannt:',
    africa: 'Afrika: Kapstadt (Südafrika).',
    asia: 'Asien-Pazifik: Hongkong, Mumbai (Indien), Tokio und Osaka (Japan), Seoul (Südkorea), Singapur, Sydney (Australien), Jakarta (Indonesien).',
    canada: 'Kanada: Montreal, Calgary.',
    europe:
      'Europa: Frankfurt (Deutschland), Dublin (Irland), London (Vereinigtes Königreich), Paris (Frankreich), Mailand (Italien), Saragossa (Spanien), Stockholm (Schweden).',
    middleEast: 'Naher Osten: Manama (Bahrain), Dubai (Vereinigte Arabische Emirate).',
    us: 'USA: Ashburn, Columbus, San Francisco, Portland.',
    southAmerica: 'Südamerika: São Paulo (Brasilien).',
    china: 'China: Peking, Zhongwei.',
    table:
      'Die Regionentabelle auf der Startseite listet sie mit je einer Schaltfläche Erstellen auf.',
  },
  request: {
    title: 'Kann ich eine neue Region anfragen?',
    body: 'Ja: <ticket>Fragen Sie eine Region an oder stimmen Sie für eine bestehende Anfrage</ticket>. Die meistgefragten Regionen kommen zuerst hinzu.',
  },
  price: {
    title: 'Hängt der Preis von der Region ab?',
    body: 'Erdnüsse werden in jeder Region zu denselben Sätzen pro Sekunde und pro Byte verbraucht. Wie lange ein Paket reicht, hängt von Ihrem Verkehr ab; die Laufzeiten auf der Preisseite sind daher nur Schätzungen.',
  },
  troubleshoot: { title: 'Fehlerbehebung' },
  handshake: {
    title: 'Mein Tunnel ist aktiv, aber es gibt keinen Handshake',
    run: 'Führen Sie dies aus und achten Sie auf „latest handshake“:',
    none: 'Wenn es keinen gibt oder er älter als etwa zwei Minuten ist:',
    running: 'prüfen Sie in der Übersicht, ob das VPN noch läuft und noch Erdnüsse hat;',
    sameVpn:
      'achten Sie darauf, die Konfiguration genau dieses VPN zu verwenden: Die Datei eines gelöschten VPN funktioniert nie wieder;',
    network:
      'versuchen Sie ein anderes Netzwerk: Manche öffentlichen und Firmennetzwerke blockieren den UDP-Verkehr, den WireGuard braucht;',
    again:
      'schalten Sie den Tunnel aus und wieder ein oder laden Sie die Konfiguration erneut herunter.',
  },
  stuck: {
    title: 'Mein VPN hängt bei Wird bereitgestellt',
    body: 'Die Bereitstellung dauert meist etwa 3 Minuten. Drücken Sie die Aktualisieren-Schaltfläche neben Ihrem Guthaben. Endet das VPN als Fehlgeschlagen, löschen Sie es und erstellen Sie ein anderes, eventuell in einer anderen Region.',
  },
  disappeared: {
    title: 'Mein VPN ist verschwunden',
    body: 'Es wurde beendet: Es hat die erhaltenen Erdnüsse verbraucht, Ihr Guthaben hat null erreicht, oder seine Löschfrist ist abgelaufen. Beendete VPNs lassen sich nicht wiederherstellen; erstellen Sie ein neues.',
  },
  cannotCreate: {
    title: 'Ich kann kein VPN erstellen',
    balance: 'Ihr Guthaben ist null oder weniger: <pricing>Kaufen Sie Erdnüsse</pricing>.',
    maxPeanuts:
      'Die gewählten max. Erdnüsse übersteigen Ihr Guthaben oder liegen außerhalb des erlaubten Bereichs.',
    quota:
      'Sie haben das Kontingent aktiver VPNs erreicht: Löschen Sie eines, das Sie nicht mehr nutzen.',
  },
  noCode: {
    title: 'Ich habe den Bestätigungscode nicht erhalten',
    body: 'Prüfen Sie Ihren Spam-Ordner und die Schreibweise der Adresse und fordern Sie dann einen neuen Code an. Kommt er immer noch nicht an, <contactus>kontaktieren Sie uns</contactus>.',
  },
  clipboard: {
    title: 'Die Kopieren-Schaltfläche meldet „Kopieren in die Zwischenablage fehlgeschlagen“',
    body: 'Ihr Browser hat den Zugriff auf die Zwischenablage verweigert. Markieren Sie den Text und kopieren Sie ihn von Hand, oder erlauben Sie den Zugriff auf die Zwischenablage für diese Website.',
  },
  development: { title: 'Softwareentwicklung' },
  cli: {
    title: 'Gibt es ein Kommandozeilenwerkzeug?',
    body: 'Ja: <code>peanut</code> registriert, listet Regionen und Pakete auf und erstellt, listet, löscht und lädt VPNs herunter. Siehe die <cli>CLI-Dokumentation</cli>.',
  },
  sdk: {
    title: 'Gibt es ein SDK?',
    body: 'Ja, ein TypeScript-SDK, das im Browser und in Node läuft; die Web-App und die CLI bauen darauf auf. Es ruft die HTTP-API auf, wiederholt Anfragen bei vorübergehenden Fehlern und kann warten, bis ein VPN einen Zustand erreicht. Die API ist einfaches JSON über HTTPS, zum Beispiel:',
    reference: 'Ein laufender Server stellt unter /docs auch seine API-Referenz bereit.',
  },
  selfHost: {
    title: 'Kann ich mein eigenes Peanut VPN betreiben?',
    body: 'Ja. Aus einem Checkout des Quellcodes:',
    makeMoney:
      'Unter <makemoney>Geld verdienen</makemoney> erfahren Sie, wie Sie es als Dienst für andere betreiben.',
  },
  contribute: {
    title: 'Wie kann ich mitwirken?',
    body: 'Melden Sie Fehler und Ideen im <issues>Issue-Tracker</issues> und helfen Sie beim Web-Frontend, der CLI, der Bibliothek oder dem Backend: siehe <contribute>Mitwirken</contribute>. Die <doc>Dokumentation</doc> ist ein guter Einstieg.',
  },
};
