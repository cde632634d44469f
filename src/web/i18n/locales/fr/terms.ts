/** French: the terms of service (namespace `terms`). */
import type { Catalogue } from '../../catalogue';

export const terms: Catalogue['terms'] = {
  title: 'Conditions d’utilisation',
  intro:
    'Ces conditions régissent votre utilisation de Peanut VPN. En créant un compte ou en utilisant le Service, vous les acceptez. Veuillez les lire attentivement.',
  sections: {
    service: {
      title: 'Description du Service',
      body: 'Peanut VPN (« le Service ») loue des serveurs de réseau privé virtuel WireGuard éphémères dans les régions de votre choix. Chaque VPN fonctionne sur son propre serveur isolé et est détruit, avec ses clés et ses journaux, lorsqu’il est supprimé ou arrêté. Le Service se paie avec un crédit prépayé appelé cacahuètes, acheté par packs ; il n’y a pas d’abonnement. Un VPN est arrêté lorsqu’il a consommé les cacahuètes qui lui ont été attribuées à sa création, lorsque votre solde atteint zéro ou moins, ou lorsque son échéance de suppression est dépassée. Un VPN supprimé ne peut pas être restauré. Le Service est en version bêta et ses fonctionnalités peuvent évoluer.',
    },
    eligibility: {
      title: 'Conditions d’accès',
      body: 'Vous devez avoir au moins 18 ans, ou l’âge de la majorité là où vous vivez s’il est plus élevé, pour utiliser le Service. En l’utilisant, vous confirmez remplir cette condition et pouvoir légalement utiliser un service VPN là où vous vous trouvez.',
    },
    obligations: {
      title: 'Obligations de l’utilisateur',
      items: {
        accurate:
          'Fournir des informations exactes lors de votre inscription et tenir votre adresse e-mail à jour.',
        confidential:
          'Garder confidentiels votre mot de passe, vos jetons et vos fichiers de configuration VPN ; vous êtes responsable de l’utilisation de votre compte et de vos VPN.',
        laws: 'Respecter toutes les lois qui vous sont applicables lorsque vous utilisez le Service.',
        unauthorised: 'Nous signaler sans délai toute utilisation non autorisée de votre compte.',
      },
    },
    prohibited: {
      title: 'Activités interdites',
      body: 'Vous ne devez pas utiliser le Service pour :',
      items: {
        law: 'enfreindre une loi ou porter atteinte aux droits d’autrui, y compris la propriété intellectuelle ;',
        spam: 'envoyer du spam ou distribuer des logiciels malveillants ;',
        attack:
          'attaquer, analyser ou accéder sans autorisation à un système, y compris le Service lui-même ;',
        fraud: 'commettre une fraude, ou partager ou exploiter des contenus pédopornographiques ;',
        disrupt:
          'perturber le Service ou d’autres utilisateurs, ou contourner ses limites, quotas ou sa facturation ;',
        resell:
          'revendre ou partager l’accès au Service, sauf dans la mesure où ces conditions le permettent.',
      },
    },
    privacy: {
      title: 'Confidentialité',
      body: 'La manière dont nous collectons, utilisons et protégeons les informations est décrite dans notre <privacy>politique de confidentialité</privacy>, qui fait partie de ces conditions.',
    },
    property: {
      title: 'Propriété intellectuelle',
      body: 'Le code source du Service est publié sous la licence Apache 2.0, qui en régit l’utilisation, la copie et la modification. Le nom et le logo Peanut VPN ne sont pas couverts par cette licence et ne peuvent pas être utilisés pour laisser entendre qu’un service est le nôtre ou que nous le cautionnons.',
    },
    fees: {
      title: 'Frais',
      body: 'Les packs de cacahuètes sont payés d’avance, au prix affiché lors de l’achat. Les cacahuètes sont consommées par les VPN en marche aux tarifs publiés, n’ont aucune valeur monétaire et ne sont pas transférables. Les frais ne sont pas remboursables, sauf disposition contraire de la politique de paiement et de remboursement. Les prix et les tarifs peuvent changer.',
    },
    warranty: {
      title: 'Exclusion de garantie',
      body: 'Le Service est fourni « en l’état » et « selon sa disponibilité », sans garantie d’aucune sorte, expresse ou implicite, notamment de qualité marchande, d’adéquation à un usage particulier et d’absence de contrefaçon. Nous ne garantissons pas que le Service ou une région sera disponible, ininterrompu, exempt d’erreurs ou sûr à un moment donné.',
    },
    liability: {
      title: 'Limitation de responsabilité',
      body: 'Dans toute la mesure permise par la loi, nous ne sommes pas responsables des dommages indirects, accessoires, spéciaux, consécutifs ou punitifs, ni de toute perte de données, de bénéfices ou d’opportunités, résultant de votre utilisation du Service. Notre responsabilité totale pour toute réclamation est limitée au montant que vous nous avez payé au cours des douze mois précédant la réclamation.',
    },
    termination: {
      title: 'Résiliation',
      body: 'Nous pouvons suspendre ou résilier votre compte, et supprimer vos VPN, à tout moment et sans préavis si vous enfreignez ces conditions ou si nous devons le faire pour protéger le Service, ses utilisateurs ou des tiers. Vous pouvez supprimer votre compte à tout moment ; la suppression d’un compte est irréversible.',
    },
    modifications: {
      title: 'Modifications',
      body: 'Nous pouvons modifier ces conditions ou le Service. Les conditions modifiées sont publiées sur cette page et s’appliquent dès lors. Si vous continuez à utiliser le Service après une modification, vous acceptez les conditions modifiées.',
    },
    law: {
      title: 'Droit applicable',
      body: 'Ces conditions sont régies par les lois de la province de la Colombie-Britannique et par les lois fédérales du Canada qui s’y appliquent. Les tribunaux de la Colombie-Britannique, au Canada, ont compétence exclusive pour tout litige les concernant.',
    },
    agreement: {
      title: 'Intégralité de l’accord',
      body: 'Ces conditions, avec la politique de confidentialité et les conditions de tout programme auquel vous participez, comme les <referralTerms>conditions du programme de parrainage</referralTerms>, constituent l’intégralité de l’accord entre vous et nous concernant le Service et remplacent tout accord antérieur.',
    },
    contact: {
      title: 'Contact',
      body: 'Des questions sur ces conditions : <supportMail>{{supportEmail}}</supportMail> ou la <contact>page de contact</contact>.',
    },
  },
};
