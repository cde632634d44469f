/**
 * The search index of the FAQ, /doc and /doc-cli, derived from the very section data those pages
 * render: each section's text is read from its React tree by `nodeText`. Loaded on demand by the
 * SearchBox (dynamic import), so the page content is not in the main bundle.
 */
import { nodeText } from '../../components/content/nodeText';
import { sectionId, type DocPageContent } from '../../components/content/types';
import { docContent } from '../../content/doc';
import { docCliContent } from '../../content/docCli';
import { faqContent } from '../../content/faq';
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

/** The index the SearchBox searches. */
export const searchIndex: readonly SearchEntry[] = buildSearchIndex([
  faqContent,
  docContent,
  docCliContent,
]);
