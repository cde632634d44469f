/**
 * The texts of /faq's About and Connection sections (English, spec §2 "FAQ"; namespace `faq`);
 * the other four are in faqTechnicalText.ts. `<name>…</name>` marks a link, code or emphasis
 * (content/parts.tsx).
 */
export const FAQ_TEXT = {
  title: 'Frequently Asked Questions',
  intro:
    'Short answers about Peanut VPN, from buying peanuts to fixing a tunnel that does not connect. The <doc>documentation</doc> explains how the service works in more detail.',
  about: { title: 'About' },
  whatIs: {
    title: 'What is Peanut VPN?',
    body: 'A service that rents short-lived WireGuard VPN servers. You pick a region, create a VPN, connect to it with the WireGuard app and delete it when you are done. Each VPN is one WireGuard instance on its own isolated server, with no ssh access, and is destroyed with its logs at the end. You pay as you go with prepaid peanuts; there is no subscription.',
  },
  peanuts: {
    title: 'What are peanuts?',
    rates:
      'Peanuts are the prepaid credit you spend on VPNs. A running VPN consumes 0.0015 peanut per second (5.4 peanuts per hour) plus 0.0000005 peanut per byte of traffic (about 0.52 peanut per MiB). Unspent peanuts stay on your balance, which the dashboard shows.',
    packs:
      'They are sold in packs: Starter (17 peanuts for 2.71 USD), Pro (34 peanuts for 4.89 USD) and Elite (73 peanuts for 9.87 USD). See the <pricing>pricing</pricing> page for the current packs.',
  },
  start: {
    title: 'How do I get started?',
    body: '<login>Sign in</login>, or sign up with your email address: new accounts get {{count}} free peanuts. Install WireGuard (see <connection>Connection</connection>), choose a region on the dashboard, press Create and wait about 3 minutes for the VPN to be Running. Then download its configuration or scan its QR code.',
  },
  subscription: {
    title: 'Is there a subscription?',
    body: 'No. You buy a pack of peanuts when you need one, and nothing renews or is charged automatically.',
  },
  runOut: {
    title: 'What happens when my peanuts run out?',
    when: 'A VPN is given some peanuts when it is created and is terminated when:',
    consumed: 'it has consumed those peanuts;',
    balance: 'your balance reaches zero or less;',
    deadline: 'its delete-after deadline passes;',
    deleted: 'or you delete it.',
    after:
      'A terminated VPN is destroyed and cannot come back. Buy more peanuts on the <pricing>pricing</pricing> page and create a new one.',
  },
  refund: {
    title: 'Can I get a refund?',
    body: 'Fees are non-refundable unless the payment and refund policy says otherwise; see the <terms>terms of service</terms>. If something went wrong with a purchase, <contactus>contact us</contactus>.',
  },
  referral: {
    title: 'Is there a referral program?',
    body: 'Yes. Share your code or link from the <referral>referral page</referral>: when a friend makes a first peanuts purchase, both of you get bonus peanuts. See the <referralTerms>referral terms</referralTerms>.',
  },
  openSource: {
    title: 'Is Peanut VPN open source?',
    body: 'Yes, under the Apache License 2.0: the web app, the command-line tool, the SDK and the backend. See <contribute>Contribute</contribute> to take part.',
  },
  connection: { title: 'Connection' },
  install: {
    title: 'How do I install WireGuard?',
    linux:
      'Linux: install the WireGuard tools, e.g. <code>sudo apt install wireguard-tools</code> on Debian and Ubuntu or <code>sudo dnf install wireguard-tools</code> on Fedora.',
    macos:
      'macOS: install the WireGuard app from the Mac App Store, or <code>brew install wireguard-tools</code> for the command line.',
    windows:
      'Windows: download and run the installer from <wireguard>wireguard.com/install</wireguard>.',
    android: 'Android: install the WireGuard app from Google Play.',
    ios: 'iOS and iPadOS: install the WireGuard app from the App Store.',
  },
  configFile: {
    title: 'How do I connect with a configuration file?',
    body: 'When your VPN is Running, press Config on its row to download a .conf file. In the WireGuard app on Windows or macOS, choose "Import tunnel(s) from file", select the file and press Activate. On Linux:',
    privateKey:
      'The file contains the private key of your tunnel: keep it to yourself, and delete it once the VPN is deleted.',
  },
  qrCode: {
    title: 'How do I connect with a QR code?',
    body: 'Press QRCode on the row of a Running VPN: a window shows the code. In the WireGuard app on your phone, tap +, choose "Scan from QR code", scan it, name the tunnel and switch it on. If nothing opens, allow pop-up windows for this site.',
  },
  ready: {
    title: 'How long does a VPN take to be ready?',
    body: 'About 3 minutes. The list shows a spinner while the VPN goes through Creating, Created and Provisioning, and the download buttons appear once it is Running.',
  },
  disconnect: {
    title: 'How do I disconnect?',
    body: 'Switch the tunnel off in the WireGuard app, or run <code>sudo wg-quick down ./<name>.conf</code>. Disconnecting does not stop the VPN from consuming peanuts: delete it from the dashboard when you no longer need it.',
  },
  devices: {
    title: 'Can I use one VPN on several devices?',
    body: 'Not at the same time. A VPN has one client configuration, and WireGuard sends its traffic to whichever device used it last, so two devices would keep disconnecting each other. Create one VPN per device.',
  },
} as const;
