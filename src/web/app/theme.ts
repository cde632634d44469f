/**
 * The antd theme: a peanut brown/amber primary colour and spec §9's responsive breakpoints.
 */
import type { ThemeConfig } from 'antd';
import { BREAKPOINTS } from '../../core/constants';

/** The brand colour, a roasted-peanut brown (white text on it passes WCAG AA). */
export const PEANUT_PRIMARY = '#9c5a16';

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

/** The ConfigProvider theme of the SPA. */
export const peanutTheme: ThemeConfig = {
  token: {
    colorPrimary: PEANUT_PRIMARY,
    colorLink: PEANUT_PRIMARY,
    colorInfo: '#b8761f',
    borderRadius: 8,
    ...breakpointTokens,
  },
  components: {
    Layout: {
      headerBg: '#fffaf2',
      headerPadding: '0 16px',
      bodyBg: '#fdf8f1',
      footerBg: '#f5ebdc',
    },
    Menu: {
      horizontalItemSelectedColor: PEANUT_PRIMARY,
      itemBg: 'transparent',
    },
  },
};
