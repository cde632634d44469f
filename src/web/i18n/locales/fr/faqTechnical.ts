/** French: the FAQ's Security, Regions, Troubleshoot and Software Development sections (namespace `faqTechnical`). */
import type { Catalogue } from '../../catalogue';

export const faqTechnical: Catalogue['faqTechnical'] = {
  security: { title: 'Sécurité' },
  protocol: {
    title: 'Quel protocole Peanut VPN utilise-t-il ?',
    body: 'Uniquement WireGuard. Il utilise une cryptographie moderne (Curve25519, ChaCha20-Poly1305, BLAKE2s) et une petite base de code facile à auditer.',
  },
  wiped: {
    title: 'Mes clés et mes journaux sont-ils effacés ?',
    body: 'Oui. Quand un VPN est supprimé ou arrêté, son serveur est détruit avec ses clés WireGuard et les journaux écrits dessus, si bien que votre ancienne configuration cesse de fonctionner pour de bon. Nous ne gardons que ce dont la facturation a besoin : région, horaires, octets transférés et cacahuètes consommées.',
  },
  traffic: {
    title: 'Journalisez-vous mon trafic ?',
    body: 'Non. Le service est sans journaux par défaut : les serveurs VPN n’enregistrent ni les sites que vous visitez ni le contenu de votre trafic. Les compteurs d’octets sont lus pour décompter vos cacahuètes.',
  },
  ssh: {
    title: 'Pourquoi n’y a-t-il pas d’accès ssh aux serveurs ?',
    body: 'Un serveur auquel personne ne peut se connecter ne peut pas être mal configuré ni espionné après coup, ni par un attaquant ni par nous. Chaque serveur est configuré une fois, à sa création, pour faire tourner une instance WireGuard, et il est détruit plutôt que modifié.',
  },
  shared: {
    title: 'Mon serveur VPN est-il partagé avec d’autres utilisateurs ?',
    body: 'Non. Chaque VPN tourne sur son propre serveur isolé, qui ne sert que votre tunnel.',
  },
  cookies: {
    title: 'Utilisez-vous des cookies ?',
    body: 'Non. L’application web n’utilise le stockage local du navigateur que pour l’authentification, et ne dépose aucun cookie. Voyez la <privacy>politique de confidentialité</privacy>.',
  },
  regions: { title: 'Régions' },
  available: {
    title: 'Quelles régions sont disponibles ?',
    count: '27 régions, chacune désignée par sa ville :',
    africa: 'Afrique : Le Cap (Afrique du Sud).',
    asia: 'Asie-Pacifique : Hong Kong, Bombay (Inde), Tokyo et Osaka (Japon), Séoul (Corée du Sud), Singapour, Sydney (Australie), Jakarta (Indonésie).',
    canada: 'Canada : Montréal, Calgary.',
    europe:
      'Europe : Francfort (Allemagne), Dublin (Irlande), Londres (Royaume-Uni), Paris (France), Milan (Italie), Saragosse (Espagne), Stockholm (Suède).',
    middleEast: 'Moyen-Orient : Manama (Bahreïn), Dubaï (Émirats arabes unis).',
    us: 'États-Unis : Ashburn, Columbus, San Francisco, Portland.',
    southAmerica: 'Amérique du Sud : São Paulo (Brésil).',
    china: 'Chine : Pékin, Zhongwei.',
    table: 'Le tableau des régions de la page d’accueil les liste, chacune avec un bouton Créer.',
  },
  request: {
    title: 'Puis-je demander une nouvelle région ?',
    body: 'Oui : <ticket>demandez une région ou votez pour une demande existante</ticket>. Les régions les plus demandées sont ajoutées en premier.',
  },
  price: {
    title: 'Le prix dépend-il de la région ?',
    body: 'Les cacahuètes sont consommées aux mêmes tarifs par seconde et par octet dans toutes les régions. La durée d’un pack dépend de votre trafic ; les durées de la page des tarifs ne sont donc que des estimations.',
  },
  troubleshoot: { title: 'Dépannage' },
  handshake: {
    title: 'Mon tunnel est actif mais il n’y a pas de handshake',
    run: 'Lancez ceci et regardez « latest handshake » :',
    none: 'S’il n’y en a pas, ou s’il date de plus de deux minutes environ :',
    running:
      'vérifiez sur le tableau de bord que le VPN est toujours En marche et qu’il lui reste des cacahuètes ;',
    sameVpn:
      'assurez-vous d’utiliser la configuration de ce VPN : le fichier d’un VPN supprimé ne fonctionne plus jamais ;',
    network:
      'essayez un autre réseau : certains réseaux publics et d’entreprise bloquent le trafic UDP dont WireGuard a besoin ;',
    again: 'désactivez puis réactivez le tunnel, ou téléchargez de nouveau la configuration.',
  },
  stuck: {
    title: 'Mon VPN reste bloqué en Préparation',
    body: 'La préparation prend en général environ 3 minutes. Appuyez sur le bouton d’actualisation à côté de votre solde. Si le VPN finit en Échec, supprimez-le et créez-en un autre, éventuellement dans une autre région.',
  },
  disappeared: {
    title: 'Mon VPN a disparu',
    body: 'Il a été arrêté : il a consommé les cacahuètes qu’il avait reçues, votre solde a atteint zéro, ou son échéance de suppression est passée. Un VPN arrêté ne peut pas être restauré ; créez-en un nouveau.',
  },
  cannotCreate: {
    title: 'Je ne peux pas créer de VPN',
    balance: 'Votre solde est de zéro ou moins : <pricing>achetez des cacahuètes</pricing>.',
    maxPeanuts:
      'Les cacahuètes max. choisies dépassent votre solde ou sortent de la plage autorisée.',
    quota:
      'Vous avez atteint le quota de VPN actifs : supprimez-en un dont vous ne vous servez plus.',
  },
  noCode: {
    title: 'Je n’ai pas reçu le code de confirmation',
    body: 'Vérifiez votre dossier de spam et l’orthographe de l’adresse, puis demandez un nouveau code. S’il n’arrive toujours pas, <contactus>contactez-nous</contactus>.',
  },
  clipboard: {
    title: 'Le bouton de copie affiche « Échec de la copie dans le presse-papiers »',
    body: 'Votre navigateur a refusé l’accès au presse-papiers. Sélectionnez le texte et copiez-le à la main, ou autorisez l’accès au presse-papiers pour ce site.',
  },
  development: { title: 'Développement logiciel' },
  cli: {
    title: 'Existe-t-il un outil en ligne de commande ?',
    body: 'Oui : <code>peanut</code> inscrit, liste les régions et les packs, et crée, liste, supprime et télécharge des VPN. Voyez la <cli>documentation de la CLI</cli>.',
  },
  sdk: {
    title: 'Existe-t-il un SDK ?',
    body: 'Oui, un SDK TypeScript qui fonctionne dans les navigateurs et dans Node ; l’application web et la CLI reposent dessus. Il appelle l’API HTTP, réessaie en cas d’erreur passagère et peut attendre qu’un VPN atteigne un état. L’API est du simple JSON sur HTTPS, par exemple :',
    reference: 'Un serveur en marche sert aussi la référence de son API à /docs.',
  },
  selfHost: {
    title: 'Puis-je faire tourner mon propre Peanut VPN ?',
    body: 'Oui. Depuis une copie du code source :',
    makeMoney:
      'Voyez <makemoney>Gagner de l’argent</makemoney> pour l’exploiter comme service pour d’autres.',
  },
  contribute: {
    title: 'Comment contribuer ?',
    body: 'Signalez bogues et idées sur le <issues>gestionnaire de tickets</issues> et aidez sur l’interface web, la CLI, la bibliothèque ou le backend : voyez <contribute>Contribuer</contribute>. La <doc>documentation</doc> est un bon point de départ.',
  },
};
