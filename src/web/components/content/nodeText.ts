import { isValidElement, type ReactNode } from 'react';
import { Rich, type RichProps } from '../../i18n/rich';

function walk(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
    return String(node);
  }
  // A text with marked parts reads as what it renders: its words and its parts' elements.
  if (isValidElement<RichProps>(node) && node.type === Rich) return walk(Rich(node.props));
  if (isValidElement<{ children?: ReactNode }>(node)) {
    // Every element is padded with spaces so that adjacent blocks do not run together.
    return ` ${walk(node.props.children)} `;
  }
  if (typeof node === 'object' && Symbol.iterator in node) {
    return Array.from(node as Iterable<ReactNode>, walk).join('');
  }
  return ''; // A promise or portal has no static text.
}

/**
 * The plain text of a React node tree, read from strings and elements' `children` props without
 * rendering (a `Rich` text is read as the elements it makes). Other components whose text does
 * not come from `children` (e.g. computed from other props or state) contribute nothing, so
 * searchable content is written with plain elements, `Rich` texts, router links and code blocks. Whitespace is collapsed and spaces before punctuation are removed.
 */
export function nodeText(node: ReactNode): string {
  return walk(node)
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?)])/g, '$1')
    .replace(/\( /g, '(')
    .trim();
}
