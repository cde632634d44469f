/**
 * Peanut VPN's own colour tokens, beside antd's (which its light and dark algorithms derive from
 * the brand colour): the shell's backgrounds and the peanut icon, one set per colour scheme.
 * Every colour the SPA paints outside antd's components comes from here or from antd's tokens
 * (`theme.useToken()`), never from a literal in a component, so both schemes stay readable.
 */
import { createContext, useContext } from 'react';

/** A colour scheme as painted (the `system` choice resolved). */
export type ColorScheme = 'light' | 'dark';

/** The brand colour, a roasted-peanut brown (white text on it passes WCAG AA). */
export const PEANUT_PRIMARY = '#9c5a16';

/** Colours of the shell and of our own pieces, per scheme. */
export interface PeanutTokens {
  /** The brand colour: antd's primary (buttons with white text on it). */
  primary: string;
  /** Links and the selected menu item: the brand colour readable on the page's background. */
  link: string;
  /** antd's info colour (the balance badge above 5 peanuts). */
  info: string;
  /**
   * Secondary and tertiary text (antd's description colour, 45 % opaque by default, is below
   * AA's 4.5:1 on our tinted backgrounds): as strong as antd's secondary text.
   */
  textDescription: string;
  /**
   * antd's error seed: the light default (#ff4d4f, 3.3:1 on white) is darkened to pass AA; the
   * dark one is lighter, so that the dark algorithm's red passes AA on the dark backgrounds.
   */
  error: string;
  /** Text on a primary danger button (on the error colour). */
  dangerButtonText: string;
  /** Page background (antd Layout body). */
  bodyBg: string;
  /** Header background. */
  headerBg: string;
  /** Footer background. */
  footerBg: string;
  /** The peanut icon's shell and outline. */
  peanutFill: string;
  peanutStroke: string;
}

/** The tokens of each scheme; the prerendered page's dark CSS uses `dark` too. */
export const PEANUT_TOKENS: Readonly<Record<ColorScheme, PeanutTokens>> = {
  light: {
    primary: PEANUT_PRIMARY,
    link: PEANUT_PRIMARY,
    info: '#b8761f',
    textDescription: 'rgba(0, 0, 0, 0.65)',
    error: '#cf1322',
    dangerButtonText: '#ffffff',
    bodyBg: '#fdf8f1',
    headerBg: '#fffaf2',
    footerBg: '#f5ebdc',
    peanutFill: '#dba760',
    peanutStroke: '#7a4612',
  },
  dark: {
    primary: PEANUT_PRIMARY,
    link: '#e3a867',
    info: '#d89a4e',
    textDescription: 'rgba(255, 255, 255, 0.65)',
    error: '#f47e80',
    dangerButtonText: '#141414',
    bodyBg: '#15110d',
    headerBg: '#1f1913',
    footerBg: '#241d16',
    peanutFill: '#dba760',
    peanutStroke: '#f3d7ab',
  },
};

/** The scheme painted below it (set by the app's theme provider; light by default). */
export const ColorSchemeContext = createContext<ColorScheme>('light');

/** The painted scheme's {@link PeanutTokens}. */
export function usePeanutTokens(): PeanutTokens {
  return PEANUT_TOKENS[useContext(ColorSchemeContext)];
}
