/**
 * The texts of /faq's Security, Regions, Troubleshoot and Software Development sections (English,
 * spec §2 "FAQ"; namespace `faqTechnical`). `<name>…</name>` marks a link or code
 * (content/parts.tsx).
 */
export const FAQ_TECHNICAL_TEXT = {
  security: { title: 'Security' },
  protocol: {
    title: 'Which protocol does Peanut VPN use?',
    body: 'WireGuard only. It uses modern cryptography (Curve25519, ChaCha20-Poly1305, BLAKE2s) and a small code base that is easy to audit.',
  },
  wiped: {
    title: 'Are my keys and logs wiped?',
    body: 'Yes. When a VPN is deleted or terminated, its server is destroyed together with its WireGuard keys and any logs written on it, so your old configuration stops working for good. We keep only what billing needs: region, times, bytes transferred and peanuts consumed.',
  },
  traffic: {
    title: 'Do you log my traffic?',
    body: 'No. The service is logs-free by default: the VPN servers do not record the sites you visit or the content of your traffic. Byte counters are read to charge your peanuts.',
  },
  ssh: {
    title: 'Why is there no ssh access to the servers?',
    body: 'A server that nobody can log in to cannot be misconfigured or snooped on afterwards, by an attacker or by us. Each server is set up once, at creation, to run one WireGuard instance, and is destroyed rather than changed.',
  },
  shared: {
    title: 'Is my VPN server shared with other users?',
    body: 'No. Each VPN runs on its own isolated server, which serves only your tunnel.',
  },
  cookies: {
    title: 'Do you use cookies?',
    body: "No. The web app uses the browser's local storage for authentication only, and sets no cookies. See the <privacy>privacy policy</privacy>.",
  },
  regions: { title: 'Regions' },
  available: {
    title: 'Which regions are available?',
    count: '27 regions, each known by its city:',
    africa: 'Africa: Cape Town (South Africa).',
    asia: 'Asia-Pacific: Hong Kong, Mumbai (India), Tokyo and Osaka (Japan), Seoul (South Korea), Singapore, Sydney (Australia), Jakarta (Indonesia).',
    canada: 'Canada: Montreal, Calgary.',
    europe:
      'Europe: Frankfurt (Germany), Dublin (Ireland), London (United Kingdom), Paris (France), Milan (Italy), Zaragoza (Spain), Stockholm (Sweden).',
    middleEast: 'Middle East: Manama (Bahrain), Dubai (United Arab Emirates).',
    us: 'US: Ashburn, Columbus, San Francisco, Portland.',
    southAmerica: 'South America: São Paulo (Brazil).',
    china: 'China: Beijing, Zhongwei.',
    table: 'The regions table on the home page lists them with a Create button each.',
  },
  request: {
    title: 'Can I request a new region?',
    body: 'Yes: <ticket>request a region or upvote an existing request</ticket>. The most requested regions are added first.',
  },
  price: {
    title: 'Does the price depend on the region?',
    body: 'Peanuts are consumed at the same rates per second and per byte in every region. How long a pack lasts depends on your traffic, so the durations on the pricing page are estimates only.',
  },
  troubleshoot: { title: 'Troubleshoot' },
  handshake: {
    title: 'My tunnel is up but there is no handshake',
    run: 'Run this and look at "latest handshake":',
    none: 'If there is none, or it is older than about two minutes:',
    running: 'check on the dashboard that the VPN is still Running and has peanuts left;',
    sameVpn:
      "make sure you use the configuration of that VPN: a deleted VPN's file never works again;",
    network:
      'try another network: some public and corporate networks block the UDP traffic WireGuard needs;',
    again: 'switch the tunnel off and on, or download the configuration again.',
  },
  stuck: {
    title: 'My VPN is stuck in Provisioning',
    body: 'Provisioning usually takes about 3 minutes. Press the refresh button next to your balance. If the VPN ends up Failed, delete it and create another, possibly in another region.',
  },
  disappeared: {
    title: 'My VPN disappeared',
    body: 'It was terminated: it consumed the peanuts it was given, your balance reached zero, or its delete-after deadline passed. Terminated VPNs cannot be restored; create a new one.',
  },
  cannotCreate: {
    title: 'I cannot create a VPN',
    balance: 'Your balance is zero or less: <pricing>buy peanuts</pricing>.',
    maxPeanuts:
      'The max peanuts you chose are more than your balance or outside the allowed range.',
    quota: 'You reached the quota of active VPNs: delete one you no longer use.',
  },
  noCode: {
    title: 'I did not receive the confirmation code',
    body: 'Check your spam folder and that the address is spelled correctly, then ask for a new code. If it still does not arrive, <contactus>contact us</contactus>.',
  },
  clipboard: {
    title: "The copy button says 'Failed to copy to clipboard'",
    body: 'Your browser refused access to the clipboard. Select the text and copy it by hand, or allow clipboard access for this site.',
  },
  development: { title: 'Software Development' },
  cli: {
    title: 'Is there a command-line tool?',
    body: 'Yes: <code>peanut</code> registers, lists regions and packs, and creates, lists, deletes and downloads VPNs. See the <cli>CLI documentation</cli>.',
  },
  sdk: {
    title: 'Is there an SDK?',
    body: 'Yes, a TypeScript SDK that runs in browsers and in Node; the web app and the CLI are built on it. It calls the HTTP API, retries on transient errors and can wait for a VPN to reach a state. The API is plain JSON over HTTPS, for example:',
    reference: 'A running server also serves its API reference at /docs.',
  },
  selfHost: {
    title: 'Can I run my own Peanut VPN?',
    body: 'Yes. From a checkout of the source code:',
    makeMoney: 'See <makemoney>Make Money</makemoney> to run it as a service for others.',
  },
  contribute: {
    title: 'How can I contribute?',
    body: 'Report bugs and ideas on the <issues>issue tracker</issues> and help with the web frontend, the CLI, the library or the backend: see <contribute>Contribute</contribute>. The <doc>documentation</doc> is a good place to start.',
  },
} as const;
