/** French: the contribute and make-money pages (namespaces `contribute`, `makeMoney`). */
import type { Catalogue } from '../../catalogue';

export const contribute: Catalogue['contribute'] = {
  title: 'Contribuer',
  intro:
    'Peanut VPN est open source, et chaque rapport de bogue, idée et pull request l’améliore. Voici comment participer.',
  sections: {
    report: {
      title: 'Signaler des problèmes',
      body: 'Vous avez trouvé un bogue, une page peu claire ou une fonctionnalité manquante ? Ouvrez un ticket dans le <tracker>suivi des problèmes</tracker>. Lisez d’abord les <issue>consignes de signalement</issue> : elles expliquent quoi inclure pour que nous puissions reproduire le problème.',
    },
    welcome: {
      title: 'Où votre aide est la bienvenue',
      body: 'Chaque partie du produit est ouverte aux contributions.',
    },
    web: {
      title: 'Interface web',
      body: 'L’application monopage : React, Ant Design, Redux Toolkit et redux-saga. L’accessibilité, l’affichage mobile, les traductions et des pages plus claires sont autant de bonnes premières contributions.',
    },
    cli: {
      title: 'CLI',
      body: 'L’outil en ligne de commande <code>peanut</code> : nouvelles commandes, meilleure aide et meilleurs exemples, complétion dans le shell, paquets pour plus de plateformes. Consultez la <cli>documentation de la CLI</cli> pour voir ce qu’il fait aujourd’hui.',
    },
    library: {
      title: 'Bibliothèque',
      body: 'Le SDK TypeScript et le code métier partagé : appels à l’API, nouvelles tentatives, attente des états des VPN, validation et arithmétique des cacahuètes. Les liaisons pour d’autres langages sont aussi les bienvenues.',
    },
    backend: {
      title: 'Backend',
      body: 'Le serveur d’API, le fournisseur d’identité, la facturation et le comptage, et les provisionneurs qui créent et détruisent les serveurs WireGuard. Des provisionneurs pour d’autres fournisseurs cloud sont le plus gros chantier ouvert.',
    },
    code: {
      title: 'Obtenir le code',
      body: 'L’ouverture du code du projet était prévue pour 2024, et le code source est désormais public sous licence Apache 2.0 à l’adresse <repository>{{repositoryUrl}}</repository>. Pour lancer les tests et démarrer une instance locale sur http://localhost:8080 :',
      after:
        'Les petites corrections peuvent aller directement dans une pull request ; pour des changements plus importants, ouvrez d’abord un ticket afin que nous nous mettions d’accord sur l’approche.',
    },
  },
};

export const makeMoney: Catalogue['makeMoney'] = {
  title: 'Gagner de l’argent',
  intro:
    'Peanut VPN peut être auto-hébergé : vous pouvez l’utiliser pour exploiter votre propre service de location de VPN et garder ce que vos clients paient.',
  sections: {
    run: {
      title: 'Exploitez votre propre service',
      body: 'Tout ce qui fait tourner Peanut VPN est open source sous licence Apache 2.0, qui permet l’usage commercial tant que vous conservez sa licence et ses mentions. Vous pouvez exploiter le même service sous votre propre nom, dans vos propres régions et à vos propres prix.',
      body2:
        'Commencez avec une seule machine : depuis une copie du <repository>code source</repository>, cette commande démarre l’application web, l’API, le fournisseur d’identité et des serveurs VPN simulés sur http://localhost:8080.',
    },
    production: {
      title: 'Passer en production',
      items: {
        database:
          'Faites pointer <code>DATABASE_URL</code> vers une base PostgreSQL au lieu de la base intégrée.',
        stripe:
          'Connectez un compte Stripe pour les paiements et définissez <code>STRIPE_WEBHOOK_SECRET</code>, puis configurez vos propres packs de cacahuètes et vos prix.',
        identity:
          'Utilisez le fournisseur d’identité intégré ou un groupe d’utilisateurs AWS Cognito.',
        servers:
          'Remplacez le provisionneur simulé par de vrais serveurs WireGuard, et faites tourner plusieurs processus d’API et de traitement sur la même base à mesure que vous grandissez.',
      },
    },
    help: {
      title: 'Obtenir de l’aide',
      body: 'Vous mettez en place un service, choisissez des régions ou fixez vos prix ? <contact>Contactez-nous</contact> : nous serons ravis de vous aider à démarrer.',
    },
  },
};
