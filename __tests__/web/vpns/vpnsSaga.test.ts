/**
 * The VPN workflows by behaviour (redux-saga-test-plan `expectSaga(...).provide(...)`): the SDK
 * runs for real over a scripted fake API; the HttpClient and the wait clock are provided.
 */
import './abortPolyfill';
import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { getContext } from 'redux-saga/effects';
import { MOCK_VPN_CONFIG_LIMITS } from '../../../src/core/limits';
import { appConfigReducer } from '../../../src/web/app/appConfigSlice';
import { API_EXTRA } from '../../../src/web/app/sagaContext';
import {
  authReducer,
  authenticated,
  signOutRequested,
  type AuthState,
} from '../../../src/web/features/auth/authSlice';
import { errorReducer } from '../../../src/web/features/errors/errorSlice';
import {
  regionMessageDismissed,
  regionMessageSet,
  regionMessagesReducer,
} from '../../../src/web/features/regions/regionMessagesSlice';
import { vpnClock, vpnHttpClient } from '../../../src/web/features/vpns/sagas/context';
import {
  PROVISIONING_MESSAGE,
  RUNNING_MESSAGE,
  createVpnFlow,
} from '../../../src/web/features/vpns/sagas/createSaga';
import { deleteVpnFlow } from '../../../src/web/features/vpns/sagas/deleteSaga';
import { loadVisiblePage } from '../../../src/web/features/vpns/sagas/listSaga';
import { vpnsSaga } from '../../../src/web/features/vpns/vpnsSaga';
import {
  initialVpnsState,
  vpnAdded,
  vpnCreateEnded,
  vpnCreateRequested,
  vpnCreateStarted,
  vpnDeleteRequested,
  vpnPolled,
  vpnUpdated,
  vpnsReducer,
  type VpnsState,
} from '../../../src/web/features/vpns/vpnsSlice';
import { TEST_APP_CONFIG } from '../testUtils';
import { fakeVpnApi, instantClock, metricsAfter, stuckClock } from './fakeVpnApi';

const reducer = combineReducers({
  appConfig: appConfigReducer,
  auth: authReducer,
  errors: errorReducer,
  regionMessages: regionMessagesReducer,
  vpns: vpnsReducer,
});
type State = ReturnType<typeof reducer>;

const signedIn: AuthState = { status: 'authenticated', user: { username: 'ann', sub: 'sub-ann' } };

function initialState(vpns: Partial<VpnsState> = {}, auth: AuthState = signedIn): State {
  const base = reducer(undefined, { type: '@@init' });
  return {
    ...base,
    appConfig: { ...base.appConfig, config: TEST_APP_CONFIG } as State['appConfig'],
    auth,
    vpns: { ...initialVpnsState, limits: MOCK_VPN_CONFIG_LIMITS, ...vpns },
  };
}

function providers(api: ReturnType<typeof fakeVpnApi>, clock: object): StaticProvider[] {
  return [
    [matchers.call.fn(vpnHttpClient), api.http],
    [matchers.call.fn(vpnClock), clock],
  ];
}

describe('the saga context', () => {
  it('reads the ApiExtra under the key the store registers', () => {
    expect(vpnHttpClient().next().value).toEqual(getContext(API_EXTRA));
  });
});

