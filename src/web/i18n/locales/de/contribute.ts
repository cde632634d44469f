/** German: the contribute and make-money pages (namespaces `contribute`, `makeMoney`). */
import type { Catalogue } from '../../catalogue';

export const contribute: Catalogue['contribute'] = {
  title: 'Mitwirken',
  intro:
    'Peanut VPN ist Open Source und wird mit jedem Fehlerbericht, jeder Idee und jedem Pull-Request besser. So machen Sie mit.',
  sections: {
    report: {
      title: 'Probleme melden',
      body: 'Sie haben einen Fehler, eine unverständliche Seite oder eine fehlende Funktion gefunden? Eröffnen Sie ein Issue im <tracker>Issue-Tracker</tracker>. Lesen Sie zuerst die <issue>Hinweise zum Melden</issue>: Sie erklären, was ein Bericht enthalten sollte, damit wir das Problem nachvollziehen können.',
    },
    welcome: {
      title: 'Wo Hilfe willkommen ist',
      body: 'Jeder Teil des Produkts steht für Beiträge offen.',
    },
    web: {
      title: 'Web-Frontend',
      body: 'Die Single-Page-App: React, Ant Design, Redux Toolkit und redux-saga. Barrierefreiheit, die mobile Darstellung, Übersetzungen und verständlichere Seiten sind gute erste Beiträge.',
    },
    cli: {
      title: 'CLI',
      body: 'Das Kommandozeilenwerkzeug <code>peanut</code>: neue Befehle, bessere Hilfe und Beispiele, Shell-Vervollständigung, Pakete für weitere Plattformen. Was es heute kann, steht in der <cli>CLI-Dokumentation</cli>.',
    },
    library: {
      title: 'Bibliothek',
      body: 'Das TypeScript-SDK und der gemeinsame Domänencode: API-Aufrufe, Wiederholungen, das Warten auf VPN-Zustände, Validierung und Erdnuss-Arithmetik. Anbindungen für andere Programmiersprachen sind ebenfalls willkommen.',
    },
    backend: {
      title: 'Backend',
      body: 'Der API-Server, der Identitätsanbieter, Abrechnung und Messung sowie die Provisioner, die WireGuard-Server erstellen und vernichten. Provisioner für weitere Cloud-Anbieter sind die größte offene Baustelle.',
    },
    code: {
      title: 'Den Code holen',
      body: 'Die Veröffentlichung des Projekts als Open Source war für 2024 geplant, und der Quellcode ist jetzt unter der Apache License 2.0 öffentlich unter <repository>{{repositoryUrl}}</repository>. Um die Tests auszuführen und eine lokale Instanz auf http://localhost:8080 zu starten:',
      after:
        'Kleine Korrekturen können direkt als Pull-Request kommen; für größere Änderungen eröffnen Sie bitte zuerst ein Issue, damit wir uns über das Vorgehen einigen können.',
    },
  },
};

export const makeMoney: Catalogue['makeMoney'] = {
  title: 'Geld verdienen',
  intro:
    'Peanut VPN lässt sich selbst hosten: Sie können damit Ihren eigenen VPN-Verleih betreiben und behalten, was Ihre Kunden zahlen.',
  sections: {
    run: {
      title: 'Betreiben Sie Ihren eigenen Dienst',
      body: 'Alles, was Peanut VPN antreibt, ist Open Source unter der Apache License 2.0, die kommerzielle Nutzung erlaubt, solange Sie ihre Lizenz- und Urheberhinweise beibehalten. Sie können denselben Dienst unter eigenem Namen, in eigenen Regionen und zu eigenen Preisen betreiben.',
      body2:
        'Beginnen Sie mit einem Rechner: In einem Checkout des <repository>Quellcodes</repository> startet dieser Befehl die Web-App, die API, den Identitätsanbieter und simulierte VPN-Server auf http://localhost:8080.',
    },
    production: {
      title: 'Der Weg in die Produktion',
      items: {
        database:
          'Richten Sie <code>DATABASE_URL</code> auf eine PostgreSQL-Datenbank statt auf die eingebettete.',
        stripe:
          'Verbinden Sie ein Stripe-Konto für Zahlungen und setzen Sie <code>STRIPE_WEBHOOK_SECRET</code>; legen Sie dann Ihre eigenen Erdnusspakete und Preise fest.',
        identity:
          'Verwenden Sie den eingebauten Identitätsanbieter oder einen AWS-Cognito-Benutzerpool.',
        servers:
          'Ersetzen Sie den simulierten Provisioner durch echte WireGuard-Server, und betreiben Sie mit wachsender Last mehrere API- und Worker-Prozesse auf derselben Datenbank.',
      },
    },
    help: {
      title: 'Hilfe bekommen',
      body: 'Sie richten einen Dienst ein, wählen Regionen oder legen Preise fest? <contact>Kontaktieren Sie uns</contact>: Wir helfen Ihnen gern beim Einstieg.',
    },
  },
};
