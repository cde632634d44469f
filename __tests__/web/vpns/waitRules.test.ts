/**
 * The waiting rules of spec §4 ("Waiting for a target state"), one named test each, on the saga
 * that every VPN workflow waits with (`waitForVpnState`): redux-saga-test-plan `expectSaga` over
 * the scripted fake API, with the injected clock (no real waiting). Each poll is an action
 * (`vpnPolled`), and the wait is registered in the store while it runs.
 */
import './abortPolyfill';
import { expectSaga } from 'redux-saga-test-plan';
import { WaitTimeoutError } from '../../../src/core/errors';
import type { VpnState } from '../../../src/core/vpn';
import { waitForVpnState } from '../../../src/web/features/vpns/sagas/waitSaga';
import { vpnWaitEnded, vpnWaitStarted } from '../../../src/web/features/vpns/vpnsSlice';
import { fakeVpnApi, instantClock } from './fakeVpnApi';
import { initialState, putActions, rootReducer, rowStates, type State } from './sagaHarness';

const CREATED_AT = Date.UTC(2026, 10, 20, 6, 0, 0);

/** Waits for `target` on a VPN that is `first` now and takes `script` on the next polls. */
async function wait(first: VpnState, script: VpnState[], target: VpnState) {
  const api = fakeVpnApi();
  const record = api.add(CREATED_AT, 'eu-west-3', first);
  record.script = [first, ...script];
  const clock = instantClock();
  const vpnId = record.vpn.vpnId;
  const run = expectSaga(waitForVpnState, { http: api.http, clock }, vpnId, target, 'create')
    .withReducer(rootReducer, initialState({ items: [{ vpn: record.vpn }] }))
    .put(vpnWaitStarted({ vpnId, flow: 'create', target }))
    .put(vpnWaitEnded({ vpnId, flow: 'create' }));
  return { api, clock, vpnId, run };
}

/** What a finished wait left: the states polled, the sleeps, the row and the waits. */
function outcome(result: { allEffects: unknown[]; storeState: unknown }) {
  const state = result.storeState as State;
  return {
    polled: rowStates(putActions(result)),
    row: state.vpns.items[0].vpn.state,
    waits: state.vpns.waits,
  };
}

describe('waiting for a state (spec §4)', () => {
  it('ends when the VPN is Failed while waiting', async () => {
    const { run, clock } = await wait('Provisioning', ['Failed'], 'Running');
    const result = await run.run();
    expect(outcome(result)).toEqual({
      polled: ['Provisioning', 'Failed'],
      row: 'Failed',
      waits: {},
    });
    expect(result.returnValue.vpn.state).toBe('Failed');
    expect(clock.sleeps).toEqual([10_000]);
  });

  it('ends when the VPN passes its target (deleted while creating)', async () => {
    const { run, clock } = await wait('Provisioning', ['Deprovisioning', 'Deleted'], 'Running');
    const result = await run.run();
    expect(outcome(result)).toEqual({
      polled: ['Provisioning', 'Deprovisioning'],
      row: 'Deprovisioning',
      waits: {},
    });
    expect(clock.sleeps).toEqual([10_000]);
  });

  it('ends when the VPN is Paused while the target ranks below Running', async () => {
    const { run } = await wait('Created', ['Paused'], 'Provisioning');
    const result = await run.run();
    expect(outcome(result).polled).toEqual(['Created', 'Paused']);
    expect(result.returnValue.vpn.state).toBe('Paused');
  });

  it("keeps polling a VPN Paused while waiting for Running, until the time-out: 'Timeout 300 expires!'", async () => {
    const { run, clock } = await wait('Paused', [], 'Running');
    // redux-saga logs the error a saga ends with; here it is the expected outcome.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await run.throws(WaitTimeoutError).run();
    logged.mockRestore();
    const { polled, waits } = outcome(result);
    // Polls at 0, 10, ..., 300 s: 31 polls, 30 sleeps of 10 s; the wait is unregistered.
    expect(polled).toEqual(Array(31).fill('Paused'));
    expect(clock.sleeps).toEqual(Array(30).fill(10_000));
    expect(waits).toEqual({});
    expect(new WaitTimeoutError(300).message).toBe('Timeout 300 expires!');
  });

  it('ends when the state equals the target', async () => {
    const { run, clock } = await wait('Provisioning', ['Running'], 'Running');
    const result = await run.run();
    expect(outcome(result).polled).toEqual(['Provisioning', 'Running']);
    expect(clock.sleeps).toEqual([10_000]);
    const first = await wait('Running', [], 'Running');
    const immediate = await first.run.run();
    expect(outcome(immediate).polled).toEqual(['Running']);
    expect(first.clock.sleeps).toEqual([]);
  });

  it('ends at the first poll when the target is Created, whatever the state', async () => {
    const { run, clock, api, vpnId } = await wait('Creating', ['Created'], 'Created');
    const result = await run.run();
    expect(outcome(result).polled).toEqual(['Creating']);
    expect(clock.sleeps).toEqual([]);
    expect(api.calls('GET', `/v1/vpns/${vpnId}`)).toHaveLength(1);
  });

  it('keeps polling a state below its target, every 10 s', async () => {
    const { run, clock } = await wait(
      'Creating',
      ['Created', 'Provisioning', 'Running'],
      'Running',
    );
    const result = await run.run();
    expect(outcome(result).polled).toEqual(['Creating', 'Created', 'Provisioning', 'Running']);
    expect(clock.sleeps).toEqual([10_000, 10_000, 10_000]);
  });
});
