import {
  PROVISIONING_HINT,
  POLL_INTERVAL_S,
  RUNNING_RANK,
  TERMINAL_STATES,
  VPN_STATES,
  WAIT_TIMEOUT_S,
  assertRegion,
  assertVpnId,
  countsTowardQuota,
  isStateInProgress,
  isTerminalState,
  isVpnId,
  isVpnState,
  makeVpnId,
  metricsFromJson,
  metricsToJson,
  parseVpnId,
  sortNewestFirst,
  stateRank,
  timeoutMessage,
  upsertVpnItem,
  vpnWithMetricsFromJson,
  waitDone,
  waitExitReason,
  type Vpn,
  type VpnState,
} from '../../src/core/vpn';
import { InvalidRegionError, InvalidVpnIdError } from '../../src/core/errors';

const vpn = (vpnId: string, createdAt: string, state: VpnState = 'Running'): Vpn => ({
  vpnId,
  createdAt,
  region: vpnId.split('@')[1],
  state,
  config: { type: 'wireguard', deleteAfter: 300, maxPeanuts: 1 },
});

describe('VPN states (spec §4)', () => {
  it('are in rank order', () => {
    expect(VPN_STATES).toEqual([
      'Failed',
      'Creating',
      'Created',
      'Provisioning',
      'Paused',
      'Running',
      'Deprovisioning',
      'Deleted',
    ]);
    expect(VPN_STATES.map(stateRank)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(RUNNING_RANK).toBe(5);
  });

  it('recognises states', () => {
    expect(VPN_STATES.every(isVpnState)).toBe(true);
    expect(isVpnState('running')).toBe(false);
    expect(isVpnState(5)).toBe(false);
    expect(stateRank('Unknown' as VpnState)).toBe(-1);
  });

  it.each([
    ['Failed', false],
    ['Creating', true],
    ['Created', true],
    ['Provisioning', true],
    ['Paused', true],
    ['Running', true],
    ['Deprovisioning', false],
    ['Deleted', false],
  ] as const)('%s counts toward the quota: %s', (state, counts) => {
    expect(countsTowardQuota(state)).toBe(counts);
  });

  it('Failed and Deleted are terminal', () => {
    expect([...TERMINAL_STATES].sort()).toEqual(['Deleted', 'Failed']);
    expect(VPN_STATES.filter(isTerminalState)).toEqual(['Failed', 'Deleted']);
  });

  it('shows the spinner and the 3 minutes hint only while not Running, Failed, Deleted or Paused', () => {
    expect(VPN_STATES.filter(isStateInProgress)).toEqual([
      'Creating',
      'Created',
      'Provisioning',
      'Deprovisioning',
    ]);
    expect(PROVISIONING_HINT).toBe('3 minutes');
  });
});

describe('waiting rules (spec §4)', () => {
  it('polls every 10 s with a 300 s time-out', () => {
    expect(POLL_INTERVAL_S).toBe(10);
    expect(WAIT_TIMEOUT_S).toBe(300);
    expect(timeoutMessage(300)).toBe('Timeout 300 expires!');
  });

  // Rows: current state; columns: target, both in rank order. 1 = the wait ends.
  const expected: Record<VpnState, string> = {
    Failed: '11111111',
    Creating: '11100000',
    Created: '11100000',
    Provisioning: '11110000',
    Paused: '11111000',
    Running: '11111100',
    Deprovisioning: '11111110',
    Deleted: '11111111',
  };
  const pairs = VPN_STATES.flatMap((current) =>
    VPN_STATES.map((target, i) => [current, target, expected[current][i] === '1'] as const),
  );

  it.each(pairs)('waiting in %s for %s is done: %s', (current, target, done) => {
    expect(waitDone(current, target)).toBe(done);
  });

  it.each([
    ['Failed', 'Running', 'failed'],
    ['Failed', 'Failed', 'failed'],
    ['Creating', 'Created', 'targetCreated'],
    ['Failed', 'Created', 'failed'],
    ['Running', 'Running', 'reached'],
    ['Deleted', 'Deleted', 'reached'],
    ['Paused', 'Provisioning', 'pausedBelowRunning'],
    ['Paused', 'Creating', 'pausedBelowRunning'],
    ['Deprovisioning', 'Running', 'passed'],
    ['Deleted', 'Running', 'passed'],
    ['Running', 'Provisioning', 'passed'],
  ] as const)('in %s for %s ends because %s', (current, target, reason) => {
    expect(waitExitReason(current, target)).toBe(reason);
  });

  it.each([
    ['Paused', 'Running'],
    ['Paused', 'Deleted'],
    ['Provisioning', 'Running'],
    ['Running', 'Deleted'],
    ['Creating', 'Running'],
  ] as const)('in %s for %s keeps polling', (current, target) => {
    expect(waitExitReason(current, target)).toBeUndefined();
  });
});

describe('vpnId (spec §3, §5)', () => {
  it('is the millisecond timestamp, @, and the region', () => {
    expect(makeVpnId(1710931200000, 'eu-west-3')).toBe('1710931200000@eu-west-3');
    expect(makeVpnId(1710931200000.9, 'cn-northwest-1')).toBe('1710931200000@cn-northwest-1');
    expect(parseVpnId('1710931200000@eu-west-3')).toEqual({
      createdAtMs: 1710931200000,
      region: 'eu-west-3',
    });
  });

  it('rejects a bad region with "Incorrect region: \'{region}\'"', () => {
    expect(() => makeVpnId(1, 'europe')).toThrow(new InvalidRegionError('europe'));
    expect(() => makeVpnId(1, 'europe')).toThrow("Incorrect region: 'europe'");
    expect(() => makeVpnId(-1, 'eu-west-3')).toThrow(RangeError);
    expect(() => makeVpnId(NaN, 'eu-west-3')).toThrow(RangeError);
  });

  it.each([undefined, null, ''])("gives 'Undefined vpnId' for %p", (id) => {
    expect(() => assertVpnId(id)).toThrow(InvalidVpnIdError);
    expect(() => parseVpnId(id)).toThrow(/^Undefined vpnId$/);
  });

  it.each([
    'abc',
    '1710931200000',
    '1710931200000@',
    '@eu-west-3',
    '1710931200000@eu-west-31',
    '1710931200000@EU-west-3',
    '17109312000.0@eu-west-3',
    ' 1710931200000@eu-west-3',
    '1710931200000@eu-west-3/config',
    '12345678901234567@eu-west-3',
  ])('gives "Incorrect vpnId: \'%s\'"', (id) => {
    expect(isVpnId(id)).toBe(false);
    expect(() => parseVpnId(id)).toThrow(`Incorrect vpnId: '${id}'`);
  });

  it('accepts well-formed ids', () => {
    expect(isVpnId('1@us-east-1')).toBe(true);
    expect(isVpnId(42)).toBe(false);
    expect(() => assertVpnId('1710931200000@ap-northeast-3')).not.toThrow();
  });

  it('checks a region shape and, when given, its membership', () => {
    expect(() => assertRegion('eu-west-3')).not.toThrow();
    expect(() => assertRegion('eu-west-3', ['eu-west-3'])).not.toThrow();
    expect(() => assertRegion('eu-west-9', ['eu-west-3'])).toThrow("Incorrect region: 'eu-west-9'");
    expect(() => assertRegion(undefined)).toThrow("Incorrect region: 'undefined'");
    expect(() => assertRegion('xx-yy')).toThrow("Incorrect region: 'xx-yy'");
  });
});

describe('metrics and list items (spec §3)', () => {
  it('turns null metrics into NaN and back', () => {
    expect(metricsFromJson({ duration: 60, bytes: null, peanuts: 0.12 })).toEqual({
      duration: 60,
      bytes: NaN,
      peanuts: 0.12,
    });
    expect(metricsToJson({ duration: NaN, bytes: 1024, peanuts: 0.123456 })).toEqual({
      duration: null,
      bytes: 1024,
      peanuts: 0.12,
    });
    expect(metricsToJson({ duration: 1, bytes: Infinity, peanuts: NaN })).toEqual({
      duration: 1,
      bytes: null,
      peanuts: null,
    });
  });

  it('reads a VPN with or without metrics', () => {
    const v = vpn('1@eu-west-3', '1970-01-01T00:00:00.001Z');
    expect(vpnWithMetricsFromJson({ vpn: v })).toEqual({ vpn: v });
    expect(vpnWithMetricsFromJson({ vpn: v, metrics: null })).toEqual({ vpn: v });
    expect(
      vpnWithMetricsFromJson({ vpn: v, metrics: { duration: 1, bytes: 2, peanuts: null } }),
    ).toEqual({ vpn: v, metrics: { duration: 1, bytes: 2, peanuts: NaN } });
  });

  it('sorts newest first and replaces an item with the same vpnId, else puts it on top', () => {
    const a = { vpn: vpn('1000@eu-west-3', '1970-01-01T00:00:01.000Z') };
    const b = { vpn: vpn('2000@eu-west-3', '1970-01-01T00:00:02.000Z') };
    const c = { vpn: vpn('2000@us-east-1', '1970-01-01T00:00:02.000Z') };
    expect(sortNewestFirst([a, b, c])).toEqual([c, b, a]);

    const updated = { vpn: { ...a.vpn, state: 'Deleted' as const } };
    const list = [b, a];
    expect(upsertVpnItem(list, updated)).toEqual([b, updated]);
    expect(list).toEqual([b, a]);
    expect(upsertVpnItem([a], b)).toEqual([b, a]);
  });
});
