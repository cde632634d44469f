import { Link } from 'react-router-dom';
import { CodeBlock } from '../../components/content/CodeBlock';
import { ExternalLink } from '../../components/content/ExternalLink';
import { InfoPage } from '../../components/content/InfoPage';
import { ISSUES_URL, REPOSITORY_URL } from '../../components/content/site';
import type { DocSection } from '../../components/content/types';

const sections: DocSection[] = [
  {
    title: 'Report issues',
    body: (
      <p>
        Found a bug, a confusing page or a missing feature? Open an issue on the{' '}
        <ExternalLink href={ISSUES_URL}>issue tracker</ExternalLink>. Read the{' '}
        <Link to="/issue">issue guidelines</Link> first: they explain what to include so that we can
        reproduce the problem.
      </p>
    ),
  },
  {
    title: 'Where help is welcome',
    body: <p>Every part of the product is open to contributions.</p>,
  },
  {
    title: 'Web frontend',
    level: 3,
    body: (
      <p>
        The single-page app: React, Ant Design, Redux Toolkit and redux-saga. Accessibility, the
        mobile layout, translations and clearer pages are all good first contributions.
      </p>
    ),
  },
  {
    title: 'CLI',
    level: 3,
    body: (
      <p>
        The <code>peanut</code> command-line tool: new commands, better help and examples, shell
        completion, packaging for more platforms. See the{' '}
        <Link to="/doc-cli">CLI documentation</Link> for what it does today.
      </p>
    ),
  },
  {
    title: 'Library',
    level: 3,
    body: (
      <p>
        The TypeScript SDK and the shared domain code: API calls, retries, waiting for VPN states,
        validation and peanut arithmetic. Bindings for other languages are welcome too.
      </p>
    ),
  },
  {
    title: 'Backend',
    level: 3,
    body: (
      <p>
        The API server, the identity provider, billing and metering, and the provisioners that
        create and destroy WireGuard servers. Provisioners for more cloud providers are the biggest
        open piece of work.
      </p>
    ),
  },
  {
    title: 'Get the code',
    body: (
      <>
        <p>
          Open-sourcing the project was planned for 2024, and the source code is now public under
          the Apache License 2.0 at{' '}
          <ExternalLink href={REPOSITORY_URL}>{REPOSITORY_URL}</ExternalLink>. To run the tests and
          start a local instance on http://localhost:8080:
        </p>
        <CodeBlock>
          {`git clone ${REPOSITORY_URL}.git
cd ${REPOSITORY_URL.split('/').pop() ?? ''}
npm ci
npm test
npm start`}
        </CodeBlock>
        <p>
          Small fixes can go straight to a pull request; for larger changes, open an issue first so
          we can agree on the approach.
        </p>
      </>
    ),
  },
];

/** /contribute: how to report issues and help with the code (spec §2). */
export default function ContributePage() {
  return (
    <InfoPage
      title="Contribute"
      intro={
        <p>
          Peanut VPN is open source, and it gets better with every bug report, idea and pull
          request. Here is how to take part.
        </p>
      }
      sections={sections}
    />
  );
}
