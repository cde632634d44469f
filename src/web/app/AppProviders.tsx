/**
 * The providers every screen needs: Redux store, antd theme with the base text style of antd's
 * App (font, size, line height, colour), and the app's messages and dialogs (feedback.tsx,
 * loaded when first used: antd's App is not on `/`).
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ConfigProvider, theme } from 'antd';
import { FeedbackProvider } from './feedback';
import type { AppStore } from './store';
import { peanutTheme } from './theme';

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** Wraps `children` in the store provider and the themed antd providers. */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ThemeProviders>{children}</ThemeProviders>
    </Provider>
  );
}

/** The text style antd's App gives its element, from the theme's tokens. */
function AppBase({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

/** The antd ConfigProvider with the Peanut theme, base text style and feedback; no store needed. */
export function ThemeProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={peanutTheme}>
      <FeedbackProvider>
        <AppBase>{children}</AppBase>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
