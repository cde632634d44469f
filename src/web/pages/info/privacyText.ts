/**
 * The privacy policy's texts (English, spec §2 "Privacy Policy"; namespace `privacy`), one entry
 * per section in order. `<name>…</name>` marks a link (pages/info/InfoText.tsx).
 */

/** The privacy policy's texts (English; namespace `privacy`). */
export const PRIVACY_TEXT = {
  title: 'Privacy Policy',
  intro:
    'This policy explains what information Peanut VPN collects, why, and what you can do about it.',
  sections: {
    collect: {
      title: 'Information we collect',
      body: 'We collect as little as the Service needs to work and to be paid for.',
    },
    account: {
      title: 'Account information',
      body: 'Your email address and the data needed to sign you in. We never store your password: the identity provider keeps only a verifier derived from it (Secure Remote Password protocol), and signing in proves you know the password without sending it. When you buy peanuts, the payment provider processes your card; we receive a record of the purchase, not your card details.',
    },
    usage: {
      title: 'Usage logs',
      body: 'For each VPN: its region, configuration, creation time, states, running time, bytes transferred and peanuts consumed, plus your balance and purchases. We do not record the sites you visit or the content of your traffic, and the logs of a VPN server are wiped when it is destroyed.',
    },
    device: {
      title: 'Device information',
      body: "Your IP address and browser or CLI version reach our servers with each request, and your device's IP address reaches your VPN server while you are connected to it. By default we do not log them.",
    },
    cookies: {
      title: 'Cookies',
      body: "None. The web app sets no cookies and uses no trackers or analytics. It keeps your authentication tokens in your browser's local storage, which you can clear at any time by logging out.",
    },
    use: {
      title: 'How we use information',
      items: {
        vpns: 'to create, run, meter and delete your VPNs;',
        balance: 'to keep your peanut balance, process purchases and run the referral program;',
        messages: 'to confirm your registration and answer your messages;',
        fraud: 'to prevent fraud and abuse, and to meet legal obligations.',
      },
    },
    disclosure: {
      title: 'Disclosure',
      body: 'We do not sell or rent your information. We share it only with the providers that run the Service for us (hosting, payment, email), to the extent they need it, and with authorities when the law requires it.',
    },
    retention: {
      title: 'Retention',
      body: "A VPN's server, keys and server logs are destroyed with the VPN. Account information and usage records are kept while your account exists. When you delete your account we delete them, except purchase records that the law requires us to keep for accounting.",
    },
    security: {
      title: 'Security',
      body: 'Traffic to the Service is encrypted, VPN traffic is protected by WireGuard, each VPN runs on its own isolated server with no ssh access, and access to our systems is restricted. No system is perfectly secure, but we work to protect your information.',
    },
    rights: {
      title: 'Your rights',
      body: 'You may ask to access, correct, update or delete the personal information we hold about you. You can delete your account yourself from the account menu; for anything else, <contact>contact us</contact>.',
    },
    children: {
      title: 'Children',
      body: 'The Service is not for anyone under 19. We do not knowingly collect information from anyone under 19; if you believe we have, <contact>contact us</contact> and we will delete it.',
    },
    changes: {
      title: 'Changes to this policy',
      body: 'We may update this policy. Changes are published on this page and apply from then on.',
    },
    contact: {
      title: 'Contact us',
      body: 'Questions about your privacy or this policy are welcome through the <contact>contact page</contact>.',
    },
  },
};
