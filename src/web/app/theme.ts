/**
 * The antd themes: a peanut brown/amber primary colour and spec §9's responsive breakpoints, on
 * antd's default algorithm (light) or its dark algorithm, with our own tokens
 * (components/tokens.ts) for the shell.
 */
import { theme, type ThemeConfig } from 'antd';
import { BREAKPOINTS } from '../../core/constants';
import { PEANUT_TOKENS, type ColorScheme } from '../components/tokens';

/**
 * antd's screen tokens mapped to spec §9 (xs = base 0, sm 480, md 768, lg 992, xl 1280,
 * xxl 1536). antd derives the Min/Max tokens from its own defaults, so all are set here.
 */
export const breakpointTokens = {
  screenXS: BREAKPOINTS.base,
  screenXSMin: BREAKPOINTS.base,
  screenXSMax: BREAKPOINTS.sm - 1,
  screenSM: BREAKPOINTS.sm,
  screenSMMin: BREAKPOINTS.sm,
  screenSMMax: BREAKPOINTS.md - 1,
  screenMD: BREAKPOINTS.md,
  screenMDMin: BREAKPOINTS.md,
  screenMDMax: BREAKPOINTS.lg - 1,
  screenLG: BREAKPOINTS.lg,
  screenLGMin: BREAKPOINTS.lg,
  screenLGMax: BREAKPOINTS.xl - 1,
  screenXL: BREAKPOINTS.xl,
  screenXLMin: BREAKPOINTS.xl,
  screenXLMax: BREAKPOINTS.xxl - 1,
  screenXXL: BREAKPOINTS.xxl,
  screenXXLMin: BREAKPOINTS.xxl,
} as const;

/** The ConfigProvider theme of `scheme`. */
export function peanutTheme(scheme: ColorScheme): ThemeConfig {
  const colours = PEANUT_TOKENS[scheme];
  return {
    algorithm: scheme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: colours.primary,
      colorLink: colours.link,
      colorInfo: colours.info,
      colorTextDescription: colours.textDescription,
      colorTextTertiary: colours.textDescription,
      colorError: colours.error,
      borderRadius: 8,
      ...breakpointTokens,
    },
    components: {
      Layout: {
        headerBg: colours.headerBg,
        headerPadding: '0 16px',
        bodyBg: colours.bodyBg,
        footerBg: colours.footerBg,
      },
      Button: { dangerColor: colours.dangerButtonText },
      // An empty table's text: antd's disabled colour (25 % opaque) is below AA.
      Table: { colorTextDisabled: colours.textDescription },
      Menu: {
        horizontalItemSelectedColor: colours.link,
        itemSelectedColor: colours.link,
        subMenuItemSelectedColor: colours.link,
        itemBg: 'transparent',
      },
    },
  };
}

/** Both themes, made once (a new object each render would restyle every component). */
export const PEANUT_THEMES: Readonly<Record<ColorScheme, ThemeConfig>> = {
  light: peanutTheme('light'),
  dark: peanutTheme('dark'),
};
