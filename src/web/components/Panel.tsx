/**
 * A card-like panel (a title bar and a body) drawn as antd's Card is, from the theme's tokens,
 * without antd's Card: that one brings its Tabs and Skeleton, which `/` does not use.
 */
import { useId, type CSSProperties, type ReactNode } from 'react';
import { theme } from 'antd';

/** Props of {@link Panel}. */
export interface PanelProps {
  /** Text of the title bar, which names the panel; none without it. */
  title?: ReactNode;
  /** The outer element: `article` for a self-contained item (a pack), default `div`. */
  element?: 'div' | 'article';
  /** A border around it (antd's `outlined` Card), default true; false: a shadow (`borderless`). */
  bordered?: boolean;
  /** Style of the outer element. */
  style?: CSSProperties;
  /** Style of the body. */
  bodyStyle?: CSSProperties;
  children: ReactNode;
}

/** The panel: antd Card's surface, radius, border, title bar and paddings. */
export function Panel({
  title,
  element: Element = 'div',
  bordered = true,
  style,
  bodyStyle,
  children,
}: PanelProps) {
  const { token, cssVar } = theme.useToken();
  const titleId = useId();
  const line = `${token.lineWidth}px ${token.lineType} ${cssVar.colorBorderSecondary}`;
  return (
    <Element
      aria-labelledby={title !== undefined ? titleId : undefined}
      style={{
        background: cssVar.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: bordered ? line : undefined,
        boxShadow: bordered ? undefined : cssVar.boxShadowTertiary,
        color: cssVar.colorText,
        ...style,
      }}
    >
      {title !== undefined && (
        <div
          id={titleId}
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: token.fontSizeLG * token.lineHeightLG + token.padding * 2,
            padding: `0 ${token.paddingLG}px`,
            borderBottom: line,
            marginBottom: -1,
            color: cssVar.colorTextHeading,
            fontWeight: token.fontWeightStrong,
            fontSize: token.fontSizeLG,
          }}
        >
          {title}
        </div>
      )}
      <div style={{ padding: token.paddingLG, ...bodyStyle }}>{children}</div>
    </Element>
  );
}
