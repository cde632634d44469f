/**
 * The look of the pickers' native selects (ThemeMenu.tsx, LanguageMenu.tsx): antd's input
 * height, border, radius and colours from the theme in force, so that a native select sits
 * beside antd's inputs in both schemes.
 */
import type { CSSProperties } from 'react';
import { theme } from 'antd';

/** The style of a picker's `<select>`, from the theme's CSS variables. */
export function useSelectStyle(): CSSProperties {
  const { cssVar } = theme.useToken();
  return {
    height: 32,
    padding: '0 8px',
    border: `1px solid ${cssVar.colorBorder}`,
    borderRadius: cssVar.borderRadius,
    background: cssVar.colorBgContainer,
    color: cssVar.colorText,
    font: 'inherit',
    fontSize: 14,
  };
}
