/**
 * The issue page's texts (English, spec §2 "Issue"; namespace `issue`).
 * `<name>…</name>` marks a link (pages/info/InfoText.tsx).
 */

/** The issue page's texts (English; namespace `issue`). */
export const ISSUE_TEXT = {
  title: 'Issue',
  intro:
    "Bugs and feature requests are tracked in the open, on the project's public issue tracker.",
  sections: {
    faq: {
      title: 'Read the FAQ first',
      body: 'Many problems, such as a tunnel without handshake, a VPN stuck in Provisioning or a VPN that disappeared, are answered in the <faq>FAQ</faq>, especially its <troubleshoot>Troubleshoot</troubleshoot> section.',
    },
    search: {
      title: 'Search existing issues',
      body: 'Issues are managed on a public code host: <tracker>{{issuesUrl}}</tracker>. Search it before opening a new one; if your problem is already there, add what you know to it.',
    },
    write: {
      title: 'Write a good issue',
      items: {
        what: 'what you did, what you expected and what happened instead;',
        vpn: 'the VPN id and region, if a VPN is involved;',
        versions: 'your operating system, browser or CLI version, and WireGuard version;',
        error: 'the exact error message, copied as text.',
      },
    },
    secrets: {
      title: 'Keep secrets out',
      body: 'Issues are public. Never paste a configuration file, a private key, a password or a token. Report security vulnerabilities privately to <supportMail>{{supportEmail}}</supportMail> instead of in an issue.',
    },
  },
};
