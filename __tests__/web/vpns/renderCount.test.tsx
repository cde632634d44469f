/**
 * Moving a slider of the configuration panel changes only the panel; the VPN list
 * (its table and rows) does not render again, because every component selects only what it
 * shows; a list reload that brings no change renders nothing again.
 */
import './abortPolyfill';
import { Profiler } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_VPN_CONFIG_LIMITS } from '../../../src/core/limits';
import { ConfigurationPanel } from '../../../src/web/features/vpns/ConfigurationPanel';
import { StepsPanel } from '../../../src/web/features/vpns/StepsPanel';
import { VpnList } from '../../../src/web/features/vpns/VpnList';
import { initialVpnsState, vpnPageReloadRequested } from '../../../src/web/features/vpns/vpnsSlice';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';
import { fakeVpnApi, metricsAfter } from './fakeVpnApi';
import { signedIn } from './sagaHarness';

failOnConsoleErrors();

it('a slider move renders the panel again, not the VPN list nor the steps', async () => {
  const api = fakeVpnApi({ balance: 50 });
  api.add(Date.UTC(2026, 10, 20), 'eu-west-3', 'Running', metricsAfter(60));
  api.add(Date.UTC(2026, 10, 19), 'ca-central-1', 'Deleted', metricsAfter(600));
  const renders = { list: 0, steps: 0, panel: 0 };
  const counter = (id: string) => () => {
    renders[id as keyof typeof renders] += 1;
  };
  const { store } = renderWithProviders(
    <>
      <Profiler id="steps" onRender={counter('steps')}>
        <StepsPanel />
      </Profiler>
      <Profiler id="list" onRender={counter('list')}>
        <VpnList />
      </Profiler>
      <Profiler id="panel" onRender={counter('panel')}>
        <ConfigurationPanel />
      </Profiler>
    </>,
    {
      preloadedState: {
        auth: signedIn,
        vpns: { ...initialVpnsState, limits: DEFAULT_VPN_CONFIG_LIMITS },
      },
      // No 10 s reload during the test.
      storeOptions: {
        fetch: api.fetch,
        vpnClock: { now: () => 0, sleep: () => new Promise<void>(() => undefined) },
      },
    },
  );
  await screen.findByText('Running');
  await screen.findByText('0: all your peanuts');
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const before = { ...renders };

  const slider = screen.getByRole('slider', { name: 'Max peanuts' });
  for (let i = 0; i < 3; i += 1)
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39, which: 39 });
  await waitFor(() => expect(screen.getByTestId('max-peanuts-value')).toHaveTextContent('3.00'));
  expect(store.getState().vpns.maxPeanuts).toBe(3);
  expect(renders.panel).toBeGreaterThanOrEqual(before.panel + 3);
  expect(renders.list).toBe(before.list);
  expect(renders.steps).toBe(before.steps);
});

it('a reload that brings no change renders nothing again', async () => {
  const api = fakeVpnApi({ balance: 50 });
  api.add(Date.UTC(2026, 10, 20), 'eu-west-3', 'Deleted', metricsAfter(60));
  api.add(Date.UTC(2026, 10, 19), 'ca-central-1', 'Failed', null);
  let listRenders = 0;
  const { store } = renderWithProviders(
    <Profiler id="list" onRender={() => (listRenders += 1)}>
      <VpnList />
    </Profiler>,
    {
      preloadedState: { auth: signedIn, vpns: { ...initialVpnsState } },
      storeOptions: {
        fetch: api.fetch,
        vpnClock: { now: () => 0, sleep: () => new Promise<void>(() => undefined) },
      },
    },
  );
  await screen.findByText('Failed');
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  const before = listRenders;
  const lists = api.calls('GET', '/v1/vpns').length;
  act(() => {
    store.dispatch(vpnPageReloadRequested());
  });
  await waitFor(() => expect(api.calls('GET', '/v1/vpns').length).toBe(lists + 1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(store.getState().vpns.status).toBe('loaded');
  expect(listRenders).toBe(before);
});
