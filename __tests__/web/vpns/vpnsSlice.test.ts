/**
 * The vpns slice's page loads: a reload keeps the objects of the rows whose data did not change
 * (and the whole array when nothing changed), so the list re-renders only what changed; a VPN
 * that a wait polls keeps the row the wait put.
 */
import type { VpnMetrics, VpnWithMetrics } from '../../../src/core/vpn';
import {
  initialVpnsState,
  vpnPageLoaded,
  vpnsReducer,
  type VpnsState,
} from '../../../src/web/features/vpns/vpnsSlice';
import { makeVpn, metricsAfter } from './fakeVpnApi';

const running = (seconds: number): VpnWithMetrics => ({
  vpn: makeVpn(Date.UTC(2026, 10, 20), 'eu-west-3', 'Running'),
  metrics: metricsAfter(seconds) as VpnMetrics,
});
const deleted = (): VpnWithMetrics => ({
  vpn: makeVpn(Date.UTC(2026, 10, 19), 'ca-central-1', 'Deleted'),
  metrics: metricsAfter(600) as VpnMetrics,
});
const load = (state: VpnsState, items: VpnWithMetrics[], kept?: string[]) =>
  vpnsReducer(state, vpnPageLoaded({ page: 1, items, totalVpns: 2, totalPages: 1, kept }));

describe('vpnPageLoaded', () => {
  const first = load(initialVpnsState, [running(10), deleted()]);

  it('keeps the array when the reloaded page has the same data', () => {
    const again = load(first, [running(10), deleted()]);
    expect(again.items).toBe(first.items);
  });

  it('keeps the objects of unchanged rows and takes the changed ones', () => {
    const again = load(first, [running(20), deleted()]);
    expect(again.items).not.toBe(first.items);
    expect(again.items[0]).not.toBe(first.items[0]);
    expect(again.items[0].metrics?.duration).toBe(20);
    expect(again.items[1]).toBe(first.items[1]);
  });

  it('keeps the row of a VPN the load did not fetch (a wait polls it)', () => {
    const listed = { vpn: running(0).vpn };
    const again = load(first, [listed, deleted()], [listed.vpn.vpnId]);
    expect(again.items[0]).toBe(first.items[0]);
    expect(again.items[0].metrics?.duration).toBe(10);
  });
});
