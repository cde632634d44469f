/**
 * The search index of the FAQ, /doc and /doc-cli, derived from the very section data those pages
 * render: each section's text is read from its React tree by `nodeText`. Loaded on demand by the
 * SearchBox (dynamic import), so the page content is not in the main bundle.
 */
import { nodeText } from '../../components/content/nodeText';
import { sectionId, type DocPageContent } from '../../components/content/types';
import { docContent, docPage } from '../../content/doc';
import { DOC_CLI_TEXT, docCliContent, docCliPage } from '../../content/docCli';
import { DOC_TEXT } from '../../content/docText';
import { faqContent, faqPage } from '../../content/faq';
import { FAQ_TECHNICAL_TEXT } from '../../content/faqTechnicalText';
import { FAQ_TEXT } from '../../content/faqText';
import { translateTree, type Translator } from '../../i18n/translator';
import type { SearchEntry } from './search';

/** One entry for each page's introduction and one for each of its sections. */
export function buildSearchIndex(pages: readonly DocPageContent[]): SearchEntry[] {
  return pages.flatMap((page) => [
    { title: page.title, path: page.path, hash: '', text: nodeText(page.intro), page: page.title },
    ...page.sections.map((section) => ({
      title: section.title,
      path: page.path,
      hash: sectionId(section),
      text: nodeText(section.body),
      page: page.title,
    })),
  ]);
}

/** The index the SearchBox searches, in English. */
export const searchIndex: readonly SearchEntry[] = buildSearchIndex([
  faqContent,
  docContent,
  docCliContent,
]);

/**
 * The index in `translator`'s language: the pages as they show in it, the same targets (the
 * anchor ids are the English titles' slugs).
 */
export function searchIndexIn(translator: Translator): readonly SearchEntry[] {
  if (translator.language === 'en') return searchIndex;
  return buildSearchIndex([
    faqPage(
      translateTree(translator, 'faq', FAQ_TEXT),
      translateTree(translator, 'faqTechnical', FAQ_TECHNICAL_TEXT),
    ),
    docPage(translateTree(translator, 'doc', DOC_TEXT)),
    docCliPage(translateTree(translator, 'docCli', DOC_CLI_TEXT)),
  ]);
}
