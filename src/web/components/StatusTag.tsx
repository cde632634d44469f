/**
 * A state label (a VPN's state, the Beta badge, a device's mark) readable in both colour schemes:
 * the text in the theme's main text colour (antd's preset tags put coloured text on a pale tint,
 * below WCAG AA's 4.5:1), the tone in the tint and border from antd's tokens.
 */
import type { ReactNode } from 'react';
import { Tag, theme } from 'antd';

/** The tones of a state label. */
export type StatusTone = 'success' | 'processing' | 'warning' | 'error' | 'brand' | 'default';

/** Props of {@link StatusTag}. */
export interface StatusTagProps {
  tone: StatusTone;
  children: ReactNode;
}

/** A tag whose text passes AA contrast on its tint in light and dark. */
export function StatusTag({ tone, children }: StatusTagProps) {
  const { cssVar } = theme.useToken();
  const tints: Record<StatusTone, { background: string; borderColor: string }> = {
    success: { background: cssVar.colorSuccessBg, borderColor: cssVar.colorSuccessBorder },
    processing: { background: cssVar.colorInfoBg, borderColor: cssVar.colorInfoBorder },
    warning: { background: cssVar.colorWarningBg, borderColor: cssVar.colorWarningBorder },
    error: { background: cssVar.colorErrorBg, borderColor: cssVar.colorErrorBorder },
    brand: { background: cssVar.colorPrimaryBg, borderColor: cssVar.colorPrimaryBorder },
    default: { background: cssVar.colorFillQuaternary, borderColor: cssVar.colorBorder },
  };
  return (
    <Tag data-tone={tone} style={{ ...tints[tone], color: cssVar.colorText }}>
      {children}
    </Tag>
  );
}
