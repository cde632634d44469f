/**
 * Searching the FAQ and docs (spec §9): pure functions over the search index.
 */

/** One searchable section: choosing it navigates to `path#hash` (just `path` when no hash). */
export interface SearchEntry {
  /** Section title, or the page title for the page's introduction. */
  title: string;
  /** Route of the page, e.g. `/faq`. */
  path: string;
  /** Anchor id of the section, without `#`; empty for the top of the page. */
  hash: string;
  /** Plain text of the section. */
  text: string;
  /** Title of the page the section belongs to, e.g. `Frequently Asked Questions`. */
  page: string;
}

/** The location an entry points to, e.g. `/faq#whatarepeanuts`. */
export function entryHref(entry: Pick<SearchEntry, 'path' | 'hash'>): string {
  return entry.hash ? `${entry.path}#${entry.hash}` : entry.path;
}

/**
 * Entries matching `query`, case-insensitively: every word of the query must appear. Entries
 * whose title matches come first, then those that match through their text, each group in index
 * order. A blank query matches nothing.
 */
export function searchEntries(
  entries: readonly SearchEntry[],
  query: string,
  limit = 8,
): SearchEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const byTitle: SearchEntry[] = [];
  const byText: SearchEntry[] = [];
  for (const entry of entries) {
    const title = entry.title.toLowerCase();
    if (words.every((word) => title.includes(word))) {
      byTitle.push(entry);
    } else {
      const all = `${title} ${entry.text.toLowerCase()}`;
      if (words.every((word) => all.includes(word))) byText.push(entry);
    }
  }
  return [...byTitle, ...byText].slice(0, limit);
}
