/** German: the privacy policy (namespace `privacy`). */
import type { Catalogue } from '../../catalogue';

export const privacy: Catalogue['privacy'] = {
  title: 'Datenschutzerklärung',
  intro:
    'Diese Erklärung beschreibt, welche Informationen Peanut VPN erhebt, warum, und was Sie dagegen tun können.',
  sections: {
    collect: {
      title: 'Welche Informationen wir erheben',
      body: 'Wir erheben so wenig, wie der Dienst braucht, um zu funktionieren und bezahlt zu werden.',
    },
    account: {
      title: 'Kontoinformationen',
      body: 'Ihre E-Mail-Adresse und die Daten, die für Ihre Anmeldung nötig sind. Wir speichern Ihr Passwort nie: Der Identitätsanbieter bewahrt nur einen daraus abgeleiteten Verifier auf (Secure-Remote-Password-Protokoll), und bei der Anmeldung beweisen Sie, dass Sie das Passwort kennen, ohne es zu senden. Wenn Sie Erdnüsse kaufen, verarbeitet der Zahlungsanbieter Ihre Karte; wir erhalten einen Nachweis des Kaufs, nicht Ihre Kartendaten.',
    },
    usage: {
      title: 'Nutzungsprotokolle',
      body: 'Für jedes VPN: seine Region, Konfiguration, Erstellungszeit, Zustände, Laufzeit, übertragenen Bytes und verbrauchten Erdnüsse sowie Ihr Guthaben und Ihre Käufe. Wir zeichnen weder die von Ihnen besuchten Websites noch den Inhalt Ihres Datenverkehrs auf, und die Protokolle eines VPN-Servers werden bei seiner Vernichtung gelöscht.',
    },
    device: {
      title: 'Geräteinformationen',
      body: 'Ihre IP-Adresse und die Version Ihres Browsers oder der CLI erreichen unsere Server mit jeder Anfrage, und die IP-Adresse Ihres Geräts erreicht Ihren VPN-Server, solange Sie mit ihm verbunden sind. Standardmäßig protokollieren wir sie nicht.',
    },
    cookies: {
      title: 'Cookies',
      body: 'Keine. Die Web-App setzt keine Cookies und verwendet weder Tracker noch Analysewerkzeuge. Sie bewahrt Ihre Authentifizierungstokens im lokalen Speicher Ihres Browsers auf, den Sie jederzeit durch Abmelden leeren können.',
    },
    use: {
      title: 'Wie wir Informationen verwenden',
      items: {
        vpns: 'um Ihre VPNs zu erstellen, zu betreiben, abzurechnen und zu löschen;',
        balance:
          'um Ihr Erdnuss-Guthaben zu führen, Käufe abzuwickeln und das Empfehlungsprogramm zu betreiben;',
        messages: 'um Ihre Registrierung zu bestätigen und Ihre Nachrichten zu beantworten;',
        fraud: 'um Betrug und Missbrauch zu verhindern und gesetzliche Pflichten zu erfüllen.',
      },
    },
    disclosure: {
      title: 'Weitergabe',
      body: 'Wir verkaufen oder vermieten Ihre Informationen nicht. Wir geben sie nur an die Anbieter weiter, die den Dienst für uns betreiben (Hosting, Zahlung, E-Mail), soweit sie sie benötigen, und an Behörden, wenn das Gesetz es verlangt.',
    },
    retention: {
      title: 'Aufbewahrung',
      body: 'Server, Schlüssel und Serverprotokolle eines VPNs werden mit dem VPN vernichtet. Kontoinformationen und Nutzungsdaten werden aufbewahrt, solange Ihr Konto besteht. Wenn Sie Ihr Konto löschen, löschen wir sie, ausgenommen Kaufbelege, die wir gesetzlich für die Buchhaltung aufbewahren müssen.',
    },
    security: {
      title: 'Sicherheit',
      body: 'Der Datenverkehr zum Dienst ist verschlüsselt, der VPN-Datenverkehr ist durch WireGuard geschützt, jedes VPN läuft auf einem eigenen, isolierten Server ohne ssh-Zugang, und der Zugang zu unseren Systemen ist beschränkt. Kein System ist vollkommen sicher, aber wir arbeiten daran, Ihre Informationen zu schützen.',
    },
    rights: {
      title: 'Ihre Rechte',
      body: 'Sie können Auskunft über die personenbezogenen Daten verlangen, die wir über Sie speichern, sowie deren Berichtigung, Aktualisierung oder Löschung. Ihr Konto können Sie selbst über das Kontomenü löschen; für alles andere <contact>kontaktieren Sie uns</contact>.',
    },
    children: {
      title: 'Kinder',
      body: 'Der Dienst richtet sich nicht an Personen unter 19 Jahren. Wir erheben nicht wissentlich Informationen von Personen unter 19 Jahren; wenn Sie glauben, dass dies geschehen ist, <contact>kontaktieren Sie uns</contact>, und wir löschen sie.',
    },
    changes: {
      title: 'Änderungen dieser Erklärung',
      body: 'Wir können diese Erklärung aktualisieren. Änderungen werden auf dieser Seite veröffentlicht und gelten ab dann.',
    },
    contact: {
      title: 'Kontakt',
      body: 'Fragen zu Ihrer Privatsphäre oder zu dieser Erklärung sind über die <contact>Kontaktseite</contact> willkommen.',
    },
  },
};
