import type { ReactNode } from 'react';
import { slugify } from '../../lib/slug';

/**
 * One anchorable section of an informational page. Pages are built from these, and the search
 * index is derived from the same objects, so what is searched is what is shown.
 */
export interface DocSection {
  /** Heading text. */
  title: string;
  /** Anchor id; defaults to `slugify(title)`. */
  id?: string;
  /** Heading level; 2 (default) for a section, 3 for a question or sub-section. */
  level?: 2 | 3 | 4;
  /** Section content: plain elements, router links and code blocks, so its text can be read. */
  body?: ReactNode;
}

/** An informational page described as data. */
export interface DocPageContent {
  /** Route of the page, e.g. `/faq`. */
  path: string;
  /** Page title (the `h1`). */
  title: string;
  /** Text between the title and the first section. */
  intro?: ReactNode;
  sections: readonly DocSection[];
}

/** The anchor id of a section. */
export function sectionId(section: DocSection): string {
  return section.id ?? slugify(section.title);
}
