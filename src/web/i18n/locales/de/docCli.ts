/** German: the CLI documentation page /doc-cli (namespace `docCli`). */
import type { Catalogue } from '../../catalogue';

export const docCli: Catalogue['docCli'] = {
  title: 'CLI-Dokumentation',
  intro:
    '<code>peanut</code> ist das Kommandozeilenwerkzeug von Peanut VPN. Es kann, was die Übersicht kann: registrieren, anmelden, Regionen und Pakete auflisten, VPNs erstellen, auflisten, herunterladen und löschen. Folgen Sie den Schritten unten der Reihe nach; die <doc>Dokumentation</doc> erklärt die Konzepte und die <faq>FAQ</faq> beantworten häufige Fragen.',
  step0: {
    title: 'Schritt 0: WireGuard und die CLI installieren',
    tools:
      'Installieren Sie die WireGuard-Werkzeuge, die <code>wg</code> und <code>wg-quick</code> bereitstellen. Unter Debian oder Ubuntu:',
    fedora: 'Unter Fedora:',
    macos: 'Unter macOS mit Homebrew:',
    node: 'Die CLI braucht Node.js 20 oder neuer. Installieren Sie sie aus dem Quellcode-Repository (<repo>{{url}}</repo>); danach liegt ein Befehl <code>peanut</code> in Ihrem Pfad:',
  },
  step1: {
    title: 'Schritt 1: Registrieren',
    body: 'Legen Sie Ihr Konto an. Der Befehl fragt zweimal nach einem Passwort; es muss mindestens 8 Zeichen lang sein und eine Ziffer, einen Kleinbuchstaben, einen Großbuchstaben und ein Sonderzeichen enthalten. Die CLI prüft es, bevor sie etwas sendet.',
    script:
      'Das Passwort ist nie ein Kommandozeilenargument. Geben Sie es in einem Skript über <code>--password-stdin</code> weiter oder setzen Sie <code>PEANUT_PASSWORD</code>:',
  },
  step2: {
    title: 'Schritt 2: Die Registrierung bestätigen',
    body: 'Wir senden einen Bestätigungscode an Ihre E-Mail-Adresse. Bestätigen Sie damit die Registrierung; Ihr Konto erhält dann seine Gratis-Erdnüsse zur Anmeldung. Melden Sie sich danach an: Die Sitzung bleibt in Ihrem Profil, bis Sie sich abmelden.',
    mfa: 'Ist für Ihr Konto die Zwei-Faktor-Authentifizierung aktiv (eine Authenticator-App oder ein per SMS an Ihr Telefon geschickter Code; einzurichten auf der Kontoseite der Web-App), fragt <code>peanut login</code> nach dem Code: Im Terminal erscheint nach dem Passwort die Eingabeaufforderung <code>Authenticator code:</code> (oder <code>SMS code</code>). In einem Skript, oder um die Abfrage zu überspringen, geben Sie den Code mit <code>--mfa-code</code> an; ein falscher Code lässt die Anmeldung scheitern, führen Sie sie dann mit einem neuen Code erneut aus.',
    emailCode:
      'Um sich ohne Passwort anzumelden, schickt Ihnen <code>--email-code</code> einen Anmeldecode per E-Mail und fragt ihn im Terminal ab (ein aktiver zweiter Faktor wird danach trotzdem abgefragt).',
  },
  step3: {
    title: 'Schritt 3: Erdnüsse kaufen',
    body: 'Listen Sie die Erdnuss-Pakete auf. Jedes hat einen Kauflink: Öffnen Sie ihn im Browser und bezahlen Sie, um Ihr Konto aufzuladen. Sie können Pakete auch auf der <pricing>Preisseite</pricing> kaufen. Prüfen Sie danach Ihr Guthaben.',
  },
  step4: {
    title: 'Schritt 4: VPNs erstellen, auflisten und löschen',
    regions: 'Listen Sie die Regionen auf und wählen Sie eine, zum Beispiel eu-west-3 (Paris):',
    create:
      'Erstellen Sie ein VPN in dieser Region. <code>--max-peanuts</code> ist die Zahl der Erdnüsse, die das VPN erhält (es wird beendet, sobald es sie verbraucht hat; 0, die Vorgabe, gibt ihm alle Ihre Erdnüsse bis zum Maximum), und <code>--delete-after</code> die Zahl der Sekunden, nach denen es in jedem Fall beendet wird (Vorgabe: das Maximum). Mit der optionalen Option <code>--sync</code> wartet der Befehl, bis das VPN läuft, was einige Minuten dauert, und zeigt dabei seinen Zustand; ohne sie kehrt der Befehl zurück, sobald das VPN angenommen ist.',
    list: 'Listen Sie Ihre VPNs mit ID, Region, Zustand und Nutzung auf oder zeigen Sie eines an. Eine ID sieht aus wie 1718031234567@eu-west-3: der Erstellungszeitpunkt in Millisekunden, dann die Region.',
    delete:
      'Löschen Sie ein VPN anhand seiner ID, wenn Sie fertig sind; <code>--sync</code> wartet, bis es gelöscht ist. Ein gelöschtes VPN kann nicht zurückkehren.',
  },
  step5: {
    title: 'Schritt 5: Die Konfiguration herunterladen und verbinden',
    download:
      'Sobald das VPN läuft, laden Sie seine Konfiguration herunter. Sie erhalten ein tar.gz-Archiv mit der WireGuard-Konfigurationsdatei und einem PNG-Bild ihres QR-Codes für die WireGuard-App auf einem Telefon. Das Archiv ist nur für Sie lesbar, da die Konfiguration den privaten Schlüssel enthält; der Befehl überschreibt nie eine Datei, außer Sie geben <code>--force</code> an, und <code>--output</code> nennt eine andere Datei.',
    extract:
      'Entpacken Sie das Archiv und bringen Sie den Tunnel mit <code>wg-quick</code> hoch. Der Dateiname ist absichtlich kurz: <code>wg-quick</code> benennt die Netzwerkschnittstelle danach, und Schnittstellennamen sind auf 15 Zeichen begrenzt.',
    check:
      'Prüfen Sie die Verbindung mit <code>sudo wg show</code>: Ein aktueller „latest handshake“ bedeutet, dass der Tunnel funktioniert. Trennen Sie die Verbindung mit <code>sudo wg-quick down ./<name>.conf</code>.',
  },
  step6: {
    title: 'Schritt 6: Hilfe erhalten',
    help: 'Jeder Befehl beschreibt mit der Hilfe-Option seine Optionen und zeigt Beispiele:',
    json: 'Hängen Sie <code>--json</code> an einen beliebigen Befehl an, um seine Daten für Skripte als JSON auf der Standardausgabe zu erhalten; Meldungen gehen auf die Standardfehlerausgabe. Der Exit-Code sagt, wie ein Befehl verlief: 0 Erfolg, 1 Fehler (eine Zeile auf der Standardfehlerausgabe), 2 Bedienfehler, 4 nicht angemeldet (führen Sie <code>peanut login</code> aus).',
  },
  commands: {
    title: 'Befehle',
    summaries: {
      register: 'ein Konto anlegen; ein Bestätigungscode wird an die E-Mail-Adresse gesendet',
      'confirm-registration': 'Ihr Konto mit dem per E-Mail erhaltenen Code bestätigen',
      'list-peanuts-packs': 'die angebotenen Erdnuss-Pakete mit ihren Kauflinks auflisten',
      'list-regions':
        'die Regionen auflisten, in denen ein VPN erstellt werden kann, nach Land und Stadt',
      create: 'ein VPN in einer Region erstellen',
      list: 'Ihre VPNs auflisten, die neuesten zuerst, mit Zustand und Nutzung',
      delete: 'ein VPN löschen; ein gelöschtes VPN kann nicht zurückkehren',
      'download-config':
        'die WireGuard-Konfiguration eines laufenden VPN und ihren QR-Code als tar.gz-Archiv herunterladen',
      login: 'anmelden; die Sitzung bleibt bis zur Abmeldung im Profil',
      logout: 'abmelden: die Sitzung widerrufen und aus dem Profil entfernen',
      whoami: 'das angemeldete Konto, das Profil und den Dienst anzeigen',
      balance: 'Ihr Guthaben in Erdnüssen anzeigen',
      get: 'ein VPN mit Zustand und Nutzung anzeigen',
      extend: 'einem noch nicht beendeten VPN mehr Erdnüsse oder mehr Zeit geben',
    },
  },
  options: {
    title: 'Globale Optionen',
    profile:
      '<code>--profile <name></code>: das zu verwendende Profil der Benutzer-Konfigurationsdatei (Vorgabe: default; Umgebungsvariable: <code>PEANUT_PROFILE</code>).',
    url: '<code>--url <origin></code>: der anzusprechende Dienst (Vorgabe: http://localhost:8080; Umgebungsvariable: <code>PEANUT_URL</code>).',
    config:
      '<code>--config <file></code>: eine andere Benutzer-Konfigurationsdatei (Umgebungsvariable: <code>PEANUT_CONFIG_DIR</code>, ihr Ordner).',
    json: '<code>--json</code>: nur Daten ausgeben, als JSON, für Skripte.',
    precedence:
      'Eine Option hat Vorrang vor der Umgebung, diese vor dem Profil und dieses vor der Vorgabe.',
  },
  configFile: {
    title: 'Benutzer-Konfigurationsdatei',
    body: 'Die CLI speichert ihre Einstellungen in einer JSON-Datei in Ihrem Benutzer-Konfigurationsordner: <code>~/.config/peanut/config.json</code> unter Linux, <code>~/Library/Preferences/peanut/config.json</code> unter macOS und <code>%APPDATA%\\peanut\\Config\\config.json</code> unter Windows. Sie enthält eine Tabelle <code>profiles</code>; jedes Profil nennt einen Dienst, ein Konto und dessen Sitzung und wird mit <code>--profile</code> über seinen Namen gewählt. Das Profil namens default gilt, wenn keines angegeben ist. <code>login</code> und <code>register</code> füllen es aus.',
    session:
      'Die Sitzung enthält Ihre Token, daher macht die CLI die Datei nur für Sie lesbar; <code>peanut logout</code> widerruft die Sitzung und entfernt sie. So nutzen Sie das Profil work:',
  },
  password: {
    title: 'Passwortregeln',
    body: 'Ein Passwort muss mindestens 8 Zeichen lang sein und mindestens eine Ziffer, einen Kleinbuchstaben, einen Großbuchstaben und ein Sonderzeichen enthalten. Die CLI fragt es verdeckt ab, wenn Sie <code>peanut register</code> oder <code>peanut login</code> im Terminal ausführen; andernfalls liest sie es mit <code>--password-stdin</code> von der Standardeingabe oder aus <code>PEANUT_PASSWORD</code>. Es ist nie ein Kommandozeilenargument.',
  },
};
