/**
 * Titles, paragraphs and text drawn as antd's Typography draws them (colours, sizes, weights,
 * margins from the theme's tokens), without antd's Typography: it brings its editable and
 * copyable parts (TextArea, Input, Tooltip), which the shell and `/` do not use. The
 * styles are registered through antd's CSS-in-JS, so the build-time landing shell has them.
 */
import type { CSSProperties, ReactNode } from 'react';
import { useStyleRegister, type CSSObject } from '@ant-design/cssinjs';
import { theme } from 'antd';

/** The class of every element here. */
const CLS = 'pv-typography';

/** Registers the styles; gives the class names of an element (with antd's hash class). */
function useTypographyClass(type?: 'secondary'): string {
  const { theme: designTheme, token, cssVar, hashId } = theme.useToken();
  useStyleRegister({ theme: designTheme, token, hashId, path: [CLS] }, () => {
    const titles: CSSObject = {};
    for (const level of [1, 2, 3, 4, 5] as const) {
      titles[`h${level}&`] = {
        marginBottom: '0.5em',
        color: cssVar.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
      };
    }
    return {
      [`:where(.${hashId}).${CLS}`]: {
        color: cssVar.colorText,
        wordBreak: 'break-word',
        lineHeight: token.lineHeight,
        [`&.${CLS}-secondary`]: { color: cssVar.colorTextDescription },
        'div&, p&': { marginBottom: '1em' },
        ...titles,
        [`& + h1.${CLS}, & + h2.${CLS}, & + h3.${CLS}, & + h4.${CLS}, & + h5.${CLS}`]: {
          marginTop: '1.2em',
        },
        strong: { fontWeight: token.fontWeightStrong },
      },
    };
  });
  return [CLS, type && `${CLS}-${type}`, hashId].filter(Boolean).join(' ');
}

/** Props common to the elements here. */
interface TextProps {
  children: ReactNode;
  style?: CSSProperties;
  /** `secondary`: the description colour. */
  type?: 'secondary';
}

/** A heading of `level` 1 to 5 (antd's Typography.Title). */
export function Title({
  level = 1,
  id,
  children,
  style,
}: TextProps & { level?: 1 | 2 | 3 | 4 | 5; id?: string }) {
  const className = useTypographyClass();
  const Heading = `h${level}` as const;
  return (
    <Heading id={id} className={className} style={style}>
      {children}
    </Heading>
  );
}

/** A paragraph: a block, as antd's Typography.Paragraph renders it. */
export function Paragraph({ children, style, type }: TextProps) {
  const className = useTypographyClass(type);
  return (
    <div className={className} style={style}>
      {children}
    </div>
  );
}

/** Inline text, `strong` in bold (antd's Typography.Text). */
export function Text({ children, style, type, strong }: TextProps & { strong?: boolean }) {
  const className = useTypographyClass(type);
  return (
    <span className={className} style={style}>
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}
