/**
 * The VPN workflows step by step, with redux-saga-test-plan `expectSaga` over the
 * scripted fake API and an injected clock (no real waiting): every lifecycle step is an action,
 * in order; a VPN still provisioning is deleted once Running; a deletion cancels the create wait
 * of its VPN; the balance is reloaded after a create and after a delete; the 10 s list reload and
 * its stop; a create ending Failed; the panel's settings are what is sent; sign-out forgets the
 * region messages.
 */
import './abortPolyfill';
import { expectSaga } from 'redux-saga-test-plan';
import { DEFAULT_VPN_CONFIG_LIMITS } from '../../../src/core/limits';
import { api as rtkApi } from '../../../src/web/app/api';
import { signOutRequested } from '../../../src/web/features/auth/authSlice';
import { regionMessageSet } from '../../../src/web/features/regions/regionMessagesSlice';
import {
  PROVISIONING_MESSAGE,
  createVpnFlow,
} from '../../../src/web/features/vpns/sagas/createSaga';
import { deleteVpnFlow } from '../../../src/web/features/vpns/sagas/deleteSaga';
import { vpnsSaga } from '../../../src/web/features/vpns/vpnsSaga';
import {
  vpnCreateRequested,
  vpnDeleteRequested,
  vpnListHidden,
  vpnListShown,
  vpnPageReloadRequested,
  vpnPolled,
  vpnUpdated,
} from '../../../src/web/features/vpns/vpnsSlice';
import { fakeVpnApi, instantClock, manualClock, metricsAfter, settle } from './fakeVpnApi';
import {
  initialState,
  providers,
  putActions,
  rootReducer,
  rowStates,
  steps,
  type State,
} from './sagaHarness';

const REGION = 'eu-west-3';
const balanceReload = rtkApi.util.invalidateTags(['Balance']);

describe('every lifecycle step is an action', () => {
  it('dispatches Creating, Created, Provisioning, Running, then Deprovisioning, Deleted, in order', async () => {
    const api = fakeVpnApi({
      balance: 37,
      createScript: ['Creating', 'Created', 'Provisioning', 'Running'],
    });
    const saga = expectSaga(vpnsSaga)
      .withReducer(rootReducer, initialState())
      .provide(providers(api, instantClock()));
    const running = saga.silentRun(400);
    saga.dispatch(vpnCreateRequested({ region: REGION }));
    await settle(150);
    const vpnId = api.vpns[0].vpn.vpnId;
    saga.dispatch(vpnDeleteRequested(vpnId));
    const result = await running;
    expect(steps(rowStates(putActions(result)))).toEqual([
      'Creating',
      'Created',
      'Provisioning',
      'Running',
      'Deprovisioning',
      'Deleted',
    ]);
    const state = result.storeState as State;
    expect(state.vpns.items.map(({ vpn }) => [vpn.vpnId, vpn.state])).toEqual([[vpnId, 'Deleted']]);
    expect(state.vpns.waits).toEqual({});
    expect(state.errors.message).toBeNull();
  });

  it('reloads the balance after a create reaches Running and after a delete reaches Deleted', async () => {
    const api = fakeVpnApi({ balance: 37 });
    const created = await expectSaga(createVpnFlow, vpnCreateRequested({ region: REGION }))
      .withReducer(rootReducer, initialState())
      .provide(providers(api, instantClock()))
      .run();
    let actions = putActions(created).map((action) => action.type);
    const running = actions.lastIndexOf(vpnUpdated.type);
    expect(actions.indexOf(balanceReload.type, running)).toBeGreaterThan(running);

    const vpnId = api.vpns[0].vpn.vpnId;
    const deleted = await expectSaga(deleteVpnFlow, vpnDeleteRequested(vpnId))
      .withReducer(rootReducer, created.storeState as State)
      .provide(providers(api, instantClock()))
      .put(balanceReload)
      .run();
    actions = putActions(deleted).map((action) => action.type);
    expect(actions.indexOf(balanceReload.type)).toBeGreaterThan(
      actions.lastIndexOf(vpnPolled.type),
    );
    expect((deleted.storeState as State).vpns.items[0].vpn.state).toBe('Deleted');
  });
});

