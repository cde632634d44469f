/** French: the privacy policy (namespace `privacy`). */
import type { Catalogue } from '../../catalogue';

export const privacy: Catalogue['privacy'] = {
  title: 'Politique de confidentialité',
  intro:
    'Cette politique explique quelles informations Peanut VPN collecte, pourquoi, et ce que vous pouvez faire à ce sujet.',
  sections: {
    collect: {
      title: 'Informations que nous collectons',
      body: 'Nous collectons le strict nécessaire pour que le Service fonctionne et soit payé.',
    },
    account: {
      title: 'Informations du compte',
      body: 'Votre adresse e-mail et les données nécessaires pour vous connecter. Nous ne stockons jamais votre mot de passe : le fournisseur d’identité ne conserve qu’un vérificateur qui en est dérivé (protocole Secure Remote Password), et la connexion prouve que vous connaissez le mot de passe sans l’envoyer. Lorsque vous achetez des cacahuètes, le prestataire de paiement traite votre carte ; nous recevons un enregistrement de l’achat, pas les données de votre carte.',
    },
    usage: {
      title: 'Journaux d’utilisation',
      body: 'Pour chaque VPN : sa région, sa configuration, sa date de création, ses états, sa durée de fonctionnement, les octets transférés et les cacahuètes consommées, ainsi que votre solde et vos achats. Nous n’enregistrons ni les sites que vous visitez ni le contenu de votre trafic, et les journaux d’un serveur VPN sont effacés lors de sa destruction.',
    },
    device: {
      title: 'Informations sur l’appareil',
      body: 'Votre adresse IP et la version de votre navigateur ou de la CLI parviennent à nos serveurs avec chaque requête, et l’adresse IP de votre appareil parvient à votre serveur VPN pendant que vous y êtes connecté. Par défaut, nous ne les enregistrons pas.',
    },
    cookies: {
      title: 'Cookies',
      body: 'Aucun. L’application web ne dépose aucun cookie et n’utilise ni traceurs ni outils d’analyse. Elle conserve vos jetons d’authentification dans le stockage local de votre navigateur, que vous pouvez vider à tout moment en vous déconnectant.',
    },
    use: {
      title: 'Comment nous utilisons les informations',
      items: {
        vpns: 'pour créer, faire fonctionner, mesurer et supprimer vos VPN ;',
        balance:
          'pour tenir votre solde de cacahuètes, traiter les achats et gérer le programme de parrainage ;',
        messages: 'pour confirmer votre inscription et répondre à vos messages ;',
        fraud: 'pour prévenir la fraude et les abus, et respecter nos obligations légales.',
      },
    },
    disclosure: {
      title: 'Communication',
      body: 'Nous ne vendons ni ne louons vos informations. Nous ne les partageons qu’avec les prestataires qui exploitent le Service pour nous (hébergement, paiement, e-mail), dans la mesure où ils en ont besoin, et avec les autorités lorsque la loi l’exige.',
    },
    retention: {
      title: 'Conservation',
      body: 'Le serveur d’un VPN, ses clés et les journaux du serveur sont détruits avec le VPN. Les informations du compte et les relevés d’utilisation sont conservés tant que votre compte existe. Lorsque vous supprimez votre compte, nous les supprimons, à l’exception des enregistrements d’achat que la loi nous oblige à conserver pour la comptabilité.',
    },
    security: {
      title: 'Sécurité',
      body: 'Le trafic vers le Service est chiffré, le trafic VPN est protégé par WireGuard, chaque VPN fonctionne sur son propre serveur isolé sans accès ssh, et l’accès à nos systèmes est restreint. Aucun système n’est parfaitement sûr, mais nous nous efforçons de protéger vos informations.',
    },
    rights: {
      title: 'Vos droits',
      body: 'Vous pouvez demander à accéder aux informations personnelles que nous détenons sur vous, à les corriger, à les mettre à jour ou à les supprimer. Vous pouvez supprimer vous-même votre compte depuis le menu du compte ; pour toute autre demande, <contact>contactez-nous</contact>.',
    },
    children: {
      title: 'Enfants',
      body: 'Le Service n’est pas destiné aux personnes de moins de 19 ans. Nous ne collectons pas sciemment d’informations sur des personnes de moins de 19 ans ; si vous pensez que c’est le cas, <contact>contactez-nous</contact> et nous les supprimerons.',
    },
    changes: {
      title: 'Modifications de cette politique',
      body: 'Nous pouvons mettre à jour cette politique. Les modifications sont publiées sur cette page et s’appliquent dès lors.',
    },
    contact: {
      title: 'Nous contacter',
      body: 'Vos questions sur votre vie privée ou sur cette politique sont les bienvenues via la <contact>page de contact</contact>.',
    },
  },
};
