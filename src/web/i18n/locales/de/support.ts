/** German: the support and issue pages (namespaces `support`, `issue`). */
import type { Catalogue } from '../../catalogue';

export const support: Catalogue['support'] = {
  title: 'Support',
  intro: 'Brauchen Sie Hilfe mit Peanut VPN? Hier geht es los.',
  sections: {
    faq: {
      title: 'Häufig gestellte Fragen',
      body: 'Die <faq>FAQ</faq> beantworten die meisten Fragen: wie Sie WireGuard installieren und sich verbinden, was passiert, wenn die Erdnüsse aufgebraucht sind, und wie Sie einen Tunnel reparieren, der keine Verbindung aufbaut. Die <doc>Dokumentation</doc> und die <cli>CLI-Dokumentation</cli> decken den Rest ab.',
    },
    contact: {
      title: 'Kontakt',
      body: 'Bei Fragen zu Ihrem Konto, einer Zahlung oder einem VPN schreiben Sie uns über das <contact>Kontaktformular</contact>. Geben Sie die VPN-ID an, wenn es um ein VPN geht.',
    },
    tracker: {
      title: 'Issue-Tracker',
      body: 'Fehlerberichte und Funktionswünsche gehören in den öffentlichen <tracker>Issue-Tracker</tracker> des Projekts. Siehe <issue>wie man ein Problem meldet</issue>.',
    },
  },
};

export const issue: Catalogue['issue'] = {
  title: 'Problem melden',
  intro: 'Fehler und Funktionswünsche werden öffentlich im Issue-Tracker des Projekts verfolgt.',
  sections: {
    faq: {
      title: 'Lesen Sie zuerst die FAQ',
      body: 'Viele Probleme, etwa ein Tunnel ohne Handshake, ein VPN, das in der Bereitstellung hängt, oder ein verschwundenes VPN, werden in den <faq>FAQ</faq> beantwortet, besonders im Abschnitt <troubleshoot>Fehlerbehebung</troubleshoot>.',
    },
    search: {
      title: 'Vorhandene Issues durchsuchen',
      body: 'Issues werden auf einer öffentlichen Code-Plattform verwaltet: <tracker>{{issuesUrl}}</tracker>. Durchsuchen Sie sie, bevor Sie ein neues eröffnen; wenn Ihr Problem schon dort steht, ergänzen Sie, was Sie wissen.',
    },
    write: {
      title: 'Ein gutes Issue schreiben',
      items: {
        what: 'was Sie getan haben, was Sie erwartet haben und was stattdessen passiert ist;',
        vpn: 'die VPN-ID und die Region, wenn ein VPN betroffen ist;',
        versions:
          'Ihr Betriebssystem, die Version Ihres Browsers oder der CLI und die WireGuard-Version;',
        error: 'die genaue Fehlermeldung, als Text kopiert.',
      },
    },
    secrets: {
      title: 'Keine Geheimnisse',
      body: 'Issues sind öffentlich. Fügen Sie niemals eine Konfigurationsdatei, einen privaten Schlüssel, ein Passwort oder ein Token ein. Melden Sie Sicherheitslücken vertraulich an <supportMail>{{supportEmail}}</supportMail> statt in einem Issue.',
    },
  },
};
