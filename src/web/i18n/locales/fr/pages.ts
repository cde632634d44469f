/** French: the Pricing and Unregister pages (namespace `pages`) and the error screens (`errorPages`). */
import type { Catalogue } from '../../catalogue';

export const pages: Catalogue['pages'] = {
  pricing: {
    title: 'Tarifs',
    intro:
      "Un VPN reçoit des cacahuètes à sa création et s'arrête quand elles sont consommées. Les cacahuètes paient le temps de serveur et le trafic réseau ; il n'y a pas d'abonnement.",
    estimates: 'Les durées estimées sont indicatives, car elles varient selon la région.',
  },
  unregister: {
    title: 'Se désinscrire',
    warning:
      'Cette action supprime votre compte ! Il est impossible de revenir en arrière. Vérifiez bien que c’est ce que vous voulez faire.',
    deregisteredTitle: 'Vous êtes désinscrit',
    deregisteredText: 'Votre compte a été supprimé. Pour toute question, contactez-nous.',
    contactUs: 'Nous contacter',
    confirmTitle: 'Supprimer votre compte ?',
    confirmOk: 'Supprimer mon compte',
    cancel: 'Annuler',
    button: 'Supprimer votre compte',
    authenticate: 'Veuillez vous authentifier',
  },
};

export const errorPages: Catalogue['errorPages'] = {
  notFound: {
    title: 'Page introuvable',
    description:
      "Désolés, c'est de notre faute : la page demandée n'existe pas, ou un lien de notre côté est cassé.",
    help: 'Merci de <issue>signaler le problème</issue> pour que nous le corrigions, de revenir à la <home>page d’accueil</home>, de consulter la <faq>FAQ</faq> ou de <contact>nous contacter</contact>.',
  },
  chunk: {
    title: 'Échec du chargement d’un module (ChunkLoadError)',
    description:
      "Une partie de l'application n'a pas pu être téléchargée : le réseau a échoué ou une nouvelle version vient d'être publiée. Rechargez la page pour réessayer.",
    reload: 'Recharger',
  },
  unexpected: { title: "Erreur inattendue de l'application !", back: "Retour à l'accueil" },
  boot: {
    title: 'Peanut VPN n’a pas pu démarrer',
    description:
      'La configuration de l’application (/app-config.json) n’a pas pu être chargée : {{reason}}',
    reload: 'Recharger',
  },
};
