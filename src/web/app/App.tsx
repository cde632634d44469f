/**
 * The root component: providers around the router.
 */
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import type { createAppRouter } from './routes';
import type { AppStore } from './store';

/** The router type the app renders (browser in production, memory in tests). */
export type AppRouter = ReturnType<typeof createAppRouter>;

/** Props of {@link App}. */
export interface AppProps {
  store: AppStore;
  router: AppRouter;
}

/** The whole application for `store` and `router`. */
export function App({ store, router }: AppProps) {
  return (
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