describe('createVpnFlow', () => {
  it('creates, shows the VPN on top without metrics, waits for Running polling every 10 s, then refreshes it with metrics', async () => {
    const api = fakeVpnApi({ balance: 37 });
    api.add(Date.UTC(2026, 0, 1), 'ca-central-1', 'Deleted', metricsAfter(100));
    const clock = instantClock();
    const region = 'eu-west-3';

    const result = await expectSaga(createVpnFlow, vpnCreateRequested({ region }))
      .withReducer(reducer, initialState({ items: [], page: 1, maxPeanuts: 0 }))
      .provide(providers(api, clock))
      .put(vpnCreateStarted(region))
      .put(regionMessageSet({ region, message: PROVISIONING_MESSAGE }))
      .put.like({ action: { type: vpnAdded.type, payload: { vpn: { state: 'Created' } } } })
      .not.put.like({ action: { type: vpnAdded.type, payload: { metrics: {} } } })
      .put(regionMessageSet({ region, message: RUNNING_MESSAGE }))
      .put(vpnCreateEnded(region))
      .run();

    // POST with the panel's values: slider 0 with a balance above the limit sends the limit
    // (2 peanuts); deleteAfter defaults to half the mock range (60-300 s, step 1: 180 s).
    expect(api.calls('POST', '/v1/vpns/')).toEqual([
      {
        method: 'POST',
        path: '/v1/vpns/',
        body: {
          region,
          config: { type: 'wireguard', maxPeanuts: 2, deleteAfter: 180 },
        },
      },
    ]);
    // Fetched once after the POST (Created), then Provisioning, Running: polls at 0 and 10 s.
    expect(clock.sleeps).toEqual([10_000]);

    const state = result.storeState as State;
    expect(state.vpns.items).toHaveLength(1);
    expect(state.vpns.items[0].vpn.state).toBe('Running');
    expect(state.vpns.items[0].metrics).toEqual({ duration: 10, bytes: 10485760, peanuts: 0.015 });
    expect(state.vpns.totalVpns).toBe(1);
    expect(state.vpns.creatingRegions).toEqual([]);
    expect(state.regionMessages[region]).toBe(RUNNING_MESSAGE);
    expect(state.errors.message).toBeNull();
  });

  it('sends 0 (all peanuts) when the balance is below the limit, and the chosen deleteAfter', async () => {
    const api = fakeVpnApi({ balance: 1.5 });
    await expectSaga(createVpnFlow, vpnCreateRequested({ region: 'eu-west-3' }))
      .withReducer(reducer, initialState({ deleteAfter: 120 }))
      .provide(providers(api, instantClock()))
      .run();
    expect(api.calls('POST', '/v1/vpns/')[0].body).toEqual({
      region: 'eu-west-3',
      config: { type: 'wireguard', maxPeanuts: 0, deleteAfter: 120 },
    });
  });

  it('sends a creation not answered with 202 to the error card and adds nothing', async () => {
    const api = fakeVpnApi({ createStatus: 400, createErrorBody: { message: 'Quota reached.' } });
    const region = 'eu-west-3';
    const result = await expectSaga(createVpnFlow, vpnCreateRequested({ region }))
      .withReducer(reducer, initialState())
      .provide(providers(api, instantClock()))
      .put(regionMessageDismissed(region))
      .not.put.like({ action: { type: vpnAdded.type } })
      .run();
    const state = result.storeState as State;
    // Spec §8: the server's answer (response data) is the banner, serialised.
    expect(state.errors.message).toBe('{"message":"Quota reached."}');
    expect(state.vpns.items).toEqual([]);
    expect(state.vpns.creatingRegions).toEqual([]);
    expect(state.regionMessages[region]).toBeUndefined();
  });

  it('checks the balance before asking (spec §5): a balance of 0 fails with the negative-balance error', async () => {
    const api = fakeVpnApi({ balance: 0 });
    const result = await expectSaga(createVpnFlow, vpnCreateRequested({ region: 'eu-west-3' }))
      .withReducer(reducer, initialState())
      .provide(providers(api, instantClock()))
      .run();
    expect((result.storeState as State).errors.message).toBe('Negative peanuts balance: 0.');
    expect(api.calls('POST', '/v1/vpns/')).toEqual([]);
  });

  it("times out after 300 s with 'Timeout 300 expires!' in the error card", async () => {
    const api = fakeVpnApi({ createScript: ['Provisioning'] });
    const clock = instantClock();
    const region = 'eu-west-3';
    const result = await expectSaga(createVpnFlow, vpnCreateRequested({ region }))
      .withReducer(reducer, initialState())
      .provide(providers(api, clock))
      .run();
    const state = result.storeState as State;
    expect(state.errors.message).toBe('Timeout 300 expires!');
    expect(clock.sleeps).toHaveLength(30);
    expect(clock.sleeps.every((ms) => ms === 10_000)).toBe(true);
    // The VPN stays in the list as last seen; the button stops loading.
    expect(state.vpns.items[0].vpn.state).toBe('Provisioning');
    expect(state.vpns.creatingRegions).toEqual([]);
  });
});

describe('deleteVpnFlow', () => {
  it('requests the deletion, updates the row to the returned state, waits for Deleted and updates it again', async () => {
    const api = fakeVpnApi();
    const record = api.add(Date.UTC(2026, 10, 20), 'eu-west-3', 'Running', metricsAfter(60));
    const vpnId = record.vpn.vpnId;
    const clock = instantClock();
    const result = await expectSaga(deleteVpnFlow, vpnDeleteRequested(vpnId))
      .withReducer(
        reducer,
        initialState({ items: [{ vpn: record.vpn }], totalVpns: 1, totalPages: 1 }),
      )
      .provide(providers(api, clock))
      .put.like({
        action: { type: vpnUpdated.type, payload: { vpn: { state: 'Deprovisioning' } } },
      })
      .put.like({ action: { type: vpnPolled.type, payload: { vpn: { state: 'Deleted' } } } })
      .run();
    expect(api.calls('DELETE', `/v1/vpns/${vpnId}`)).toHaveLength(1);
    const state = result.storeState as State;
    expect(state.vpns.items[0].vpn.state).toBe('Deleted');
    expect(state.vpns.deletingVpnIds).toEqual([]);
    expect(state.errors.message).toBeNull();
  });

  it('sends a failed deletion to the error card', async () => {
    const api = fakeVpnApi();
    const result = await expectSaga(deleteVpnFlow, vpnDeleteRequested('1763700000000@eu-west-3'))
      .withReducer(reducer, initialState())
      .provide(providers(api, instantClock()))
      .run();
    const state = result.storeState as State;
    expect(state.errors.message).toBe('{"message":"Vpn not found"}');
    expect(state.vpns.deletingVpnIds).toEqual([]);
  });
});

