/**
 * The support page's texts (English, spec §2 "Support"; namespace `support`).
 * `<name>…</name>` marks a link (pages/info/InfoText.tsx).
 */

/** The support page's texts (English; namespace `support`). */
export const SUPPORT_TEXT = {
  title: 'Support',
  intro: 'Need help with Peanut VPN? Start here.',
  sections: {
    faq: {
      title: 'Frequently asked questions',
      body: 'The <faq>FAQ</faq> answers most questions: how to install WireGuard and connect, what happens when peanuts run out, and how to fix a tunnel that does not connect. The <doc>documentation</doc> and the <cli>CLI documentation</cli> cover the rest.',
    },
    contact: {
      title: 'Contact us',
      body: 'For a question about your account, a payment or a VPN, write to us with the <contact>contact form</contact>. Include the VPN id when a VPN is involved.',
    },
    tracker: {
      title: 'Issue tracker',
      body: "Bugs and feature requests go to the project's public <tracker>issue tracker</tracker>. See <issue>how to report an issue</issue>.",
    },
  },
};
