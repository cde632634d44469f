/** French: the CLI documentation page /doc-cli (namespace `docCli`). */
import type { Catalogue } from '../../catalogue';

export const docCli: Catalogue['docCli'] = {
  title: 'Documentation de la CLI',
  intro:
    '<code>peanut</code> est l’outil en ligne de commande de Peanut VPN. Il fait ce que fait le tableau de bord : s’inscrire, se connecter, lister les régions et les packs, créer, lister, télécharger et supprimer des VPN. Suivez les étapes ci-dessous dans l’ordre ; la <doc>documentation</doc> explique les concepts et la <faq>FAQ</faq> répond aux questions courantes.',
  step0: {
    title: 'Étape 0 : installer WireGuard et la CLI',
    tools:
      'Installez les outils WireGuard, qui fournissent <code>wg</code> et <code>wg-quick</code>. Sur Debian ou Ubuntu :',
    fedora: 'Sur Fedora :',
    macos: 'Sur macOS avec Homebrew :',
    node: 'La CLI nécessite Node.js 20 ou plus récent. Installez-la depuis le dépôt source (<repo>{{url}}</repo>), ce qui place une commande <code>peanut</code> dans votre chemin :',
  },
  step1: {
    title: 'Étape 1 : s’inscrire',
    body: 'Créez votre compte. La commande demande deux fois un mot de passe ; il doit compter au moins 8 caractères et contenir un chiffre, une minuscule, une majuscule et un symbole. La CLI le vérifie avant d’envoyer quoi que ce soit.',
    script:
      'Le mot de passe n’est jamais un argument de la ligne de commande. Dans un script, transmettez-le avec <code>--password-stdin</code> ou définissez <code>PEANUT_PASSWORD</code> :',
  },
  step2: {
    title: 'Étape 2 : confirmer l’inscription',
    body: 'Nous envoyons un code de confirmation à votre adresse e-mail. Confirmez l’inscription avec ce code ; votre compte reçoit alors ses cacahuètes d’inscription gratuites. Connectez-vous ensuite : la session est gardée dans votre profil jusqu’à votre déconnexion.',
    mfa: 'Quand la double authentification est activée sur votre compte (une application d’authentification, ou un code envoyé par SMS à votre téléphone ; configurez-la sur la page Compte de l’application web), <code>peanut login</code> demande le code : dans un terminal, il affiche l’invite <code>Authenticator code:</code> (ou <code>SMS code</code>) après le mot de passe. Dans un script, ou pour éviter l’invite, donnez le code avec <code>--mfa-code</code> ; un code erroné fait échouer la connexion, relancez-la alors avec un nouveau code.',
    emailCode:
      'Pour vous connecter sans mot de passe, <code>--email-code</code> vous envoie par e-mail un code de connexion et vous le demande dans le terminal (un second facteur, s’il est activé, est toujours demandé ensuite).',
  },
  step3: {
    title: 'Étape 3 : acheter des cacahuètes',
    body: 'Listez les packs de cacahuètes. Chacun a un lien d’achat : ouvrez-le dans votre navigateur et payez pour créditer votre compte. Vous pouvez aussi acheter des packs sur la <pricing>page des tarifs</pricing>. Vérifiez ensuite votre solde.',
  },
  step4: {
    title: 'Étape 4 : créer, lister et supprimer des VPN',
    regions: 'Listez les régions et choisissez-en une, par exemple eu-west-3 (Paris) :',
    create:
      'Créez un VPN dans cette région. <code>--max-peanuts</code> est le nombre de cacahuètes données au VPN (il s’arrête une fois qu’il les a consommées ; 0, la valeur par défaut, lui donne toutes vos cacahuètes jusqu’au maximum) et <code>--delete-after</code> le nombre de secondes après lequel il s’arrête de toute façon (par défaut : le maximum). Avec l’option facultative <code>--sync</code>, la commande attend que le VPN soit en marche, ce qui prend plusieurs minutes, en affichant son état ; sans elle, la commande rend la main dès que le VPN est accepté.',
    list: 'Listez vos VPN avec leur identifiant, leur région, leur état et leur consommation, ou affichez-en un. Un identifiant ressemble à 1718031234567@eu-west-3 : l’heure de création en millisecondes, puis la région.',
    delete:
      'Supprimez un VPN par son identifiant quand vous avez terminé ; <code>--sync</code> attend qu’il soit supprimé. Un VPN supprimé ne peut pas revenir.',
  },
  step5: {
    title: 'Étape 5 : télécharger la configuration et se connecter',
    download:
      'Une fois le VPN en marche, téléchargez sa configuration. Vous obtenez une archive tar.gz contenant le fichier de configuration WireGuard et une image PNG de son code QR, pour l’application WireGuard d’un téléphone. L’archive n’est lisible que par vous, car la configuration contient la clé privée ; la commande n’écrase jamais un fichier sauf si vous ajoutez <code>--force</code>, et <code>--output</code> désigne un autre fichier.',
    extract:
      'Extrayez l’archive et activez le tunnel avec <code>wg-quick</code>. Le nom du fichier est court exprès : <code>wg-quick</code> nomme l’interface réseau d’après lui, et les noms d’interface sont limités à 15 caractères.',
    check:
      'Vérifiez la connexion avec <code>sudo wg show</code> : un « latest handshake » récent signifie que le tunnel fonctionne. Déconnectez-vous avec <code>sudo wg-quick down ./<name>.conf</code>.',
  },
  step6: {
    title: 'Étape 6 : obtenir de l’aide',
    help: 'Chaque commande décrit ses options et montre des exemples avec l’option d’aide :',
    json: 'Ajoutez <code>--json</code> à n’importe quelle commande pour obtenir ses données en JSON sur la sortie standard, pour les scripts ; les messages vont sur la sortie d’erreur. Le code de sortie indique comment s’est passée une commande : 0 succès, 1 erreur (une ligne sur la sortie d’erreur), 2 erreur d’utilisation, 4 non connecté (lancez <code>peanut login</code>).',
  },
  commands: {
    title: 'Commandes',
    summaries: {
      register: 'créer un compte ; un code de confirmation est envoyé à l’adresse e-mail',
      'confirm-registration': 'confirmer votre compte avec le code reçu par e-mail',
      'list-peanuts-packs': 'lister les packs de cacahuètes en vente et leurs liens d’achat',
      'list-regions': 'lister les régions où un VPN peut être créé, par pays puis par ville',
      create: 'créer un VPN dans une région',
      list: 'lister vos VPN, les plus récents d’abord, avec leur état et leur consommation',
      delete: 'supprimer un VPN ; un VPN supprimé ne peut pas revenir',
      'download-config':
        'télécharger la configuration WireGuard d’un VPN en marche et son code QR dans une archive tar.gz',
      login: 'se connecter ; la session est gardée dans le profil jusqu’à la déconnexion',
      logout: 'se déconnecter : révoquer la session et la retirer du profil',
      whoami: 'afficher le compte connecté, le profil et le service',
      balance: 'afficher votre solde en cacahuètes',
      get: 'afficher un VPN avec son état et sa consommation',
      extend: 'donner à un VPN plus de cacahuètes ou plus de temps tant qu’il n’est pas terminé',
    },
  },
  options: {
    title: 'Options globales',
    profile:
      '<code>--profile <name></code> : le profil du fichier de configuration utilisateur à utiliser (par défaut : default ; variable d’environnement : <code>PEANUT_PROFILE</code>).',
    url: '<code>--url <origin></code> : le service auquel s’adresser (par défaut : http://localhost:8080 ; variable d’environnement : <code>PEANUT_URL</code>).',
    config:
      '<code>--config <file></code> : un autre fichier de configuration utilisateur (variable d’environnement : <code>PEANUT_CONFIG_DIR</code>, son dossier).',
    json: '<code>--json</code> : n’afficher que les données, en JSON, pour les scripts.',
    precedence:
      'Une option l’emporte sur l’environnement, qui l’emporte sur le profil, qui l’emporte sur la valeur par défaut.',
  },
  configFile: {
    title: 'Fichier de configuration utilisateur',
    body: 'La CLI garde ses réglages dans un fichier JSON de votre dossier de configuration utilisateur : <code>~/.config/peanut/config.json</code> sous Linux, <code>~/Library/Preferences/peanut/config.json</code> sous macOS et <code>%APPDATA%\\peanut\\Config\\config.json</code> sous Windows. Il contient une table <code>profiles</code> ; chaque profil désigne un service, un compte et sa session, et se choisit par son nom avec <code>--profile</code>. Le profil nommé default est utilisé quand aucun n’est indiqué. <code>login</code> et <code>register</code> le remplissent.',
    session:
      'La session contient vos jetons, la CLI rend donc le fichier lisible par vous seul ; <code>peanut logout</code> révoque la session et la retire. Pour utiliser le profil work :',
  },
  password: {
    title: 'Règles du mot de passe',
    body: 'Un mot de passe doit compter au moins 8 caractères et contenir au moins un chiffre, une minuscule, une majuscule et un symbole. La CLI le demande, masqué, quand vous lancez <code>peanut register</code> ou <code>peanut login</code> dans un terminal ; sinon elle le lit sur l’entrée standard avec <code>--password-stdin</code>, ou dans <code>PEANUT_PASSWORD</code>. Ce n’est jamais un argument de la ligne de commande.',
  },
};
