import { Link } from 'react-router-dom';
import { CodeBlock } from '../../components/content/CodeBlock';
import { ExternalLink } from '../../components/content/ExternalLink';
import { InfoPage } from '../../components/content/InfoPage';
import { REPOSITORY_URL } from '../../components/content/site';
import type { DocSection } from '../../components/content/types';

const sections: DocSection[] = [
  {
    title: 'Run your own service',
    body: (
      <>
        <p>
          Everything that runs Peanut VPN is open source under the Apache License 2.0, which allows
          commercial use as long as you keep its licence and notices. You can run the same service
          under your own name, in your own regions and at your own prices.
        </p>
        <p>
          Start with one machine: from a checkout of{' '}
          <ExternalLink href={REPOSITORY_URL}>the source code</ExternalLink>, this starts the web
          app, the API, the identity provider and simulated VPN servers on http://localhost:8080.
        </p>
        <CodeBlock>{'npm ci && npm start'}</CodeBlock>
      </>
    ),
  },
  {
    title: 'Going to production',
    body: (
      <ul>
        <li>
          Point <code>DATABASE_URL</code> at a PostgreSQL database instead of the embedded one.
        </li>
        <li>
          Connect a Stripe account for payments and set <code>STRIPE_WEBHOOK_SECRET</code>, then set
          up your own peanut packs and prices.
        </li>
        <li>Use the built-in identity provider or an AWS Cognito user pool.</li>
        <li>
          Replace the simulated provisioner with real WireGuard servers, and run several API and
          worker processes on the same database as you grow.
        </li>
      </ul>
    ),
  },
  {
    title: 'Get help',
    body: (
      <p>
        Setting up a service, choosing regions or pricing it?{' '}
        <Link to="/contactus">Contact us</Link>: we are happy to help you get started.
      </p>
    ),
  },
];

/** /makemoney: run your own Peanut VPN service, with help on request (spec §2). */
export default function MakeMoneyPage() {
  return (
    <InfoPage
      title="Make Money"
      intro={
        <p>
          Peanut VPN is self-hostable: you can run your own VPN rental service with it and keep what
          your customers pay.
        </p>
      }
      sections={sections}
    />
  );
}
