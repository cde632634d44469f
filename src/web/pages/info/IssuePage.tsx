import { Link } from 'react-router-dom';
import { ExternalLink } from '../../components/content/ExternalLink';
import { InfoPage } from '../../components/content/InfoPage';
import { ISSUES_URL, SUPPORT_EMAIL } from '../../components/content/site';
import type { DocSection } from '../../components/content/types';

const sections: DocSection[] = [
  {
    title: 'Read the FAQ first',
    body: (
      <p>
        Many problems, such as a tunnel without handshake, a VPN stuck in Provisioning or a VPN that
        disappeared, are answered in the <Link to="/faq">FAQ</Link>, especially its{' '}
        <Link to="/faq#troubleshoot">Troubleshoot</Link> section.
      </p>
    ),
  },
  {
    title: 'Search existing issues',
    body: (
      <p>
        Issues are managed on a public code host:{' '}
        <ExternalLink href={ISSUES_URL}>{ISSUES_URL}</ExternalLink>. Search it before opening a new
        one; if your problem is already there, add what you know to it.
      </p>
    ),
  },
  {
    title: 'Write a good issue',
    body: (
      <ul>
        <li>what you did, what you expected and what happened instead;</li>
        <li>the VPN id and region, if a VPN is involved;</li>
        <li>your operating system, browser or CLI version, and WireGuard version;</li>
        <li>the exact error message, copied as text.</li>
      </ul>
    ),
  },
  {
    title: 'Keep secrets out',
    body: (
      <p>
        Issues are public. Never paste a configuration file, a private key, a password or a token.
        Report security vulnerabilities privately to{' '}
        <ExternalLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ExternalLink> instead of in
        an issue.
      </p>
    ),
  },
];

/** /issue: how issues are reported (spec §2). */
export default function IssuePage() {
  return (
    <InfoPage
      title="Issue"
      intro={
        <p>
          Bugs and feature requests are tracked in the open, on the project&apos;s public issue
          tracker.
        </p>
      }
      sections={sections}
    />
  );
}
