/** French: the referral program terms (namespace `referralTerms`). */
import type { Catalogue } from '../../catalogue';

export const referralTerms: Catalogue['referralTerms'] = {
  title: 'Conditions du programme de parrainage',
  intro:
    'Ces conditions s’appliquent au programme de parrainage de Peanut VPN. En partageant ou en utilisant un code de parrainage, vous les acceptez.',
  introDisabled:
    'Ces conditions s’appliquent au programme de parrainage de Peanut VPN. En partageant ou en utilisant un code de parrainage, vous les acceptez. Le parrainage est actuellement désactivé.',
  reward: 'Votre ami et vous recevez chacun {{amount}}.',
  peanuts: { one: '{{count}} cacahuète', other: '{{count}} cacahuètes' },
  held: 'Les récompenses sont retenues pendant {{duration}} après l’achat qualifiant avant d’être versées sur votre solde.',
  notHeld:
    'Les récompenses ne sont pas retenues : elles sont versées sur votre solde dès que l’achat qualifiant est confirmé.',
  sections: {
    how: {
      title: 'Comment ça marche',
      body: 'Partagez votre code ou votre lien de parrainage unique depuis la <referral>page de parrainage</referral>. Lorsque l’ami que vous avez parrainé (le filleul) effectue un premier achat de cacahuètes réussi, vous (le parrain) et votre ami recevez tous les deux des cacahuètes en bonus.',
    },
    eligibility: {
      title: 'Conditions de participation',
      items: {
        verified: 'Seuls les comptes vérifiés et en règle peuvent participer au programme.',
        buy: 'Le parrain et le filleul doivent chacun acheter au moins un pack de cacahuètes pour recevoir une récompense.',
        once: 'Un code de parrainage ne peut être utilisé qu’une fois par filleul.',
        mutual:
          'Les parrainages croisés sont autorisés : deux amis peuvent chacun utiliser le code de l’autre.',
      },
    },
    rewards: {
      title: 'Récompenses',
      items: {
        referee:
          'La récompense du filleul est accordée une fois par compte, lors du premier paiement admissible du compte.',
        referrer: 'La récompense du parrain est accordée une fois par filleul distinct.',
        cash: 'Les récompenses sont des cacahuètes en bonus. Elles n’ont aucune valeur monétaire et ne peuvent pas être échangées contre de l’argent.',
        delay: 'Les récompenses peuvent mettre jusqu’à 48 heures à apparaître sur votre solde.',
        withheld:
          'Les récompenses peuvent être retenues ou annulées en cas de rétrofacturation, de remboursement ou de litige.',
      },
    },
    prohibited: {
      title: 'Comportements interdits',
      items: {
        self: 'L’auto-parrainage est interdit : vous ne pouvez pas utiliser votre propre code, directement ou par l’intermédiaire d’un autre compte.',
        multiple:
          'Il est interdit de créer ou d’utiliser plusieurs comptes pour collecter des récompenses. Les comptes qui enfreignent ces règles peuvent perdre leurs récompenses et être exclus du programme.',
      },
    },
    changes: {
      title: 'Modifications du programme',
      body: 'Le programme de parrainage peut être modifié ou prendre fin à tout moment. Les modifications de ces conditions sont publiées sur cette page.',
    },
    support: {
      title: 'Assistance et politiques associées',
      body: 'Pour toute question sur le programme ou une récompense manquante, contactez l’assistance à <supportMail>{{supportEmail}}</supportMail>. Ces conditions s’ajoutent aux <terms>conditions d’utilisation</terms> et à la <privacy>politique de confidentialité</privacy>, qui s’appliquent également.',
    },
  },
};