describe('delete', () => {
  it('of a VPN still provisioning: waits for Running, then requests the deletion, then waits for Deleted', async () => {
    const api = fakeVpnApi();
    const record = api.add(Date.UTC(2026, 10, 20), REGION, 'Provisioning');
    record.script = ['Provisioning', 'Provisioning', 'Running'];
    const clock = instantClock();
    const vpnId = record.vpn.vpnId;
    const result = await expectSaga(deleteVpnFlow, vpnDeleteRequested(vpnId))
      .withReducer(rootReducer, initialState({ items: [{ vpn: record.vpn }] }))
      .provide(providers(api, clock))
      .run();
    expect(steps(rowStates(putActions(result)))).toEqual([
      'Provisioning',
      'Running',
      'Deprovisioning',
      'Deleted',
    ]);
    // No deletion was asked before the VPN ran: GET x3 (Provisioning, Provisioning, Running),
    // DELETE, then GET (Deprovisioning) and the wait's GET (Deleted).
    expect(api.requests.map(({ method }) => method)).toEqual([
      'GET',
      'GET',
      'GET',
      'DELETE',
      'GET',
      'GET',
    ]);
    expect(clock.sleeps).toEqual([10_000]);
    expect((result.storeState as State).vpns.items[0].vpn.state).toBe('Deleted');
  });

  it('while the create waits for Running cancels the create wait; the row goes to Deleted', async () => {
    // Provisioning on the create's first fetch and first poll, and on the delete's first two
    // polls; Running 10 s later.
    const api = fakeVpnApi({
      createScript: ['Provisioning', 'Provisioning', 'Provisioning', 'Provisioning', 'Running'],
    });
    const clock = manualClock();
    const saga = expectSaga(vpnsSaga)
      .withReducer(rootReducer, initialState())
      .provide(providers(api, clock));
    const running = saga.silentRun(600);
    saga.dispatch(vpnCreateRequested({ region: REGION }));
    await settle();
    // The create flow polls its VPN (Provisioning) and sleeps: one wait, the create's.
    expect(clock.pending()).toBe(1);
    const vpnId = api.vpns[0].vpn.vpnId;
    saga.dispatch(vpnDeleteRequested(vpnId));
    await settle();
    // The create wait's sleep was aborted; the delete flow's wait for Running sleeps instead.
    expect(clock.pending()).toBe(1);
    await clock.advance(10_000); // Running: DELETE, Deprovisioning, then Deleted
    const result = await running;
    const state = result.storeState as State;
    expect(state.vpns.items[0].vpn.state).toBe('Deleted');
    expect(state.vpns.waits).toEqual({});
    expect(state.vpns.creatingRegions).toEqual([]);
    expect(state.regionMessages[REGION]).toBeUndefined();
    expect(state.errors.message).toBeNull();
    expect(api.calls('DELETE', `/v1/vpns/${vpnId}`)).toHaveLength(1);
    // One wait per VPN: the create's polls stopped with the deletion request.
    const starts = putActions(result).filter((a) => a.type === 'vpns/vpnWaitStarted');
    expect(starts.map((a) => a.payload)).toEqual([
      { vpnId, flow: 'create', target: 'Running' },
      { vpnId, flow: 'delete', target: 'Running' },
      { vpnId, flow: 'delete', target: 'Deleted' },
    ]);
  });
});

