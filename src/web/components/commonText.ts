/** The product's name (a brand: the same in every language). */
export const PRODUCT_NAME = 'Peanut VPN';

/** The shared components' default texts (English; namespace `common`). */
export const COMMON_TEXT = {
  refresh: 'Refresh',
  peanuts: 'peanuts',
  loading: 'Loading',
  loadingDots: 'Loading...',
  onThisPage: 'On this page',
  tableOfContents: 'Table of contents',
  codeLabel: '{{language}} code',
  copy: 'Copy',
  copyCode: 'Copy code',
  copied: 'Copied',
  copyFailed: 'Failed to copy to clipboard',
  sectionLink: 'Link to section: {{title}}',
  /** The legend's and readout's name of a chart's time axis. */
  chartTime: 'Time',
} as const;