describe('vpnsSaga', () => {
  it('runs two creates at once, each in its own task, and both VPNs reach Running', async () => {
    const api = fakeVpnApi({ balance: 37 });
    const result = await expectSaga(vpnsSaga)
      .withReducer(reducer, initialState())
      .provide(providers(api, instantClock()))
      .dispatch(vpnCreateRequested({ region: 'eu-west-3' }))
      .dispatch(vpnCreateRequested({ region: 'ca-central-1' }))
      .put(vpnCreateStarted('eu-west-3'))
      .put(vpnCreateStarted('ca-central-1'))
      .silentRun(300);
    const state = result.storeState as State;
    expect(api.calls('POST', '/v1/vpns/')).toHaveLength(2);
    expect(state.vpns.items.map((item) => [item.vpn.region, item.vpn.state])).toEqual([
      ['ca-central-1', 'Running'],
      ['eu-west-3', 'Running'],
    ]);
    expect(state.vpns.creatingRegions).toEqual([]);
  });

  it('cancels every running create on sign-out: the waits are aborted, nothing is reported', async () => {
    const api = fakeVpnApi({ createScript: ['Provisioning'] });
    const clock = stuckClock();
    const result = await expectSaga(vpnsSaga)
      .withReducer(reducer, initialState())
      .provide(providers(api, clock))
      .dispatch(vpnCreateRequested({ region: 'eu-west-3' }))
      .dispatch(vpnCreateRequested({ region: 'ca-central-1' }))
      .delay(100)
      .dispatch(signOutRequested())
      .silentRun(300);
    expect(clock.stats).toEqual({ pending: 0, aborted: 2 });
    const state = result.storeState as State;
    expect(state.errors.message).toBeNull();
    expect(state.vpns).toEqual({ ...initialVpnsState });
    // Nothing more was asked after the sign-out: 2 POSTs, 2 x 2 GETs (fetch, first poll).
    expect(api.requests.filter((r) => r.path.startsWith('/v1/vpns/'))).toHaveLength(6);
  });

  it('does nothing signed out, and starts on sign-in', async () => {
    const api = fakeVpnApi();
    const anonymous: AuthState = { status: 'unauthenticated', user: null };
    await expectSaga(vpnsSaga)
      .withReducer(reducer, initialState({}, anonymous))
      .provide(providers(api, instantClock()))
      .dispatch(vpnCreateRequested({ region: 'eu-west-3' }))
      .not.put(vpnCreateStarted('eu-west-3'))
      .silentRun(100);
    await expectSaga(vpnsSaga)
      .withReducer(reducer, initialState({}, anonymous))
      .provide(providers(api, instantClock()))
      .dispatch(authenticated({ username: 'ann', sub: 'sub-ann' }))
      .dispatch(vpnCreateRequested({ region: 'eu-west-3' }))
      .put(vpnCreateStarted('eu-west-3'))
      .silentRun(100);
  });
});

describe('loadVisiblePage', () => {
  it('reads the pages before an unknown page to find its token, newest first, 4 per page', async () => {
    const api = fakeVpnApi();
    for (let i = 0; i < 10; i += 1) api.add(Date.UTC(2026, 10, 1 + i), 'eu-west-3', 'Deleted');
    const result = await expectSaga(loadVisiblePage)
      .withReducer(reducer, initialState({ page: 3 }))
      .provide(providers(api, instantClock()))
      .run();
    const state = result.storeState as State;
    expect(state.vpns.page).toBe(3);
    expect(state.vpns.items.map((item) => item.vpn.createdAt.slice(0, 10))).toEqual([
      '2026-11-02',
      '2026-11-01',
    ]);
    expect(state.vpns.pageTokens).toEqual([null, '4', '8']);
    expect(state.vpns.totalVpns).toBe(10);
    expect(api.calls('GET', '/v1/vpns')).toHaveLength(3);
  });

  it("keeps a VPN whose metrics failed without metrics and reports '1 errors occured...'", async () => {
    const api = fakeVpnApi();
    const ok = api.add(Date.UTC(2026, 10, 2), 'eu-west-3', 'Running', metricsAfter(5));
    const bad = api.add(Date.UTC(2026, 10, 1), 'eu-west-3', 'Running', metricsAfter(5));
    const failing = fakeVpnApi({ failingGets: [bad.vpn.vpnId] });
    failing.vpns.push(ok, bad);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await expectSaga(loadVisiblePage)
      .withReducer(reducer, initialState())
      .provide(providers(failing, instantClock()))
      .run();
    const state = result.storeState as State;
    expect(state.vpns.items[0].metrics).toBeDefined();
    expect(state.vpns.items[1].metrics).toBeUndefined();
    expect(state.errors.message).toBe(
      '1 errors occured while listing vpns. See the console log for details',
    );
  });
});
