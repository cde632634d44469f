/** French: the FAQ's About and Connection sections (namespace `faq`). */
import type { Catalogue } from '../../catalogue';

export const faq: Catalogue['faq'] = {
  title: 'Foire aux questions',
  intro:
    'Des réponses courtes sur Peanut VPN, de l’achat de cacahuètes à la réparation d’un tunnel qui ne se connecte pas. La <doc>documentation</doc> explique plus en détail le fonctionnement du service.',
  about: { title: 'À propos' },
  whatIs: {
    title: 'Qu’est-ce que Peanut VPN ?',
    body: 'Un service qui loue des serveurs VPN WireGuard temporaires. Vous choisissez une région, créez un VPN, vous y connectez avec l’application WireGuard et le supprimez quand vous avez terminé. Chaque VPN est une instance WireGuard sur son propre serveur isolé, sans accès ssh, détruite avec ses journaux à la fin. Vous payez à l’usage avec des cacahuètes prépayées ; il n’y a pas d’abonnement.',
  },
  peanuts: {
    title: 'Que sont les cacahuètes ?',
    rates:
      'Les cacahuètes sont le crédit prépayé que vous dépensez en VPN. Un VPN en marche consomme 0,0015 cacahuète par seconde (5,4 cacahuètes par heure) plus 0,0000005 cacahuète par octet de trafic (environ 0,52 cacahuète par Mio). Les cacahuètes non dépensées restent sur votre solde, affiché par le tableau de bord.',
    packs:
      'Elles sont vendues en packs : Starter (17 cacahuètes pour 2,71 USD), Pro (34 cacahuètes pour 4,89 USD) et Elite (73 cacahuètes pour 9,87 USD). Voyez la page des <pricing>tarifs</pricing> pour les packs actuels.',
  },
  start: {
    title: 'Comment commencer ?',
    body: '<login>Connectez-vous</login>, ou inscrivez-vous avec votre adresse e-mail : les nouveaux comptes reçoivent {{count}} cacahuètes gratuites. Installez WireGuard (voir <connection>Connexion</connection>), choisissez une région sur le tableau de bord, appuyez sur Créer et attendez environ 3 minutes que le VPN soit En marche. Téléchargez ensuite sa configuration ou scannez son code QR.',
  },
  subscription: {
    title: 'Y a-t-il un abonnement ?',
    body: 'Non. Vous achetez un pack de cacahuètes quand vous en avez besoin, et rien ne se renouvelle ni n’est prélevé automatiquement.',
  },
  runOut: {
    title: 'Que se passe-t-il quand mes cacahuètes sont épuisées ?',
    when: 'Un VPN reçoit des cacahuètes à sa création et s’arrête quand :',
    consumed: 'il a consommé ces cacahuètes ;',
    balance: 'votre solde atteint zéro ou moins ;',
    deadline: 'son échéance de suppression est passée ;',
    deleted: 'ou vous le supprimez.',
    after:
      'Un VPN arrêté est détruit et ne peut pas revenir. Achetez d’autres cacahuètes sur la page des <pricing>tarifs</pricing> et créez-en un nouveau.',
  },
  refund: {
    title: 'Puis-je être remboursé ?',
    body: 'Les frais ne sont pas remboursables, sauf disposition contraire de la politique de paiement et de remboursement ; voyez les <terms>conditions d’utilisation</terms>. Si un achat s’est mal passé, <contactus>contactez-nous</contactus>.',
  },
  referral: {
    title: 'Y a-t-il un programme de parrainage ?',
    body: 'Oui. Partagez votre code ou votre lien depuis la <referral>page de parrainage</referral> : quand un ami fait un premier achat de cacahuètes, vous recevez tous les deux des cacahuètes en bonus. Voyez les <referralTerms>conditions du parrainage</referralTerms>.',
  },
  openSource: {
    title: 'Peanut VPN est-il open source ?',
    body: 'Oui, sous licence Apache 2.0 : l’application web, l’outil en ligne de commande, le SDK et le backend. Voyez <contribute>Contribuer</contribute> pour participer.',
  },
  connection: { title: 'Connexion' },
  install: {
    title: 'Comment installer WireGuard ?',
    linux:
      'Linux : installez les outils WireGuard, par exemple <code>sudo apt install wireguard-tools</code> sur Debian et Ubuntu ou <code>sudo dnf install wireguard-tools</code> sur Fedora.',
    macos:
      'macOS : installez l’application WireGuard depuis le Mac App Store, ou <code>brew install wireguard-tools</code> pour la ligne de commande.',
    windows:
      'Windows : téléchargez et lancez l’installeur depuis <wireguard>wireguard.com/install</wireguard>.',
    android: 'Android : installez l’application WireGuard depuis Google Play.',
    ios: 'iOS et iPadOS : installez l’application WireGuard depuis l’App Store.',
  },
  configFile: {
    title: 'Comment me connecter avec un fichier de configuration ?',
    body: 'Quand votre VPN est En marche, appuyez sur Configuration sur sa ligne pour télécharger un fichier .conf. Dans l’application WireGuard sous Windows ou macOS, choisissez « Importer un ou des tunnels depuis un fichier », sélectionnez le fichier et appuyez sur Activer. Sous Linux :',
    privateKey:
      'Le fichier contient la clé privée de votre tunnel : gardez-le pour vous, et supprimez-le une fois le VPN supprimé.',
  },
  qrCode: {
    title: 'Comment me connecter avec un code QR ?',
    body: 'Appuyez sur Code QR sur la ligne d’un VPN En marche : une fenêtre affiche le code. Dans l’application WireGuard de votre téléphone, touchez +, choisissez « Scanner un code QR », scannez-le, nommez le tunnel et activez-le. Si rien ne s’ouvre, autorisez les fenêtres pop-up pour ce site.',
  },
  ready: {
    title: 'Combien de temps faut-il pour qu’un VPN soit prêt ?',
    body: 'Environ 3 minutes. La liste affiche un indicateur de chargement pendant que le VPN passe par Création, Créé et Préparation, et les boutons de téléchargement apparaissent une fois qu’il est En marche.',
  },
  disconnect: {
    title: 'Comment me déconnecter ?',
    body: 'Désactivez le tunnel dans l’application WireGuard, ou lancez <code>sudo wg-quick down ./<name>.conf</code>. Se déconnecter n’empêche pas le VPN de consommer des cacahuètes : supprimez-le depuis le tableau de bord quand vous n’en avez plus besoin.',
  },
  devices: {
    title: 'Puis-je utiliser un VPN sur plusieurs appareils ?',
    body: 'Pas en même temps. Un VPN a une seule configuration client, et WireGuard envoie son trafic à l’appareil qui l’a utilisée en dernier : deux appareils se déconnecteraient sans cesse l’un l’autre. Créez un VPN par appareil.',
  },
};
