/**
 * The make-money page's texts (English, spec §2 "Make Money"; namespace `makeMoney`).
 * `<name>…</name>` marks a link or code (pages/info/InfoText.tsx).
 */

/** The make-money page's texts (English; namespace `makeMoney`). */
export const MAKE_MONEY_TEXT = {
  title: 'Make Money',
  intro:
    'Peanut VPN is self-hostable: you can run your own VPN rental service with it and keep what your customers pay.',
  sections: {
    run: {
      title: 'Run your own service',
      body: 'Everything that runs Peanut VPN is open source under the Apache License 2.0, which allows commercial use as long as you keep its licence and notices. You can run the same service under your own name, in your own regions and at your own prices.',
      body2:
        'Start with one machine: from a checkout of <repository>the source code</repository>, this starts the web app, the API, the identity provider and simulated VPN servers on http://localhost:8080.',
    },
    production: {
      title: 'Going to production',
      items: {
        database:
          'Point <code>DATABASE_URL</code> at a PostgreSQL database instead of the embedded one.',
        stripe:
          'Connect a Stripe account for payments and set <code>STRIPE_WEBHOOK_SECRET</code>, then set up your own peanut packs and prices.',
        identity: 'Use the built-in identity provider or an AWS Cognito user pool.',
        servers:
          'Replace the simulated provisioner with real WireGuard servers, and run several API and worker processes on the same database as you grow.',
      },
    },
    help: {
      title: 'Get help',
      body: 'Setting up a service, choosing regions or pricing it? <contact>Contact us</contact>: we are happy to help you get started.',
    },
  },
};
