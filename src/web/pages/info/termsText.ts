/**
 * The terms of service's texts (English, spec §2 "Terms of Service"; namespace `terms`), one
 * entry per section in order. `<name>…</name>` marks a link (pages/info/InfoText.tsx).
 */

/** The terms of service's texts (English; namespace `terms`). */
export const TERMS_TEXT = {
  title: 'Terms of Service',
  intro:
    'These terms govern your use of Peanut VPN. By creating an account or using the Service you agree to them. Please read them carefully.',
  sections: {
    service: {
      title: 'Service description',
      body: 'Peanut VPN ("the Service") rents short-lived WireGuard virtual private network servers in regions you choose. Each VPN runs on its own isolated server and is destroyed, with its keys and logs, when it is deleted or terminated. The Service is paid with a prepaid credit called peanuts, bought in packs; there is no subscription. A VPN is terminated when it has consumed the peanuts given to it at creation, when your balance reaches zero or less, or when its delete-after deadline passes. A deleted VPN cannot be restored. The Service is in beta and its features may change.',
    },
    eligibility: {
      title: 'Eligibility',
      body: 'You must be at least 18 years old, or the age of majority where you live if that is higher, to use the Service. By using it you confirm that you meet this requirement and that you may lawfully use a VPN service where you are.',
    },
    obligations: {
      title: 'User obligations',
      items: {
        accurate:
          'Give accurate information when you register and keep your email address current.',
        confidential:
          'Keep your password, tokens and VPN configuration files confidential; you are responsible for the use of your account and of your VPNs.',
        laws: 'Comply with all laws that apply to you when you use the Service.',
        unauthorised: 'Tell us without delay of any unauthorised use of your account.',
      },
    },
    prohibited: {
      title: 'Prohibited activities',
      body: 'You must not use the Service to:',
      items: {
        law: 'break any law, or infringe the rights of others, including intellectual property;',
        spam: 'send spam, or distribute malware;',
        attack:
          'attack, scan or gain unauthorised access to any system, including the Service itself;',
        fraud: 'carry out fraud, or share or exploit content that abuses children;',
        disrupt: 'disrupt the Service or other users, or get around its limits, quotas or billing;',
        resell: 'resell or share access to the Service, except as these terms allow.',
      },
    },
    privacy: {
      title: 'Privacy',
      body: 'How we collect, use and protect information is described in our <privacy>privacy policy</privacy>, which forms part of these terms.',
    },
    property: {
      title: 'Intellectual property',
      body: 'The source code of the Service is published under the Apache License 2.0, which governs its use, copying and modification. The Peanut VPN name and logo are not licensed by it and may not be used to suggest that a service is ours or endorsed by us.',
    },
    fees: {
      title: 'Fees',
      body: 'Peanut packs are paid in advance at the price shown when you buy them. Peanuts are consumed by running VPNs at the published rates, have no cash value and cannot be transferred. Fees are non-refundable unless the payment and refund policy says otherwise. Prices and rates may change.',
    },
    warranty: {
      title: 'Warranty disclaimer',
      body: 'The Service is provided "as is" and "as available", without warranties of any kind, express or implied, including merchantability, fitness for a particular purpose and non-infringement. We do not warrant that the Service or any region will be available, uninterrupted, error-free or secure at any given time.',
    },
    liability: {
      title: 'Limitation of liability',
      body: 'To the fullest extent permitted by law, we are not liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of data, profits or opportunity, arising from your use of the Service. Our total liability for any claim is limited to the amount you paid us in the twelve months before the claim arose.',
    },
    termination: {
      title: 'Termination',
      body: 'We may suspend or terminate your account, and delete your VPNs, at any time and without notice if you breach these terms or if we must do so to protect the Service, its users or others. You may delete your account at any time; account deletion cannot be undone.',
    },
    modifications: {
      title: 'Modifications',
      body: 'We may change these terms or the Service. Changed terms are published on this page and apply from then on. If you continue to use the Service after a change, you accept the changed terms.',
    },
    law: {
      title: 'Governing law',
      body: 'These terms are governed by the laws of the Province of British Columbia and the federal laws of Canada that apply there. The courts of British Columbia, Canada have exclusive jurisdiction over any dispute about them.',
    },
    agreement: {
      title: 'Entire agreement',
      body: 'These terms, together with the privacy policy and any terms of a programme you join, such as the <referralTerms>referral program terms</referralTerms>, are the entire agreement between you and us about the Service, and replace any earlier agreement.',
    },
    contact: {
      title: 'Contact',
      body: 'Questions about these terms: <supportMail>{{supportEmail}}</supportMail> or the <contact>contact page</contact>.',
    },
  },
};
