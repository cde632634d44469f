/**
 * What the documentation and FAQ texts (docs/languages.md) are made into: their marked parts
 * (`<faq>FAQ</faq>`, `<code>--sync</code>`) become router links, links out, code and emphasis,
 * and each section's anchor id comes from its English title, so a link to `/faq#connection`
 * lands on the same heading in every language.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink } from '../components/content/ExternalLink';
import { ISSUES_URL, REPOSITORY_URL } from '../components/content/site';
import type { DocSection } from '../components/content/types';
import { Rich, type RichPart } from '../i18n/rich';
import { slugify } from '../lib/slug';

/** WireGuard's download page, for Windows. */
const WIREGUARD_INSTALL_URL = 'https://www.wireguard.com/install/';

const to =
  (path: string): RichPart =>
  (words) => <Link to={path}>{words}</Link>;

/** The element of each part name the content's texts use. */
export const CONTENT_PARTS: Readonly<Record<string, RichPart>> = {
  code: (words) => <code>{words}</code>,
  strong: (words) => <strong>{words}</strong>,
  doc: to('/doc'),
  cli: to('/doc-cli'),
  faq: to('/faq'),
  support: to('/support'),
  login: to('/login'),
  pricing: to('/pricing'),
  contribute: to('/contribute'),
  makemoney: to('/makemoney'),
  contactus: to('/contactus'),
  terms: to('/terms'),
  privacy: to('/privacy'),
  referral: to('/referral'),
  referralTerms: to('/referral/terms'),
  ticket: to('/ticket'),
  connection: (words) => <Link to={{ hash: '#connection' }}>{words}</Link>,
  repo: (words) => <ExternalLink href={REPOSITORY_URL}>{words}</ExternalLink>,
  issues: (words) => <ExternalLink href={ISSUES_URL}>{words}</ExternalLink>,
  wireguard: (words) => <ExternalLink href={WIREGUARD_INSTALL_URL}>{words}</ExternalLink>,
};

/**
 * `text` (a translated text) with its marked parts made into elements: a `Rich` element, whose
 * words the search index reads too (components/content/nodeText.ts).
 */
export function rich(text: string): ReactNode {
  return <Rich text={text} parts={CONTENT_PARTS} />;
}

/** Texts with a title: a section's. */
interface Titled {
  readonly title: string;
}

/**
 * The heading of a section whose texts are `shown` (in the language shown), anchored by the slug
 * of `english`'s title (e.g. `whatarepeanuts`): the same id in every language.
 */
export function titled(
  english: Titled,
  shown: Titled,
  level?: DocSection['level'],
): Pick<DocSection, 'title' | 'id' | 'level'> {
  const heading = { title: shown.title, id: slugify(english.title) };
  return level === undefined ? heading : { ...heading, level };
}
