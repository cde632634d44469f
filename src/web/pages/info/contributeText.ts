/**
 * The contribute page's texts (English, spec §2 "Contribute"; namespace `contribute`).
 * `<name>…</name>` marks a link or code (pages/info/InfoText.tsx).
 */

/** The contribute page's texts (English; namespace `contribute`). */
export const CONTRIBUTE_TEXT = {
  title: 'Contribute',
  intro:
    'Peanut VPN is open source, and it gets better with every bug report, idea and pull request. Here is how to take part.',
  sections: {
    report: {
      title: 'Report issues',
      body: 'Found a bug, a confusing page or a missing feature? Open an issue on the <tracker>issue tracker</tracker>. Read the <issue>issue guidelines</issue> first: they explain what to include so that we can reproduce the problem.',
    },
    welcome: {
      title: 'Where help is welcome',
      body: 'Every part of the product is open to contributions.',
    },
    web: {
      title: 'Web frontend',
      body: 'The single-page app: React, Ant Design, Redux Toolkit and redux-saga. Accessibility, the mobile layout, translations and clearer pages are all good first contributions.',
    },
    cli: {
      title: 'CLI',
      body: 'The <code>peanut</code> command-line tool: new commands, better help and examples, shell completion, packaging for more platforms. See the <cli>CLI documentation</cli> for what it does today.',
    },
    library: {
      title: 'Library',
      body: 'The TypeScript SDK and the shared domain code: API calls, retries, waiting for VPN states, validation and peanut arithmetic. Bindings for other languages are welcome too.',
    },
    backend: {
      title: 'Backend',
      body: 'The API server, the identity provider, billing and metering, and the provisioners that create and destroy WireGuard servers. Provisioners for more cloud providers are the biggest open piece of work.',
    },
    code: {
      title: 'Get the code',
      body: 'Open-sourcing the project was planned for 2024, and the source code is now public under the Apache License 2.0 at <repository>{{repositoryUrl}}</repository>. To run the tests and start a local instance on http://localhost:8080:',
      after:
        'Small fixes can go straight to a pull request; for larger changes, open an issue first so we can agree on the approach.',
    },
  },
};
