import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../src/web/app/store';
import { ErrorCard } from '../../../src/web/features/errors/ErrorCard';
import {
  errorDismissed,
  errorReported,
  selectErrorMessage,
} from '../../../src/web/features/errors/errorSlice';
import { regionsApi } from '../../../src/web/features/regions/regionsApi';
import {
  fakeFetch,
  failOnConsoleErrors,
  jsonResponse,
  renderApp,
  renderWithProviders,
  TEST_APP_CONFIG,
} from '../testUtils';

failOnConsoleErrors();

describe('error slice', () => {
  it('stores the banner text of the reported error and clears it on dismiss', () => {
    const store = makeStore({ appConfig: TEST_APP_CONFIG });
    store.dispatch(errorReported(new Error('boom')));
    expect(selectErrorMessage(store.getState())).toBe('Client-side error: boom');
    store.dispatch(
      errorReported({ kind: 'api', status: 400, data: 'Bad', request: 'r', message: 'm' }),
    );
    expect(selectErrorMessage(store.getState())).toBe('Bad');
    store.dispatch(errorDismissed());
    expect(selectErrorMessage(store.getState())).toBeNull();
  });
});

describe('ErrorCard', () => {
  it('renders nothing without an error', () => {
    renderWithProviders(<ErrorCard />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the message with a Dismiss button that clears it', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<ErrorCard />, {
      preloadedState: { errors: { message: 'A network error has occurred.' } },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('A network error has occurred.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(selectErrorMessage(store.getState())).toBeNull();
  });

  it('shows above the page content in the layout', async () => {
    const { store } = renderApp({
      route: '/login',
      preloadedState: { auth: { status: 'unauthenticated', user: null } },
    });
    const heading = await screen.findByRole('heading', { name: 'Sign In' });
    act(() => {
      store.dispatch(errorReported(new Error('Could not open new window')));
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Client-side error: Could not open new window');
    expect(alert.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('rejected queries go to the global error', () => {
  it('reports the response data of a failed call (after the SDK retries)', async () => {
    const fetch = fakeFetch({
      'GET /v1/regionsDetailed/': () =>
        jsonResponse({ message: 'An error happened in the backend' }, 500),
    });
    const store = makeStore({ appConfig: TEST_APP_CONFIG }, { fetch, retryDelayMs: 0 });
    await store.dispatch(regionsApi.endpoints.listRegionsDetailed.initiate());
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(selectErrorMessage(store.getState())).toBe(
      '{"message":"An error happened in the backend"}',
    );
  });

  it('reports network errors with their message', async () => {
    const fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const store = makeStore({ appConfig: TEST_APP_CONFIG }, { fetch, retryDelayMs: 0 });
    await store.dispatch(regionsApi.endpoints.listRegionsDetailed.initiate());
    expect(selectErrorMessage(store.getState())).toBe('A network error has occurred.');
  });

  it('shows the error card when a page query fails', async () => {
    const fetch = fakeFetch({
      'GET /v1/regionsDetailed/': () => jsonResponse('Regions unavailable', 503),
      'GET /v1/peanuts/packs/': () => jsonResponse({ packs: [] }),
    });
    renderApp({
      route: '/',
      preloadedState: { auth: { status: 'unauthenticated', user: null } },
      storeOptions: { fetch },
    });
    await waitFor(
      () => expect(screen.getByRole('alert')).toHaveTextContent('Regions unavailable'),
      {
        timeout: 15_000,
      },
    );
  });

  it('does not report a call made before the configuration is loaded as a network error', async () => {
    const store = makeStore({});
    await store.dispatch(regionsApi.endpoints.listRegionsDetailed.initiate());
    expect(selectErrorMessage(store.getState())).toBe(
      'Client-side error: Application configuration is not loaded',
    );
  });
});
