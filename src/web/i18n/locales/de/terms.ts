/** German: the terms of service (namespace `terms`). */
import type { Catalogue } from '../../catalogue';

export const terms: Catalogue['terms'] = {
  title: 'Nutzungsbedingungen',
  intro:
    'Diese Bedingungen regeln Ihre Nutzung von Peanut VPN. Indem Sie ein Konto anlegen oder den Dienst nutzen, stimmen Sie ihnen zu. Bitte lesen Sie sie sorgfältig.',
  sections: {
    service: {
      title: 'Beschreibung des Dienstes',
      body: 'Peanut VPN („der Dienst“) vermietet kurzlebige WireGuard-Server für virtuelle private Netzwerke in Regionen Ihrer Wahl. Jedes VPN läuft auf einem eigenen, isolierten Server und wird mit seinen Schlüsseln und Protokollen vernichtet, wenn es gelöscht oder beendet wird. Der Dienst wird mit einem Prepaid-Guthaben namens Erdnüsse bezahlt, das in Paketen gekauft wird; es gibt kein Abonnement. Ein VPN wird beendet, wenn es die ihm bei der Erstellung zugeteilten Erdnüsse verbraucht hat, wenn Ihr Guthaben null oder weniger erreicht oder wenn seine Löschfrist abläuft. Ein gelöschtes VPN kann nicht wiederhergestellt werden. Der Dienst befindet sich in der Beta-Phase, und seine Funktionen können sich ändern.',
    },
    eligibility: {
      title: 'Teilnahmevoraussetzungen',
      body: 'Um den Dienst zu nutzen, müssen Sie mindestens 18 Jahre alt sein oder, falls dieses höher liegt, das Volljährigkeitsalter Ihres Wohnorts erreicht haben. Mit der Nutzung bestätigen Sie, dass Sie diese Voraussetzung erfüllen und an Ihrem Aufenthaltsort rechtmäßig einen VPN-Dienst nutzen dürfen.',
    },
    obligations: {
      title: 'Pflichten der Nutzer',
      items: {
        accurate:
          'Machen Sie bei der Registrierung zutreffende Angaben und halten Sie Ihre E-Mail-Adresse aktuell.',
        confidential:
          'Halten Sie Ihr Passwort, Ihre Tokens und Ihre VPN-Konfigurationsdateien geheim; Sie sind für die Nutzung Ihres Kontos und Ihrer VPNs verantwortlich.',
        laws: 'Halten Sie bei der Nutzung des Dienstes alle für Sie geltenden Gesetze ein.',
        unauthorised: 'Informieren Sie uns unverzüglich über jede unbefugte Nutzung Ihres Kontos.',
      },
    },
    prohibited: {
      title: 'Verbotene Aktivitäten',
      body: 'Sie dürfen den Dienst nicht nutzen, um:',
      items: {
        law: 'gegen Gesetze zu verstoßen oder Rechte anderer zu verletzen, einschließlich geistigen Eigentums;',
        spam: 'Spam zu versenden oder Schadsoftware zu verbreiten;',
        attack:
          'Systeme anzugreifen, zu scannen oder sich unbefugt Zugang zu ihnen zu verschaffen, einschließlich des Dienstes selbst;',
        fraud:
          'Betrug zu begehen oder Darstellungen des Missbrauchs von Kindern zu teilen oder zu verwerten;',
        disrupt:
          'den Dienst oder andere Nutzer zu stören oder seine Grenzen, Kontingente oder Abrechnung zu umgehen;',
        resell:
          'den Zugang zum Dienst weiterzuverkaufen oder zu teilen, soweit diese Bedingungen es nicht erlauben.',
      },
    },
    privacy: {
      title: 'Datenschutz',
      body: 'Wie wir Informationen erheben, verwenden und schützen, beschreibt unsere <privacy>Datenschutzerklärung</privacy>, die Bestandteil dieser Bedingungen ist.',
    },
    property: {
      title: 'Geistiges Eigentum',
      body: 'Der Quellcode des Dienstes ist unter der Apache License 2.0 veröffentlicht, die seine Nutzung, Vervielfältigung und Änderung regelt. Name und Logo von Peanut VPN sind davon nicht erfasst und dürfen nicht verwendet werden, um den Eindruck zu erwecken, ein Dienst sei unserer oder werde von uns unterstützt.',
    },
    fees: {
      title: 'Gebühren',
      body: 'Erdnusspakete werden im Voraus zu dem beim Kauf angezeigten Preis bezahlt. Erdnüsse werden von laufenden VPNs zu den veröffentlichten Sätzen verbraucht, haben keinen Geldwert und sind nicht übertragbar. Gebühren werden nicht erstattet, sofern die Zahlungs- und Erstattungsrichtlinie nichts anderes bestimmt. Preise und Sätze können sich ändern.',
    },
    warranty: {
      title: 'Gewährleistungsausschluss',
      body: 'Der Dienst wird „wie besehen“ und „wie verfügbar“ bereitgestellt, ohne ausdrückliche oder stillschweigende Gewährleistung jeglicher Art, einschließlich der Marktgängigkeit, der Eignung für einen bestimmten Zweck und der Nichtverletzung von Rechten. Wir gewährleisten nicht, dass der Dienst oder eine Region zu einem bestimmten Zeitpunkt verfügbar, unterbrechungsfrei, fehlerfrei oder sicher ist.',
    },
    liability: {
      title: 'Haftungsbeschränkung',
      body: 'Soweit gesetzlich zulässig, haften wir nicht für mittelbare, beiläufige, besondere, Folge- oder Strafschäden oder für den Verlust von Daten, Gewinnen oder Chancen, die aus Ihrer Nutzung des Dienstes entstehen. Unsere Gesamthaftung für jeden Anspruch ist auf den Betrag begrenzt, den Sie uns in den zwölf Monaten vor Entstehen des Anspruchs gezahlt haben.',
    },
    termination: {
      title: 'Kündigung',
      body: 'Wir können Ihr Konto jederzeit und ohne Vorankündigung sperren oder kündigen und Ihre VPNs löschen, wenn Sie gegen diese Bedingungen verstoßen oder wenn dies zum Schutz des Dienstes, seiner Nutzer oder Dritter erforderlich ist. Sie können Ihr Konto jederzeit löschen; die Löschung eines Kontos kann nicht rückgängig gemacht werden.',
    },
    modifications: {
      title: 'Änderungen',
      body: 'Wir können diese Bedingungen oder den Dienst ändern. Geänderte Bedingungen werden auf dieser Seite veröffentlicht und gelten ab dann. Wenn Sie den Dienst nach einer Änderung weiter nutzen, akzeptieren Sie die geänderten Bedingungen.',
    },
    law: {
      title: 'Anwendbares Recht',
      body: 'Diese Bedingungen unterliegen den Gesetzen der Provinz British Columbia und den dort geltenden Bundesgesetzen Kanadas. Für alle Streitigkeiten über sie sind ausschließlich die Gerichte von British Columbia, Kanada, zuständig.',
    },
    agreement: {
      title: 'Gesamte Vereinbarung',
      body: 'Diese Bedingungen bilden zusammen mit der Datenschutzerklärung und den Bedingungen jedes Programms, an dem Sie teilnehmen, etwa den <referralTerms>Bedingungen des Empfehlungsprogramms</referralTerms>, die gesamte Vereinbarung zwischen Ihnen und uns über den Dienst und ersetzen jede frühere Vereinbarung.',
    },
    contact: {
      title: 'Kontakt',
      body: 'Fragen zu diesen Bedingungen: <supportMail>{{supportEmail}}</supportMail> oder die <contact>Kontaktseite</contact>.',
    },
  },
};
