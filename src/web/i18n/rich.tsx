/**
 * A text with marked parts (`Read the <faq>FAQ</faq>`): each `<name>…</name>` becomes the element
 * that `parts[name]` makes of its words, so a translation may move a link within its sentence.
 * Tags do not nest; an unknown tag's words show as plain text.
 */
import { Fragment, type ReactNode } from 'react';

/** Makes the element of a marked part from its words. */
export type RichPart = (words: string) => ReactNode;

/** Props of {@link Rich}. */
export interface RichProps {
  /** The text (translated), with `<name>words</name>` parts. */
  text: string;
  /** The element of each part name. */
  parts: Readonly<Record<string, RichPart>>;
}

const PART = /<(\w+)>(.*?)<\/\1>/g;

/** `text` with its marked parts made into elements. */
export function Rich({ text, parts }: RichProps) {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PART)) {
    const [whole, name, words] = match;
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const make = parts[name];
    nodes.push(<Fragment key={match.index}>{make ? make(words) : words}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return <>{nodes}</>;
}
