/** German: the referral program terms (namespace `referralTerms`). */
import type { Catalogue } from '../../catalogue';

export const referralTerms: Catalogue['referralTerms'] = {
  title: 'Bedingungen des Empfehlungsprogramms',
  intro:
    'Diese Bedingungen gelten für das Empfehlungsprogramm von Peanut VPN. Wer einen Empfehlungscode teilt oder verwendet, akzeptiert sie.',
  introDisabled:
    'Diese Bedingungen gelten für das Empfehlungsprogramm von Peanut VPN. Wer einen Empfehlungscode teilt oder verwendet, akzeptiert sie. Das Empfehlungsprogramm ist derzeit deaktiviert.',
  reward: 'Sie und Ihr Freund erhalten jeweils {{amount}}.',
  peanuts: { one: '{{count}} Erdnuss', other: '{{count}} Erdnüsse' },
  held: 'Prämien werden nach dem maßgeblichen Kauf {{duration}} lang zurückgehalten, bevor sie Ihrem Guthaben gutgeschrieben werden.',
  notHeld:
    'Prämien werden nicht zurückgehalten: Sie werden Ihrem Guthaben gutgeschrieben, sobald der maßgebliche Kauf bestätigt ist.',
  sections: {
    how: {
      title: 'So funktioniert es',
      body: 'Teilen Sie Ihren persönlichen Empfehlungscode oder -link von der <referral>Empfehlungsseite</referral>. Wenn der Freund, den Sie empfohlen haben (der Geworbene), seinen ersten erfolgreichen Erdnusskauf tätigt, erhalten Sie (der Werber) und Ihr Freund beide Bonus-Erdnüsse.',
    },
    eligibility: {
      title: 'Teilnahmevoraussetzungen',
      items: {
        verified: 'Nur verifizierte Konten mit einwandfreiem Status können am Programm teilnehmen.',
        buy: 'Werber und Geworbener müssen jeweils mindestens ein Erdnusspaket kaufen, um eine Prämie zu erhalten.',
        once: 'Ein Empfehlungscode kann pro Geworbenem nur einmal verwendet werden.',
        mutual:
          'Gegenseitige Empfehlungen sind erlaubt: Zwei Freunde dürfen jeweils den Code des anderen verwenden.',
      },
    },
    rewards: {
      title: 'Prämien',
      items: {
        referee:
          'Die Prämie für Geworbene wird einmal pro Konto gewährt, bei der ersten berechtigten Zahlung des Kontos.',
        referrer: 'Die Prämie für Werber wird einmal pro einzelnem Geworbenen gewährt.',
        cash: 'Prämien sind Bonus-Erdnüsse. Sie haben keinen Geldwert und können nicht gegen Geld eingetauscht werden.',
        delay: 'Es kann bis zu 48 Stunden dauern, bis Prämien in Ihrem Guthaben erscheinen.',
        withheld:
          'Bei Rückbuchungen, Erstattungen oder Streitfällen können Prämien zurückgehalten oder rückgängig gemacht werden.',
      },
    },
    prohibited: {
      title: 'Verbotenes Verhalten',
      items: {
        self: 'Selbstempfehlung ist verboten: Sie dürfen Ihren eigenen Code weder direkt noch über ein anderes Konto verwenden.',
        multiple:
          'Das Anlegen oder Verwenden mehrerer Konten, um Prämien zu sammeln, ist verboten. Konten, die gegen diese Regeln verstoßen, können ihre Prämien verlieren und vom Programm ausgeschlossen werden.',
      },
    },
    changes: {
      title: 'Änderungen des Programms',
      body: 'Das Empfehlungsprogramm kann jederzeit geändert oder beendet werden. Änderungen dieser Bedingungen werden auf dieser Seite veröffentlicht.',
    },
    support: {
      title: 'Support und zugehörige Richtlinien',
      body: 'Bei Fragen zum Programm oder zu einer fehlenden Prämie wenden Sie sich an den Support unter <supportMail>{{supportEmail}}</supportMail>. Diese Bedingungen ergänzen die <terms>Nutzungsbedingungen</terms> und die <privacy>Datenschutzerklärung</privacy>, die ebenfalls gelten.',
    },
  },
};
