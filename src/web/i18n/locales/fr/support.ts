/** French: the support and issue pages (namespaces `support`, `issue`). */
import type { Catalogue } from '../../catalogue';

export const support: Catalogue['support'] = {
  title: 'Assistance',
  intro: 'Besoin d’aide avec Peanut VPN ? Commencez ici.',
  sections: {
    faq: {
      title: 'Questions fréquentes',
      body: 'La <faq>FAQ</faq> répond à la plupart des questions : comment installer WireGuard et se connecter, ce qui se passe quand les cacahuètes sont épuisées, et comment réparer un tunnel qui ne se connecte pas. La <doc>documentation</doc> et la <cli>documentation de la CLI</cli> couvrent le reste.',
    },
    contact: {
      title: 'Nous contacter',
      body: 'Pour une question sur votre compte, un paiement ou un VPN, écrivez-nous avec le <contact>formulaire de contact</contact>. Indiquez l’identifiant du VPN lorsqu’un VPN est concerné.',
    },
    tracker: {
      title: 'Suivi des problèmes',
      body: 'Les bogues et les demandes de fonctionnalités vont dans le <tracker>suivi des problèmes</tracker> public du projet. Voyez <issue>comment signaler un problème</issue>.',
    },
  },
};

export const issue: Catalogue['issue'] = {
  title: 'Signaler un problème',
  intro:
    'Les bogues et les demandes de fonctionnalités sont suivis publiquement, dans le suivi des problèmes du projet.',
  sections: {
    faq: {
      title: 'Lisez d’abord la FAQ',
      body: 'Beaucoup de problèmes, comme un tunnel sans poignée de main (handshake), un VPN bloqué en préparation ou un VPN disparu, trouvent leur réponse dans la <faq>FAQ</faq>, en particulier sa section <troubleshoot>Dépannage</troubleshoot>.',
    },
    search: {
      title: 'Cherchez parmi les problèmes existants',
      body: 'Les problèmes sont gérés sur un hébergeur de code public : <tracker>{{issuesUrl}}</tracker>. Faites-y une recherche avant d’en ouvrir un nouveau ; si votre problème y est déjà, ajoutez-y ce que vous savez.',
    },
    write: {
      title: 'Rédigez un bon signalement',
      items: {
        what: 'ce que vous avez fait, ce que vous attendiez et ce qui s’est passé à la place ;',
        vpn: 'l’identifiant et la région du VPN, si un VPN est concerné ;',
        versions:
          'votre système d’exploitation, la version de votre navigateur ou de la CLI, et la version de WireGuard ;',
        error: 'le message d’erreur exact, copié sous forme de texte.',
      },
    },
    secrets: {
      title: 'Ne publiez aucun secret',
      body: 'Les problèmes sont publics. Ne collez jamais de fichier de configuration, de clé privée, de mot de passe ni de jeton. Signalez les failles de sécurité en privé à <supportMail>{{supportEmail}}</supportMail> plutôt que dans un problème.',
    },
  },
};
