/**
 * The providers every screen needs: Redux store, antd theme and antd's App context (message,
 * modal and notification hooks).
 */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { App as AntApp, ConfigProvider } from 'antd';
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

/** The antd ConfigProvider with the Peanut theme and antd's App; no store needed. */
export function ThemeProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={peanutTheme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
