/**
 * The SDK's deleteAndWait (spec §4 "Delete") against a fake API and clock: nothing for a Deleted
 * VPN, waiting for Running before deleting, no deletion once past Running, a Failed VPN, the
 * deletion error, the time-out, and abort.
 */
import { deleteAndWait } from '../../src/sdk/waitForState';
import type { VpnState, VpnWithMetrics } from '../../src/core/vpn';
import { client, fakeClock, makeVpn, ok } from './vpnsHelpers';

describe('deleteAndWait (spec §4 "Delete")', () => {
  /**
   * A fake API for one VPN: GET answers the scripted states in order (the last repeats) and
   * DELETE answers `deleteStatus`, switching the script to `afterDelete`.
   */
  function vpnApi(before: VpnState[], afterDelete: VpnState[] = [], deleteStatus = 202) {
    let script = before;
    let index = 0;
    const vpn = makeVpn(1710931200000);
    const api = client((r) => {
      if (r.method === 'DELETE') {
        if (deleteStatus >= 300) return { status: deleteStatus, body: { message: 'no' } };
        script = afterDelete;
        index = 0;
        return { status: deleteStatus };
      }
      const state = script[Math.min(index++, script.length - 1)];
      return ok({ ...vpn, state });
    });
    const calls = () => api.requests.map((r) => r.method);
    return { ...api, vpnId: vpn.vpnId, calls };
  }

  it('does nothing for a Deleted VPN', async () => {
    const api = vpnApi(['Deleted']);
    const result = await deleteAndWait(api.http, api.vpnId, { clock: fakeClock() });
    expect(result.vpn.state).toBe('Deleted');
    expect(api.calls()).toEqual(['GET']);
  });

  it('deletes a Running VPN, reports the returned state, then waits for Deleted', async () => {
    const api = vpnApi(['Running'], ['Deprovisioning', 'Deprovisioning', 'Deleted']);
    const seen: VpnWithMetrics[] = [];
    const clock = fakeClock();
    const result = await deleteAndWait(api.http, api.vpnId, {
      clock,
      onDeleting: (v) => seen.push(v),
    });
    expect(result.vpn.state).toBe('Deleted');
    expect(seen.map((v) => v.vpn.state)).toEqual(['Deprovisioning']);
    // GET, DELETE, GET (the returned state), then polls: Deprovisioning, Deleted.
    expect(api.calls()).toEqual(['GET', 'DELETE', 'GET', 'GET', 'GET']);
    expect(clock.sleeps).toEqual([10000]);
  });

  it('first waits for a provisioning VPN to be Running', async () => {
    const api = vpnApi(
      ['Creating', 'Provisioning', 'Provisioning', 'Running'],
      ['Deprovisioning', 'Deleted'],
    );
    const clock = fakeClock();
    const result = await deleteAndWait(api.http, api.vpnId, { clock });
    expect(result.vpn.state).toBe('Deleted');
    expect(api.calls()).toEqual(['GET', 'GET', 'GET', 'GET', 'DELETE', 'GET', 'GET']);
  });

  it('does not request a deletion for a VPN already Deprovisioning; waits for Deleted', async () => {
    const api = vpnApi(['Deprovisioning', 'Deprovisioning', 'Deleted']);
    const result = await deleteAndWait(api.http, api.vpnId, { clock: fakeClock() });
    expect(result.vpn.state).toBe('Deleted');
    expect(api.calls()).toEqual(['GET', 'GET', 'GET']);
  });

  it('does not request a deletion when the VPN went past Running while waiting', async () => {
    const api = vpnApi(['Provisioning', 'Deprovisioning', 'Deleted']);
    const result = await deleteAndWait(api.http, api.vpnId, { clock: fakeClock() });
    expect(result.vpn.state).toBe('Deleted');
    expect(api.calls()).toEqual(['GET', 'GET', 'GET']);
  });

  it('requests the deletion of a Failed VPN (rank below Running) and stops: Failed ends a wait', async () => {
    const api = vpnApi(['Failed'], ['Failed']);
    const result = await deleteAndWait(api.http, api.vpnId, { clock: fakeClock() });
    expect(result.vpn.state).toBe('Failed');
    expect(api.calls()).toEqual(['GET', 'DELETE', 'GET']);
  });

  it('fails with the deletion error, and with the time-out when Deleted never comes', async () => {
    const refused = vpnApi(['Running'], [], 409);
    await expect(
      deleteAndWait(refused.http, refused.vpnId, { clock: fakeClock() }),
    ).rejects.toThrow('Error during deletion of vpn: 1710931200000@eu-west-3: {"message":"no"}');

    const stuck = vpnApi(['Running'], ['Deprovisioning']);
    await expect(
      deleteAndWait(stuck.http, stuck.vpnId, { clock: fakeClock(), timeoutMs: 60_000 }),
    ).rejects.toThrow('Timeout 60 expires!');
  });

  it('stops when aborted', async () => {
    const api = vpnApi(['Provisioning']);
    const controller = new AbortController();
    const clock = fakeClock();
    const sleep = clock.sleep;
    clock.sleep = async (ms, signal) => {
      if (clock.sleeps.length === 2) controller.abort(new Error('signed out'));
      return sleep(ms, signal);
    };
    await expect(
      deleteAndWait(api.http, api.vpnId, { clock, signal: controller.signal }),
    ).rejects.toThrow('signed out');
    expect(api.calls()).not.toContain('DELETE');
  });
});
