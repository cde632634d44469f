/** French: the documentation page /doc (namespace `doc`). */
import type { Catalogue } from '../../catalogue';

export const doc: Catalogue['doc'] = {
  title: 'Documentation',
  intro:
    'Peanut VPN loue des serveurs VPN WireGuard temporaires dans la région de votre choix. Chaque VPN est une instance WireGuard sur son propre serveur isolé, payée avec un crédit prépayé appelé cacahuètes et détruite quand vous n’en avez plus besoin. Cette page présente les principes du service et son fonctionnement. Pour les commandes pas à pas, voyez la <cli>documentation de la ligne de commande</cli> ; pour des réponses rapides, la <faq>FAQ</faq> ; pour de l’aide, l’<support>Assistance</support>.',
  tenets: {
    title: 'Principes',
    body: 'Six promesses guident chaque partie du produit.',
  },
  openSource: {
    title: 'Open source',
    body: 'L’application web, l’outil en ligne de commande <code>peanut</code>, le SDK TypeScript et le backend sont publiés sous licence Apache 2.0 à l’adresse <repo>{{url}}</repo>. Vous pouvez lire ce qui fait tourner votre VPN, signaler des problèmes et <contribute>contribuer</contribute>.',
  },
  subscriptionFree: {
    title: 'Sans abonnement',
    body: 'Pas de forfait ni de prélèvement récurrent. Vous achetez une fois un pack de cacahuètes et ne les dépensez que tant qu’un VPN existe. Les cacahuètes non dépensées restent sur votre solde.',
  },
  spamFree: {
    title: 'Sans spam',
    body: 'Votre adresse e-mail sert à confirmer votre inscription et à vous répondre quand vous nous écrivez. Nous n’envoyons ni newsletter ni e-mail commercial, et nous ne vendons ni ne partageons les adresses.',
  },
  cookieFree: {
    title: 'Sans cookies',
    body: 'L’application web ne dépose aucun cookie et ne charge aucun traceur. Elle garde vos jetons d’authentification dans le stockage local du navigateur, et rien d’autre.',
  },
  logsFree: {
    title: 'Sans journaux par défaut',
    body: 'Un serveur VPN ne journalise pas le trafic qui le traverse. Quand le VPN est détruit, le serveur, ses clés WireGuard et les éventuels journaux écrits par le système sont effacés avec lui. Il ne reste que ce dont la facturation a besoin : la région, l’heure de création, la durée de fonctionnement, les octets transférés et les cacahuètes consommées.',
  },
  sshFree: {
    title: 'Sans SSH',
    body: 'Les serveurs VPN n’ont pas d’accès ssh : personne ne peut s’y connecter, pas même nous. Un serveur est configuré une fois, à sa création, et n’est plus jamais modifié ensuite, ce qui laisse très peu de prise à une attaque.',
  },
  howItWorks: {
    title: 'Comment ça marche',
    signUp:
      '<login>Inscrivez-vous</login> avec votre adresse e-mail et confirmez-la avec le code que nous envoyons. Les nouveaux comptes reçoivent {{count}} cacahuètes gratuites.',
    buy: 'Achetez d’autres cacahuètes sur la <pricing>page des tarifs</pricing> quand vous en avez besoin.',
    create:
      'Installez WireGuard sur votre appareil, choisissez une région et créez un VPN. Le provisionnement prend environ 3 minutes.',
    connect:
      'Téléchargez le fichier de configuration ou scannez le code QR avec l’application WireGuard, puis connectez-vous.',
    delete: 'Supprimez le VPN quand vous avez terminé, ou laissez-le s’arrêter de lui-même.',
  },
  peanuts: {
    title: 'Cacahuètes',
    rates:
      'Les cacahuètes sont le crédit prépayé du service. Un VPN en marche consomme 0,0015 cacahuète par seconde de fonctionnement plus 0,0000005 cacahuète par octet de trafic, soit environ 0,52 cacahuète par Mio. Une heure d’un VPN inactif coûte 5,4 cacahuètes ; une heure avec 10 Mio de trafic coûte environ 10,6 cacahuètes.',
    packs:
      'Les cacahuètes sont vendues en packs : Starter (17 cacahuètes pour 2,71 USD), Pro (34 cacahuètes pour 4,89 USD) et Elite (73 cacahuètes pour 9,87 USD). Voyez la <pricing>page des tarifs</pricing> pour les packs actuels et les durées estimées.',
  },
  creating: {
    title: 'Créer un VPN',
    settings: 'Chaque VPN est créé dans une région avec deux réglages :',
    maxPeanuts:
      '<strong>Cacahuètes max.</strong> : les cacahuètes données au VPN à sa création. Il s’arrête une fois qu’il les a consommées. Choisir 0 lui donne toutes vos cacahuètes.',
    deleteAfter:
      '<strong>Supprimer après</strong> : une échéance en secondes. Le VPN s’arrête quand elle est passée, quelles que soient les cacahuètes qui lui restent.',
    ranges:
      'Les plages autorisées dépendent de votre compte et sont indiquées par les curseurs du panneau Configuration du tableau de bord. Un VPN passe par les états Création, Créé, Préparation et En marche ; il est utilisable une fois En marche.',
  },
  ending: {
    title: 'Quand un VPN s’arrête',
    when: 'Un VPN s’arrête dès que survient la première de ces situations :',
    consumed: 'il a consommé les cacahuètes reçues à sa création ;',
    balance: 'le solde de votre compte atteint zéro ou moins ;',
    deadline: 'son échéance de suppression est passée ;',
    deleted: 'vous le supprimez, depuis le tableau de bord ou avec l’outil en ligne de commande.',
    after:
      'Son serveur est alors déprovisionné et détruit avec ses clés et ses journaux. Un VPN supprimé ne peut pas revenir : créez-en un nouveau et téléchargez sa nouvelle configuration.',
  },
  clients: {
    title: 'Application web, ligne de commande et SDK',
    web: 'L’application web : le tableau de bord affiche votre solde, vos VPN et les régions, et crée, télécharge et supprime des VPN.',
    cli: 'L’outil en ligne de commande <code>peanut</code> fait de même depuis un terminal ; voyez la <cli>documentation de la CLI</cli>.',
    sdk: 'Le SDK TypeScript est le client qu’utilisent les deux. Il appelle l’API HTTP, réessaie en cas d’erreur passagère et attend les états des VPN, dans les navigateurs comme dans Node.',
  },
  selfHosting: {
    title: 'Auto-hébergement',
    body: 'Tout le service tourne sur une seule machine avec des valeurs par défaut intégrées : une base de données, un fournisseur d’identité, une boîte mail, une page de paiement et des serveurs VPN simulés. Depuis une copie du code source :',
    serves:
      'Il sert l’application web, l’API et sa référence sur http://localhost:8080. Voyez <makemoney>Gagner de l’argent</makemoney> pour l’exploiter comme votre propre service.',
  },
  help: {
    title: 'Obtenir de l’aide',
    body: 'La plupart des questions trouvent leur réponse dans la <faq>FAQ</faq>. Sinon, rendez-vous sur l’<support>Assistance</support>. Les utilisateurs de la ligne de commande trouveront chaque étape dans la <cli>documentation de la CLI</cli>.',
  },
};
