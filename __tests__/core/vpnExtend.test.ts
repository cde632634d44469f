/**
 * The rules of extending a VPN (core's vpnExtend.ts) in their order, as pure functions: the
 * client's early feedback gives the server's messages.
 */
import { DEFAULT_VPN_CONFIG_LIMITS } from '../../src/core/limits';
import { validateExtendVpn, type ExtendVpnContext } from '../../src/core/vpnExtend';

const PEANUT = 1_000_000_000;
const context: ExtendVpnContext = {
  state: 'Running',
  consumedNano: 1.25 * PEANUT,
  runningSeconds: 600,
  balanceNano: 4 * PEANUT,
  limits: DEFAULT_VPN_CONFIG_LIMITS,
};
const id = '1710931200000@eu-west-3';

describe('validateExtendVpn', () => {
  it('returns only the values given, -1 for unlimited', () => {
    expect(validateExtendVpn(id, { config: { maxPeanuts: '5.25' } }, context)).toEqual({
      maxPeanuts: 5.25,
    });
    expect(validateExtendVpn(id, { config: { deleteAfter: 600, maxPeanuts: 0 } }, context)).toEqual(
      {
        maxPeanuts: -1,
        deleteAfter: 600,
      },
    );
  });

  it.each<[Partial<ExtendVpnContext>, unknown, string]>([
    [
      { state: 'Deprovisioning' },
      { maxPeanuts: 2 },
      `The vpn ${id} can only be extended while it is Creating, Created, Provisioning, Running, Paused; it is Deprovisioning`,
    ],
    [{}, { maxPeanuts: null }, 'Config maxPeanuts or deleteAfter is required'],
    [{ balanceNano: 0 }, { maxPeanuts: 2 }, 'Negative peanuts balance: 0.'],
    [
      {},
      { maxPeanuts: 1.2 },
      'maxPeanuts must be at least the 1.25 peanuts the vpn has consumed, you specified: 1.2.',
    ],
    [
      {},
      { maxPeanuts: 5.5 },
      'Not enough peanuts, you specified: 5.5 (4.25 more than consumed) and you have 4.',
    ],
    [
      { consumedNano: 0 },
      { maxPeanuts: 0.01 },
      'Minimum number of peanuts should be 0.1, you specified: 0.01 and you have 4.',
    ],
    [
      { balanceNano: 500 * PEANUT },
      { maxPeanuts: 101 },
      'Maximum number of peanuts should be 100, you specified: 101 and you have 500.',
    ],
    [
      {},
      { deleteAfter: 599 },
      'deleteAfter must be at least the 600 seconds the vpn has run, you specified: 599.',
    ],
    [{}, { deleteAfter: 86401 }, 'deleteAfter must be lesser than 86400, you specified: 86401.'],
  ])('with %j refuses %j', (change, config, message) => {
    expect(() =>
      validateExtendVpn(id, { config: config as never }, { ...context, ...change }),
    ).toThrow(message);
  });
});
