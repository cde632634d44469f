/** Spanish: the referral program terms (namespace `referralTerms`). */
import type { Catalogue } from '../../catalogue';

export const referralTerms: Catalogue['referralTerms'] = {
  title: 'Condiciones del programa de referidos',
  intro:
    'Estas condiciones se aplican al programa de referidos de Peanut VPN. Al compartir o usar un código de referido, las aceptas.',
  introDisabled:
    'Estas condiciones se aplican al programa de referidos de Peanut VPN. Al compartir o usar un código de referido, las aceptas. El programa de referidos está desactivado en este momento.',
  reward: 'Tu amigo y tú recibís {{amount}} cada uno.',
  peanuts: { one: '{{count}} cacahuete', other: '{{count}} cacahuetes' },
  held: 'Las recompensas se retienen durante {{duration}} después de la compra que las genera antes de abonarse en tu saldo.',
  notHeld:
    'Las recompensas no se retienen: se abonan en tu saldo en cuanto se confirma la compra que las genera.',
  sections: {
    how: {
      title: 'Cómo funciona',
      body: 'Comparte tu código o enlace de referido único desde la <referral>página de referidos</referral>. Cuando el amigo al que has invitado (el referido) hace su primera compra de cacahuetes con éxito, tú (el referente) y tu amigo recibís cacahuetes de regalo.',
    },
    eligibility: {
      title: 'Requisitos',
      items: {
        verified: 'Solo pueden participar en el programa las cuentas verificadas y al corriente.',
        buy: 'El referente y el referido deben comprar cada uno al menos un paquete de cacahuetes para recibir una recompensa.',
        once: 'Un código de referido solo puede usarse una vez por referido.',
        mutual:
          'Se permiten los referidos mutuos: dos amigos pueden usar cada uno el código del otro.',
      },
    },
    rewards: {
      title: 'Recompensas',
      items: {
        referee:
          'La recompensa del referido se concede una vez por cuenta, en el primer pago válido de la cuenta.',
        referrer: 'La recompensa del referente se concede una vez por cada referido distinto.',
        cash: 'Las recompensas son cacahuetes de regalo. No tienen valor monetario y no se pueden canjear por dinero.',
        delay: 'Las recompensas pueden tardar hasta 48 horas en aparecer en tu saldo.',
        withheld:
          'Las recompensas pueden retenerse o revertirse en caso de contracargos, reembolsos o disputas.',
      },
    },
    prohibited: {
      title: 'Conductas prohibidas',
      items: {
        self: 'Está prohibido referirse a uno mismo: no puedes usar tu propio código, ni directamente ni a través de otra cuenta.',
        multiple:
          'Está prohibido crear o usar varias cuentas para obtener recompensas. Las cuentas que incumplan estas normas pueden perder sus recompensas y quedar excluidas del programa.',
      },
    },
    changes: {
      title: 'Cambios en el programa',
      body: 'El programa de referidos puede cambiar o terminar en cualquier momento. Los cambios en estas condiciones se publican en esta página.',
    },
    support: {
      title: 'Soporte y políticas relacionadas',
      body: 'Si tienes preguntas sobre el programa o falta una recompensa, contacta con soporte en <supportMail>{{supportEmail}}</supportMail>. Estas condiciones se suman a las <terms>condiciones de uso</terms> y a la <privacy>política de privacidad</privacy>, que también se aplican.',
    },
  },
};
