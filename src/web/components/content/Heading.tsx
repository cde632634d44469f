import { useState } from 'react';
import { Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTexts } from '../../i18n/context';
import { fill } from '../../i18n/translator';
import { slugify } from '../../lib/slug';
import { COMMON_TEXT } from '../commonText';

/** Heading levels the pages use: 1 for the page title, 2-4 for sections. */
export type HeadingLevel = 1 | 2 | 3 | 4;

/** Props of {@link Heading}. */
export interface HeadingProps {
  /** Heading level, `h1` to `h4`; defaults to 2. */
  level?: HeadingLevel;
  /** Anchor id; defaults to `slugify(children)`. */
  id?: string;
  /** The title text. */
  children: string;
}

/**
 * An anchorable heading (spec §2 "Page conventions"): its id is the slug of its title (or `id`),
 * and a link to `#id` appears while the heading is hovered or the link has keyboard focus.
 * `data-toc-title` carries the plain title for the {@link Toc}.
 */
export function Heading({ level = 2, id, children }: HeadingProps) {
  const anchor = id ?? slugify(children);
  const text = useTexts('common', COMMON_TEXT);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return (
    <Typography.Title
      level={level}
      id={anchor || undefined}
      data-toc-title={children}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      style={{ scrollMarginTop: 72 }}
    >
      {children}
      {anchor && (
        <Link
          to={{ hash: `#${anchor}` }}
          aria-label={fill(text.sectionLink, { title: children })}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          style={{
            marginInlineStart: 8,
            fontSize: '0.6em',
            verticalAlign: 'middle',
            opacity: hovered || focused ? 1 : 0,
            transition: 'opacity 0.15s',
          }}
        >
          <LinkOutlined />
        </Link>
      )}
    </Typography.Title>
  );
}
