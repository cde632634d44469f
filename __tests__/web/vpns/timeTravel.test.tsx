/**
 * Time-travel: the actions of a whole create -> Running -> delete -> Deleted flow are
 * recorded as Redux DevTools records them; each prefix is replayed through the root reducer into
 * a fresh store, and the VPN list rendered from it shows the VPN's state at that moment. So no
 * lifecycle state lives outside the store: stepping back and forth in DevTools shows each one.
 */
import './abortPolyfill';
import { render, screen, within } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import type { UnknownAction } from '@reduxjs/toolkit';
import { MOCK_VPN_CONFIG_LIMITS } from '../../../src/core/limits';
import type { VpnState } from '../../../src/core/vpn';
import { AppProviders } from '../../../src/web/app/AppProviders';
import { makeStore, rootReducer, type RootState } from '../../../src/web/app/store';
import { VpnList } from '../../../src/web/features/vpns/VpnList';
import {
  initialVpnsState,
  vpnAdded,
  vpnCreateRequested,
  vpnDeleteRequested,
  vpnPolled,
  vpnUpdated,
} from '../../../src/web/features/vpns/vpnsSlice';
import { TEST_APP_CONFIG, failOnConsoleErrors, pendingFetch } from '../testUtils';
import { fakeVpnApi, instantClock, settle } from './fakeVpnApi';
import { actionRecorder } from './recorder';
import { signedIn } from './sagaHarness';

failOnConsoleErrors();

const styles = document.createElement('div');
const ROW_ACTIONS: string[] = [vpnAdded.type, vpnPolled.type, vpnUpdated.type];

/** Waits until `check` holds for the store's state. */
async function until(store: { getState: () => RootState }, check: (s: RootState) => boolean) {
  for (let i = 0; i < 200 && !check(store.getState()); i += 1) await settle(10);
  expect(check(store.getState())).toBe(true);
}

/** The state the last row action of `actions` gave the VPN, or undefined before it shows. */
function stateAt(actions: UnknownAction[]): VpnState | undefined {
  const rows = actions.filter((action) => ROW_ACTIONS.includes(action.type));
  return (rows.at(-1)?.payload as { vpn: { state: VpnState } } | undefined)?.vpn.state;
}

/** Renders the VPN list of `state` (a store whose sagas see no answer) and reads its State cell. */
function renderedState(state: RootState): string | undefined {
  const store = makeStore(state, {
    fetch: pendingFetch,
    vpnClock: { now: () => 0, sleep: () => new Promise<void>(() => undefined) },
  });
  const view = render(
    <StyleProvider container={styles}>
      <AppProviders store={store}>
        <VpnList />
      </AppProviders>
    </StyleProvider>,
  );
  const rows = within(screen.getByRole('table'))
    .queryAllByRole('row')
    .filter((row) => row.closest('tbody') && !row.classList.contains('ant-table-placeholder'));
  const cell = rows[0]?.querySelectorAll('td')[3];
  const text = cell?.querySelector('.ant-tag')?.textContent ?? undefined;
  view.unmount();
  return text;
}

it('replays each prefix of a recorded create -> Running -> delete -> Deleted flow to the row of that moment', async () => {
  const api = fakeVpnApi({
    balance: 37,
    createScript: ['Creating', 'Created', 'Provisioning', 'Running'],
  });
  const recorder = actionRecorder();
  const initial = {
    appConfig: TEST_APP_CONFIG,
    auth: signedIn,
    vpns: { ...initialVpnsState, limits: MOCK_VPN_CONFIG_LIMITS },
  };
  const store = makeStore(initial, {
    fetch: api.fetch,
    retryDelayMs: 0,
    vpnClock: instantClock(),
    middleware: [recorder.middleware],
  });
  const start = store.getState();

  store.dispatch(vpnCreateRequested({ region: 'eu-west-3' }));
  await until(
    store,
    (s) => s.vpns.items[0]?.vpn.state === 'Running' && !s.vpns.creatingRegions.length,
  );
  store.dispatch(vpnDeleteRequested(store.getState().vpns.items[0].vpn.vpnId));
  await until(
    store,
    (s) => s.vpns.items[0]?.vpn.state === 'Deleted' && !s.vpns.deletingVpnIds.length,
  );

  const actions = recorder.actions;
  const shown: (string | undefined)[] = [];
  let state = start;
  for (let length = 0; length <= actions.length; length += 1) {
    if (length > 0) state = rootReducer(state, actions[length - 1]);
    const rendered = renderedState(state);
    expect(rendered).toBe(stateAt(actions.slice(0, length)));
    shown.push(rendered);
  }
  const moments = shown.filter((s, i) => i === 0 || shown[i - 1] !== s);
  expect(moments).toEqual([
    undefined,
    'Creating',
    'Created',
    'Provisioning',
    'Running',
    'Deprovisioning',
    'Deleted',
  ]);
  // The replay of the whole record is the store's state.
  expect(state.vpns).toEqual(store.getState().vpns);
});
