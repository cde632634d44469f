/**
 * The Extend flow by behaviour (redux-saga-test-plan): the new values go to
 * `PATCH /v1/vpns/{vpnId}`, the row takes the answered VPN, the balance and the VPN's usage are
 * reloaded; a refusal reaches the error card with the server's message; a second request while
 * one is sent is ignored.
 */
import './abortPolyfill';
import { expectSaga } from 'redux-saga-test-plan';
import { extendVpnFlow } from '../../../src/web/features/vpns/sagas/extendSaga';
import {
  vpnExtendEnded,
  vpnExtendRequested,
  vpnExtendStarted,
} from '../../../src/web/features/vpns/usageSlice';
import { fakeVpnApi, metricsAfter } from './fakeVpnApi';
import { initialState, providers, rootReducer, type State } from './sagaHarness';
import { instantClock } from './fakeVpnApi';

describe('extendVpnFlow', () => {
  it('sends the new values, puts the answered VPN on its row and reloads usage and balance', async () => {
    const api = fakeVpnApi();
    const record = api.add(Date.UTC(2026, 10, 20), 'eu-west-3', 'Running', metricsAfter(60));
    const { vpnId } = record.vpn;
    const result = await expectSaga(
      extendVpnFlow,
      vpnExtendRequested({ vpnId, maxPeanuts: 1.5, deleteAfter: 240 }),
    )
      .withReducer(rootReducer, initialState({ items: [{ vpn: record.vpn }], totalVpns: 1 }))
      .provide(providers(api, instantClock()))
      .put(vpnExtendStarted(vpnId))
      .put.like({
        action: { type: 'api/invalidateTags', payload: [{ type: 'VpnUsage', id: vpnId }] },
      })
      .put.like({ action: { type: 'api/invalidateTags', payload: ['Balance'] } })
      .put(vpnExtendEnded(vpnId))
      .run();
    expect(api.calls('PATCH', `/v1/vpns/${vpnId}`)).toEqual([
      {
        method: 'PATCH',
        path: `/v1/vpns/${vpnId}`,
        body: { config: { maxPeanuts: 1.5, deleteAfter: 240 } },
      },
    ]);
    const state = result.storeState as State;
    expect(state.vpns.items[0].vpn.config).toEqual({
      type: 'wireguard',
      maxPeanuts: 1.5,
      deleteAfter: 240,
    });
    expect(state.usage.extendingVpnIds).toEqual([]);
    expect(state.errors.message).toBeNull();
  });

  it("sends a refusal to the error card with the server's message, the row unchanged", async () => {
    const api = fakeVpnApi();
    const record = api.add(Date.UTC(2026, 10, 20), 'eu-west-3', 'Running', metricsAfter(60));
    const { vpnId } = record.vpn;
    const result = await expectSaga(extendVpnFlow, vpnExtendRequested({ vpnId, maxPeanuts: 5 }))
      .withReducer(rootReducer, initialState({ items: [{ vpn: record.vpn }], totalVpns: 1 }))
      .provide(providers(api, instantClock()))
      .run();
    const state = result.storeState as State;
    expect(state.errors.message).toContain(
      'Maximum number of peanuts should be 2, you specified: 5',
    );
    expect(state.vpns.items[0].vpn.config.maxPeanuts).toBe(2);
    expect(state.usage.extendingVpnIds).toEqual([]);
  });

  it('ignores a second request while one is sent', async () => {
    const api = fakeVpnApi();
    const base = initialState();
    await expectSaga(extendVpnFlow, vpnExtendRequested({ vpnId: '1@eu-west-3', deleteAfter: 200 }))
      .withReducer(rootReducer, {
        ...base,
        usage: { ...base.usage, extendingVpnIds: ['1@eu-west-3'] },
      })
      .provide(providers(api, instantClock()))
      .run();
    expect(api.requests).toEqual([]);
  });
});
