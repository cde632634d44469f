/**
 * The providers every screen needs: Redux store, the language in force (i18n/, antd's locale
 * of it), antd theme (light or dark: the person's pick,
 * else the device's `prefers-color-scheme`) with the base text style of antd's App (font, size,
 * line height, colour), and the app's messages and dialogs (feedback.tsx, loaded when first
 * used: antd's App is not on `/`).
 */
import { useContext, useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ConfigProvider, theme } from 'antd';
import { ColorSchemeContext, type ColorScheme } from '../components/tokens';
import { useColorScheme, useLanguage } from '../features/preferences';
import { LanguageContext } from '../i18n/context';
import { I18nProvider } from '../i18n/I18nProvider';
import { FeedbackProvider } from './feedback';
import type { AppStore } from './store';
import { PEANUT_THEMES } from './theme';

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** Wraps `children` in the store provider and the themed antd providers. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <StoreI18nProvider>
        <StoreThemeProviders>{children}</StoreThemeProviders>
      </StoreI18nProvider>
    </Provider>
  );
}

/** The language in force (picked, else the browser's), its texts and `<html lang>`. */
function StoreI18nProvider({ children }: { children: ReactNode }) {
  return <I18nProvider language={useLanguage()}>{children}</I18nProvider>;
}

/** The themed providers in the store's scheme; marks `<html>` with it (page background, scrollbars). */
function StoreThemeProviders({ children }: { children: ReactNode }) {
  const scheme = useColorScheme();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = scheme;
    root.style.colorScheme = scheme;
  }, [scheme]);
  return <ThemeProviders scheme={scheme}>{children}</ThemeProviders>;
}

/** The text style antd's App gives its element, from the theme's tokens. */
function AppBase({ children }: { children: ReactNode }) {
  const { token, cssVar } = theme.useToken();
  return (
    <div
      style={{
        color: cssVar.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

/** Props of {@link ThemeProviders}. */
export interface ThemeProvidersProps {
  /** The scheme to paint (default light). */
  scheme?: ColorScheme;
  children: ReactNode;
}

/**
 * The antd ConfigProvider with the Peanut theme of `scheme`, base text style and feedback; no
 * store needed.
 */
export function ThemeProviders({ scheme = 'light', children }: ThemeProvidersProps) {
  const { antdLocale } = useContext(LanguageContext);
  return (
    <ColorSchemeContext.Provider value={scheme}>
      <ConfigProvider theme={PEANUT_THEMES[scheme]} locale={antdLocale}>
        <FeedbackProvider>
          <AppBase>{children}</AppBase>
        </FeedbackProvider>
      </ConfigProvider>
    </ColorSchemeContext.Provider>
  );
}
