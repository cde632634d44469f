import { useEffect, useState, type RefObject } from 'react';
import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTexts } from '../../i18n/context';
import { COMMON_TEXT } from '../commonText';

/** One entry of a table of contents. */
export interface TocItem {
  id: string;
  title: string;
  /** Heading level: 2 for `h2`, 3 for `h3`... */
  level: number;
}

/** Headings the table of contents lists by default: sections, not the page title. */
export const TOC_SELECTOR = 'h2[id], h3[id], h4[id]';

/** Lists the headings with an id under `root`, in document order. */
export function collectHeadings(root: ParentNode, selector: string = TOC_SELECTOR): TocItem[] {
  return Array.from(root.querySelectorAll<HTMLElement>(selector))
    .filter((heading) => heading.id !== '')
    .map((heading) => ({
      id: heading.id,
      title: heading.dataset.tocTitle ?? heading.textContent?.trim() ?? heading.id,
      level: Number(heading.tagName.slice(1)) || 2,
    }));
}

function sameItems(a: TocItem[], b: TocItem[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (item, i) => item.id === b[i].id && item.title === b[i].title && item.level === b[i].level,
    )
  );
}

/** Props of {@link Toc}. */
export interface TocProps {
  /** The element whose headings are listed. */
  containerRef: RefObject<HTMLElement | null>;
  /** Which headings to list; defaults to {@link TOC_SELECTOR}. */
  selector?: string;
  /** Caption above the list; default the common texts' `onThisPage` ('On this page'). */
  title?: string;
}

/**
 * Table of contents (spec §2 "Page conventions"): lists the headings that have an id inside
 * `containerRef`, kept up to date as the content changes. Entries are router links to `#id`, so
 * clicking one changes the location's hash and the page scrolls to the heading.
 */
export function Toc({ containerRef, selector = TOC_SELECTOR, title }: TocProps) {
  const text = useTexts('common', COMMON_TEXT);
  const [items, setItems] = useState<TocItem[]>([]);

  // A passive effect: it runs after every ref of the commit is attached, even when the container
  // comes after the Toc in the tree.
  useEffect(() => {
    const root = containerRef.current;
    if (!root) return;
    const update = () => {
      const next = collectHeadings(root, selector);
      setItems((previous) => (sameItems(previous, next) ? previous : next));
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['id'],
    });
    return () => observer.disconnect();
  }, [containerRef, selector]);

  if (items.length === 0) return null;
  const topLevel = Math.min(...items.map((item) => item.level));
  return (
    <nav aria-label={text.tableOfContents}>
      <Typography.Text strong>{title ?? text.onThisPage}</Typography.Text>
      <ul style={{ listStyle: 'none', paddingInlineStart: 0, marginTop: 8 }}>
        {items.map((item, i) => (
          <li
            key={`${item.id}-${i}`}
            style={{ paddingInlineStart: (item.level - topLevel) * 16, marginBottom: 4 }}
          >
            <Link to={{ hash: `#${item.id}` }}>{item.title}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