describe('create', () => {
  it('puts a VPN that ends Failed on the error card', async () => {
    const api = fakeVpnApi({ createScript: ['Provisioning', 'Failed'] });
    const result = await expectSaga(createVpnFlow, vpnCreateRequested({ region: REGION }))
      .withReducer(rootReducer, initialState())
      .provide(providers(api, instantClock()))
      .run();
    const state = result.storeState as State;
    const vpnId = api.vpns[0].vpn.vpnId;
    expect(state.errors.message).toBe(
      `VPN ${vpnId} failed while it was being created (state Failed): create another one.`,
    );
    expect(state.vpns.items[0].vpn.state).toBe('Failed');
    expect(state.regionMessages[REGION]).toBeUndefined();
  });

  it('sends the max-peanuts value the panel shows: clamped to the balance', async () => {
    const api = fakeVpnApi({ balance: 5 });
    await expectSaga(createVpnFlow, vpnCreateRequested({ region: REGION }))
      .withReducer(
        rootReducer,
        initialState({ limits: DEFAULT_VPN_CONFIG_LIMITS, maxPeanuts: 8, deleteAfter: 3600 }),
      )
      .provide(providers(api, instantClock()))
      .run();
    expect(api.calls('POST', '/v1/vpns/')[0].body).toEqual({
      region: REGION,
      config: { type: 'wireguard', maxPeanuts: 5, deleteAfter: 3600 },
    });
  });

  it('forgets the region messages on sign-out', () => {
    const withMessage = rootReducer(
      initialState(),
      regionMessageSet({ region: REGION, message: PROVISIONING_MESSAGE }),
    );
    expect(withMessage.regionMessages).toEqual({ [REGION]: PROVISIONING_MESSAGE });
    expect(rootReducer(withMessage, signOutRequested()).regionMessages).toEqual({});
  });
});

describe('the list reload', () => {
  it('reloads the visible page every 10 s on the clock while the list is shown, and stops when it is hidden', async () => {
    const api = fakeVpnApi();
    api.add(Date.UTC(2026, 10, 20), REGION, 'Running', metricsAfter(5));
    const clock = manualClock();
    const saga = expectSaga(vpnsSaga)
      .withReducer(rootReducer, initialState())
      .provide(providers(api, clock));
    const running = saga.silentRun(500);
    saga.dispatch(vpnListShown());
    await settle();
    expect(clock.pending()).toBe(1);
    await clock.advance(9_999);
    expect(clock.pending()).toBe(1);
    await clock.advance(1);
    await clock.advance(10_000);
    saga.dispatch(vpnListHidden());
    await settle();
    // The pending sleep was aborted: nothing more happens as time goes by.
    expect(clock.pending()).toBe(0);
    await clock.advance(60_000);
    const result = await running;
    const actions = putActions(result);
    expect(actions.filter((a) => a.type === vpnPageReloadRequested.type)).toHaveLength(3);
    // With a Running VPN on the page, each 10 s reload reloads the balance too.
    expect(actions.filter((a) => a.type === balanceReload.type)).toHaveLength(2);
  });

  it('does not fetch a VPN that a wait polls, and keeps its row as the wait put it', async () => {
    const api = fakeVpnApi();
    const waited = api.add(Date.UTC(2026, 10, 20), REGION, 'Provisioning');
    const other = api.add(Date.UTC(2026, 10, 19), REGION, 'Running', metricsAfter(5));
    const result = await expectSaga(vpnsSaga)
      .withReducer(
        rootReducer,
        initialState({
          items: [{ vpn: waited.vpn }, { vpn: other.vpn }],
          waits: { [waited.vpn.vpnId]: { flow: 'create', target: 'Running' } },
        }),
      )
      .provide(providers(api, manualClock()))
      .dispatch(vpnPageReloadRequested())
      .silentRun(200);
    expect(api.calls('GET', `/v1/vpns/${waited.vpn.vpnId}`)).toEqual([]);
    expect(api.calls('GET', `/v1/vpns/${other.vpn.vpnId}`)).toHaveLength(1);
    const items = (result.storeState as State).vpns.items;
    expect(items.map(({ vpn, metrics }) => [vpn.state, Boolean(metrics)])).toEqual([
      ['Provisioning', false],
      ['Running', true],
    ]);
  });
});
