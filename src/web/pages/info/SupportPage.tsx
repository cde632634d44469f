import { Link } from 'react-router-dom';
import { ExternalLink } from '../../components/content/ExternalLink';
import { InfoPage } from '../../components/content/InfoPage';
import { ISSUES_URL } from '../../components/content/site';
import type { DocSection } from '../../components/content/types';

const sections: DocSection[] = [
  {
    title: 'Frequently asked questions',
    id: 'faq',
    body: (
      <p>
        The <Link to="/faq">FAQ</Link> answers most questions: how to install WireGuard and connect,
        what happens when peanuts run out, and how to fix a tunnel that does not connect. The{' '}
        <Link to="/doc">documentation</Link> and the <Link to="/doc-cli">CLI documentation</Link>{' '}
        cover the rest.
      </p>
    ),
  },
  {
    title: 'Contact us',
    body: (
      <p>
        For a question about your account, a payment or a VPN, write to us with the{' '}
        <Link to="/contactus">contact form</Link>. Include the VPN id when a VPN is involved.
      </p>
    ),
  },
  {
    title: 'Issue tracker',
    body: (
      <p>
        Bugs and feature requests go to the project&apos;s public{' '}
        <ExternalLink href={ISSUES_URL}>issue tracker</ExternalLink>. See{' '}
        <Link to="/issue">how to report an issue</Link>.
      </p>
    ),
  },
];

/** /support: where to get help (spec §2). */
export default function SupportPage() {
  return (
    <InfoPage
      title="Support"
      intro={<p>Need help with Peanut VPN? Start here.</p>}
      sections={sections}
    />
  );
}
