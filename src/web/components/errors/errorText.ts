/**
 * The error screens' texts (English, spec §2 "Other screens", §8; namespace `errorPages`): page
 * not found, a code chunk that could not be loaded, an unexpected render error, the boot failure
 * (the configuration could not be loaded). `<name>…</name>`
 * marks a link.
 */
export const ERROR_PAGES_TEXT = {
  notFound: {
    title: 'Page not found',
    description:
      'Sorry, this one is on us: the page you asked for does not exist, or a link on our side is broken.',
    help: 'Please <issue>report the issue</issue> so we can fix it, go back to the <home>home page</home>, look in the <faq>FAQ</faq> or <contact>contact us</contact>.',
  },
  chunk: {
    title: 'Loading chunk failed (ChunkLoadError)',
    description:
      'Part of the application could not be downloaded: the network failed or a new version was just published. Reload the page to try again.',
    reload: 'Reload',
  },
  unexpected: { title: 'Unexpected Application Error!', back: 'Back to home' },
  boot: {
    title: 'Peanut VPN could not start',
    description: 'The application configuration (/app-config.json) could not be loaded: {{reason}}',
    reload: 'Reload',
  },
} as const;
