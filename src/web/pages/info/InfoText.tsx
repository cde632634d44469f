/**
 * A text of an informational page (docs/languages.md): its `{{supportEmail}}`,
 * `{{generalEmail}}`, `{{issuesUrl}}` and `{{repositoryUrl}}` filled in, and its marked parts
 * (`<faq>FAQ</faq>`) made into the links and code they stand for, so a translation may move them.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink } from '../../components/content/ExternalLink';
import {
  GENERAL_EMAIL,
  ISSUES_URL,
  REPOSITORY_URL,
  SUPPORT_EMAIL,
} from '../../components/content/site';
import type { DocSection } from '../../components/content/types';
import { Rich, type RichPart } from '../../i18n/rich';
import { slugify } from '../../lib/slug';
import { fill } from '../../i18n/translator';

const route =
  (to: string): RichPart =>
  (words) => <Link to={to}>{words}</Link>;

const external =
  (href: string): RichPart =>
  (words) => <ExternalLink href={href}>{words}</ExternalLink>;

/** The marked parts the informational pages' texts use, by name. */
export const INFO_PARTS: Readonly<Record<string, RichPart>> = {
  faq: route('/faq'),
  troubleshoot: route('/faq#troubleshoot'),
  doc: route('/doc'),
  cli: route('/doc-cli'),
  contact: route('/contactus'),
  privacy: route('/privacy'),
  terms: route('/terms'),
  referral: route('/referral'),
  referralTerms: route('/referral/terms'),
  issue: route('/issue'),
  supportMail: external(`mailto:${SUPPORT_EMAIL}`),
  generalMail: external(`mailto:${GENERAL_EMAIL}`),
  tracker: external(ISSUES_URL),
  repository: external(REPOSITORY_URL),
  code: (words): ReactNode => <code>{words}</code>,
};

/** The values the informational pages' texts may contain. */
const INFO_VALUES = {
  supportEmail: SUPPORT_EMAIL,
  generalEmail: GENERAL_EMAIL,
  issuesUrl: ISSUES_URL,
  repositoryUrl: REPOSITORY_URL,
};

/** `text` (translated) with its values filled in and its marked parts made into elements. */
export function InfoText({ text }: { text: string }) {
  return <Rich text={fill(text, INFO_VALUES)} parts={INFO_PARTS} />;
}

/** The texts of one section: its heading, paragraphs and list items, in rendering order. */
export interface SectionTexts {
  readonly title: string;
  /** The first paragraph. */
  readonly body?: string;
  /** A second paragraph. */
  readonly body2?: string;
  /** A bulleted list, in key order. */
  readonly items?: Readonly<Record<string, string>>;
  /** A paragraph after the section's extra element (e.g. a code block). */
  readonly after?: string;
}

/** What a page adds to its sections' texts. */
export interface SectionOptions<K extends string> {
  /** Heading levels other than 2. */
  levels?: Partial<Record<K, 2 | 3 | 4>>;
  /** Anchor ids other than the slug of the English title. */
  ids?: Partial<Record<K, string>>;
  /** An element (code block, form) after the section's paragraphs and list. */
  extras?: Partial<Record<K, ReactNode>>;
}

/**
 * The sections of a page from its texts (`texts`, in the language in force), in key order: each
 * heading anchored by the slug of its English title (`english`), the same in every language.
 */
export function sectionsOf<K extends string>(
  texts: Readonly<Record<K, SectionTexts>>,
  english: Readonly<Record<K, SectionTexts>>,
  { levels = {}, ids = {}, extras = {} }: SectionOptions<K> = {},
): DocSection[] {
  return (Object.keys(english) as K[]).map((key) => {
    const { title, body, body2, items, after } = texts[key];
    return {
      title,
      id: ids[key] ?? slugify(english[key].title),
      level: levels[key],
      body: (
        <>
          {body !== undefined && (
            <p>
              <InfoText text={body} />
            </p>
          )}
          {body2 !== undefined && (
            <p>
              <InfoText text={body2} />
            </p>
          )}
          {items && (
            <ul>
              {Object.entries(items).map(([name, item]) => (
                <li key={name}>
                  <InfoText text={item} />
                </li>
              ))}
            </ul>
          )}
          {extras[key]}
          {after !== undefined && (
            <p>
              <InfoText text={after} />
            </p>
          )}
        </>
      ),
    };
  });
}
