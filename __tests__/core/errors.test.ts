import {
  InvalidRegionError,
  InvalidUserConfigError,
  InvalidVpnConfigError,
  InvalidVpnIdError,
  MaxDeleteAfterError,
  MaxPeanutsError,
  MinDeleteAfterError,
  MinPeanutsError,
  NegativeBalanceError,
  NoSessionError,
  NotEnoughPeanutsError,
  PeanutError,
  QuotaError,
  TokenDecodeError,
  UnsupportedStateError,
  VpnCreationError,
  VpnDeletionError,
  VpnListingError,
  VpnNotFoundError,
  WaitTimeoutError,
  bodyText,
  isPeanutError,
} from '../../src/core/errors';

describe('business errors (spec §5, §8, §9)', () => {
  it.each([
    [new PeanutError('Something'), 'PeanutError', 'Something', 400],
    [new InvalidVpnIdError(undefined), 'InvalidVpnIdError', 'Undefined vpnId', 400],
    [new InvalidVpnIdError('x'), 'InvalidVpnIdError', "Incorrect vpnId: 'x'", 400],
    [new InvalidRegionError('eu'), 'InvalidRegionError', "Incorrect region: 'eu'", 400],
    [
      new InvalidVpnConfigError('Config type is invalid'),
      'InvalidVpnConfigError',
      'Config type is invalid',
      400,
    ],
    [new InvalidUserConfigError('bad'), 'InvalidUserConfigError', 'bad', 400],
    [
      new NegativeBalanceError(-1.5),
      'NegativeBalanceError',
      'Negative peanuts balance: -1.5.',
      400,
    ],
    [
      new NegativeBalanceError(-0.51576),
      'NegativeBalanceError',
      'Negative peanuts balance: -0.52.',
      400,
    ],
    [
      new NotEnoughPeanutsError(10, 9.999),
      'NotEnoughPeanutsError',
      'Not enough peanuts, you specified: 10 and you have 9.99.',
      400,
    ],
    [
      new NotEnoughPeanutsError(1, 0.29),
      'NotEnoughPeanutsError',
      'Not enough peanuts, you specified: 1 and you have 0.29.',
      400,
    ],
    [
      new NotEnoughPeanutsError(5, 2.5),
      'NotEnoughPeanutsError',
      'Not enough peanuts, you specified: 5 and you have 2.5.',
      400,
    ],
    [
      new MinPeanutsError(0.1, 0.05, 37),
      'MinPeanutsError',
      'Minimum number of peanuts should be 0.1, you specified: 0.05 and you have 37.',
      400,
    ],
    [
      new MaxPeanutsError(2, 3, 37),
      'MaxPeanutsError',
      'Maximum number of peanuts should be 2, you specified: 3 and you have 37.',
      400,
    ],
    [
      new MinDeleteAfterError(60, 59),
      'MinDeleteAfterError',
      'deleteAfter must be greater than 60, you specified: 59.',
      400,
    ],
    [
      new MaxDeleteAfterError(300, 301),
      'MaxDeleteAfterError',
      'deleteAfter must be lesser than 300, you specified: 301.',
      400,
    ],
    [new QuotaError(54), 'QuotaError', 'User already has 54 active vpns. Quota reached.', 400],
    [new NoSessionError(), 'NoSessionError', 'No session found', 401],
    [new TokenDecodeError(), 'TokenDecodeError', 'Failed to decode token', 401],
    [new VpnNotFoundError('1@eu-west-3'), 'VpnNotFoundError', 'Vpn not found', 404],
    [new UnsupportedStateError('X'), 'UnsupportedStateError', 'State is not supported (yet?)', 400],
    [new WaitTimeoutError(300), 'WaitTimeoutError', 'Timeout 300 expires!', 504],
    [
      new VpnCreationError('eu-west-3', { message: 'Quota' }, 400),
      'VpnCreationError',
      'Error during creation of vpn in: eu-west-3: {"message":"Quota"}',
      502,
    ],
    [
      new VpnDeletionError('1@eu-west-3', 'Bad Gateway', 502),
      'VpnDeletionError',
      'Error during deletion of vpn: 1@eu-west-3: Bad Gateway',
      502,
    ],
    [
      new VpnListingError(2),
      'VpnListingError',
      '2 errors occured while listing vpns. See the console log for details',
      502,
    ],
  ])('%s has its code, exact message and status', (error, code, message, status) => {
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(PeanutError);
    expect(isPeanutError(error)).toBe(true);
    expect(error.name).toBe(code);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.httpStatus).toBe(status);
  });

  it('groups the min/max errors under InvalidVpnConfigError', () => {
    for (const error of [
      new MinPeanutsError(1, 0.5, 3),
      new MaxPeanutsError(1, 2, 3),
      new MinDeleteAfterError(1, 0),
      new MaxDeleteAfterError(1, 2),
    ]) {
      expect(error).toBeInstanceOf(InvalidVpnConfigError);
    }
    expect(new NotEnoughPeanutsError(1, 0)).not.toBeInstanceOf(InvalidVpnConfigError);
    expect(isPeanutError(new Error('x'))).toBe(false);
  });

  it('keeps the fields for the caller', () => {
    const error = new MinPeanutsError(0.1, 0.05, 37);
    expect([error.min, error.given, error.balance]).toEqual([0.1, 0.05, 37]);
    const listing = new VpnListingError(1, ['cause']);
    expect(listing.count).toBe(1);
    expect(listing.causes).toEqual(['cause']);
  });

  it('writes response bodies as text', () => {
    expect(bodyText(undefined)).toBe('');
    expect(bodyText('plain')).toBe('plain');
    expect(bodyText({ a: 1 })).toBe('{"a":1}');
    expect(bodyText(null)).toBe('null');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(bodyText(cyclic)).toBe('[object Object]');
    expect(new VpnCreationError('eu-west-3', undefined).message).toBe(
      'Error during creation of vpn in: eu-west-3: ',
    );
  });
});
