/**
 * The texts of /doc (English, spec §1, §2 "Documentation"; namespace `doc`): the tenets and how
 * the service works. `<name>…</name>` marks a link, code or emphasis (content/parts.tsx).
 */
export const DOC_TEXT = {
  title: 'Documentation',
  intro:
    'Peanut VPN rents short-lived WireGuard VPN servers in the region you choose. Each VPN is one WireGuard instance on its own isolated server, paid with a prepaid credit called peanuts and destroyed when you are done with it. This page explains the principles behind the service and how it works. For step-by-step commands see the <cli>command-line documentation</cli>; for quick answers see the <faq>FAQ</faq>; for help see <support>Support</support>.',
  tenets: { title: 'Tenets', body: 'Six promises shape every part of the product.' },
  openSource: {
    title: 'Open source',
    body: 'The web app, the <code>peanut</code> command-line tool, the TypeScript SDK and the backend are published under the Apache License 2.0 at <repo>{{url}}</repo>. You can read what runs your VPN, report problems and <contribute>contribute</contribute>.',
  },
  subscriptionFree: {
    title: 'Subscription-free',
    body: 'There is no plan and no recurring charge. You buy a pack of peanuts once and spend them only while a VPN exists. Peanuts you do not spend stay on your balance.',
  },
  spamFree: {
    title: 'Spam-free',
    body: 'Your email address is used to confirm your registration and to answer you when you write to us. We send no newsletters and no marketing email, and we do not sell or share addresses.',
  },
  cookieFree: {
    title: 'Cookie-free',
    body: "The web app sets no cookies and loads no trackers. It keeps your authentication tokens in the browser's local storage, and nothing else.",
  },
  logsFree: {
    title: 'Logs-free by default',
    body: 'A VPN server does not log the traffic that goes through it. When the VPN is destroyed, the server, its WireGuard keys and whatever logs the system wrote are wiped with it. What remains is what billing needs: the region, the creation time, the running time, the bytes transferred and the peanuts consumed.',
  },
  sshFree: {
    title: 'SSH-free',
    body: 'VPN servers have no ssh access: no one can log in to them, not even us. A server is set up once when it is created and is never changed afterwards, which leaves very little to attack.',
  },
  howItWorks: {
    title: 'How it works',
    signUp:
      '<login>Sign up</login> with your email address and confirm it with the code we send. New accounts get {{count}} free peanuts.',
    buy: 'Buy more peanuts on the <pricing>pricing page</pricing> when you need them.',
    create:
      'Install WireGuard on your device, choose a region and create a VPN. Provisioning takes about 3 minutes.',
    connect:
      'Download the configuration file or scan the QR code with the WireGuard app, and connect.',
    delete: 'Delete the VPN when you are done, or let it end on its own.',
  },
  peanuts: {
    title: 'Peanuts',
    rates:
      'Peanuts are the prepaid credit of the service. A running VPN consumes 0.0015 peanut per second of running time plus 0.0000005 peanut per byte of traffic, which is about 0.52 peanut per MiB. One hour of an idle VPN costs 5.4 peanuts; one hour with 10 MiB of traffic costs about 10.6 peanuts.',
    packs:
      'Peanuts come in packs: Starter (17 peanuts for 2.71 USD), Pro (34 peanuts for 4.89 USD) and Elite (73 peanuts for 9.87 USD). See the <pricing>pricing page</pricing> for the current packs and duration estimates.',
  },
  creating: {
    title: 'Creating a VPN',
    settings: 'Each VPN is created in one region with two settings:',
    maxPeanuts:
      '<strong>Max peanuts</strong>: the peanuts the VPN is given at creation. It is terminated once it has consumed them. Choosing 0 gives it all your peanuts.',
    deleteAfter:
      '<strong>Delete after</strong>: a deadline in seconds. The VPN is terminated when it passes, whatever is left of its peanuts.',
    ranges:
      'The allowed ranges come with your account and are shown by the sliders of the Configuration panel on the dashboard. A VPN goes through the states Creating, Created, Provisioning and Running; it can be used once it is Running.',
  },
  ending: {
    title: 'When a VPN ends',
    when: 'A VPN is terminated when the first of these happens:',
    consumed: 'it has consumed the peanuts it was given at creation;',
    balance: 'your account balance reaches zero or less;',
    deadline: 'its delete-after deadline passes;',
    deleted: 'you delete it, from the dashboard or with the command-line tool.',
    after:
      'Its server is then deprovisioned and destroyed together with its keys and logs. A deleted VPN cannot come back: create a new one and download its new configuration.',
  },
  clients: {
    title: 'Web app, command line and SDK',
    web: 'The web app: the dashboard shows your balance, your VPNs and the regions, and creates, downloads and deletes VPNs.',
    cli: 'The <code>peanut</code> command-line tool does the same from a terminal; see the <cli>CLI documentation</cli>.',
    sdk: 'The TypeScript SDK is the client that both use. It calls the HTTP API, retries on transient errors and waits for VPN states, in browsers and in Node.',
  },
  selfHosting: {
    title: 'Self-hosting',
    body: 'The whole service runs on one machine with embedded defaults: a database, an identity provider, a mailbox, a checkout page and simulated VPN servers. From a checkout of the source code:',
    serves:
      'It serves the web app, the API and the API reference on http://localhost:8080. See <makemoney>Make Money</makemoney> to run it as your own service.',
  },
  help: {
    title: 'Getting help',
    body: 'Most questions are answered in the <faq>FAQ</faq>. If yours is not, go to <support>Support</support>. Command-line users will find every step in the <cli>CLI documentation</cli>.',
  },
} as const;
