import {
  UNLIMITED_PEANUTS,
  validateConfigType,
  validateCreateVpn,
  validateDeleteAfter,
  validateMaxPeanuts,
  validateQuota,
  type CreateVpnContext,
  type CreateVpnInput,
} from '../../src/core/vpnValidation';
import { DEFAULT_VPN_CONFIG_LIMITS, MOCK_VPN_CONFIG_LIMITS } from '../../src/core/limits';
import {
  InvalidRegionError,
  InvalidVpnConfigError,
  MaxDeleteAfterError,
  MaxPeanutsError,
  MinDeleteAfterError,
  MinPeanutsError,
  NegativeBalanceError,
  NotEnoughPeanutsError,
  QuotaError,
} from '../../src/core/errors';

const context: CreateVpnContext = {
  balance: 37,
  limits: MOCK_VPN_CONFIG_LIMITS,
  activeVpnCount: 0,
  quota: 54,
};
const request = (config: Record<string, unknown> = {}, region: unknown = 'eu-west-3') => ({
  region,
  config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 120, ...config },
});
const error = (fn: () => unknown): Error => {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('did not throw');
};
const validate = (input: CreateVpnInput | null, ctx: Partial<CreateVpnContext> = {}) =>
  validateCreateVpn(input, { ...context, ...ctx });

describe('validateCreateVpn (spec §5)', () => {
  it('returns the normalised request', () => {
    expect(validate(request())).toEqual({
      region: 'eu-west-3',
      config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 120 },
    });
  });

  it.each([0, -1, -0.5, '0', '-3'])('turns maxPeanuts %p into -1 (unlimited)', (maxPeanuts) => {
    expect(validate(request({ maxPeanuts })).config.maxPeanuts).toBe(UNLIMITED_PEANUTS);
  });

  it('allows unlimited peanuts whatever the limits, as long as the balance is positive', () => {
    expect(validate(request({ maxPeanuts: 0 }), { balance: 0.01 }).config.maxPeanuts).toBe(-1);
  });

  it.each([undefined, null])('defaults deleteAfter %p to the maximum', (deleteAfter) => {
    expect(validate(request({ deleteAfter })).config.deleteAfter).toBe(300);
    expect(
      validate(request({ deleteAfter }), { limits: DEFAULT_VPN_CONFIG_LIMITS }).config.deleteAfter,
    ).toBe(86400);
  });

  it('accepts numeric strings from loose clients', () => {
    expect(validate(request({ maxPeanuts: '1.5', deleteAfter: '200' })).config).toEqual({
      type: 'wireguard',
      maxPeanuts: 1.5,
      deleteAfter: 200,
    });
  });

  describe('region', () => {
    it.each([undefined, 'eu', 'EU-WEST-3', 'eu-west-10', 42])(
      'rejects %p with "Incorrect region: \'{region}\'"',
      (region) => {
        const e = error(() => validate({ ...request(), region }));
        expect(e).toBeInstanceOf(InvalidRegionError);
        expect(e.message).toBe(`Incorrect region: '${String(region)}'`);
      },
    );

    it('rejects a well-formed region that is not served when regions are given', () => {
      expect(() => validate(request({}, 'eu-west-9'), { regions: ['eu-west-3'] })).toThrow(
        "Incorrect region: 'eu-west-9'",
      );
      expect(validate(request(), { regions: ['eu-west-3'] }).region).toBe('eu-west-3');
    });
  });

  describe('maxPeanuts', () => {
    it.each([undefined, null, 'abc', '', ' ', NaN, Infinity, {}, [], true])(
      "rejects %p with 'Config maxPeanuts is invalid'",
      (maxPeanuts) => {
        const e = error(() => validate(request({ maxPeanuts })));
        expect(e).toBeInstanceOf(InvalidVpnConfigError);
        expect(e.message).toBe('Config maxPeanuts is invalid');
      },
    );

    it.each([0, -5])(
      "rejects a balance of %p with 'Negative peanuts balance: {amount}.'",
      (balance) => {
        const e = error(() => validate(request(), { balance }));
        expect(e).toBeInstanceOf(NegativeBalanceError);
        expect(e.message).toBe(`Negative peanuts balance: ${balance}.`);
      },
    );

    it('checks the balance even for unlimited peanuts', () => {
      expect(() => validate(request({ maxPeanuts: 0 }), { balance: 0 })).toThrow(
        'Negative peanuts balance: 0.',
      );
    });

    it('rejects more than the balance, and allows exactly the balance', () => {
      const e = error(() => validate(request({ maxPeanuts: 1.5 }), { balance: 1.25 }));
      expect(e).toBeInstanceOf(NotEnoughPeanutsError);
      expect(e.message).toBe('Not enough peanuts, you specified: 1.5 and you have 1.25.');
      expect(validate(request({ maxPeanuts: 1.25 }), { balance: 1.25 }).config.maxPeanuts).toBe(
        1.25,
      );
    });

    it('compares in nano-peanuts (0.1 + 0.2 is not above 0.3)', () => {
      expect(validate(request({ maxPeanuts: 0.1 + 0.2 }), { balance: 0.3 }).config.maxPeanuts).toBe(
        0.1 + 0.2,
      );
    });

    it('rejects below the minimum, and allows the minimum', () => {
      const e = error(() => validate(request({ maxPeanuts: 0.09 })));
      expect(e).toBeInstanceOf(MinPeanutsError);
      expect(e.message).toBe(
        'Minimum number of peanuts should be 0.1, you specified: 0.09 and you have 37.',
      );
      expect(validate(request({ maxPeanuts: 0.1 })).config.maxPeanuts).toBe(0.1);
    });

    it('rejects above the maximum, and allows the maximum', () => {
      const e = error(() => validate(request({ maxPeanuts: 2.01 })));
      expect(e).toBeInstanceOf(MaxPeanutsError);
      expect(e.message).toBe(
        'Maximum number of peanuts should be 2, you specified: 2.01 and you have 37.',
      );
      expect(validate(request({ maxPeanuts: 2 })).config.maxPeanuts).toBe(2);
    });
  });

  describe('type', () => {
    it.each([undefined, null])("rejects %p with 'Config type is null or undefined'", (type) => {
      const e = error(() => validate(request({ type })));
      expect(e).toBeInstanceOf(InvalidVpnConfigError);
      expect(e.message).toBe('Config type is null or undefined');
    });

    it.each(['openvpn', 'WireGuard', '', 1])("rejects %p with 'Config type is invalid'", (type) => {
      expect(() => validate(request({ type }))).toThrow(
        new InvalidVpnConfigError('Config type is invalid'),
      );
    });
  });

  describe('deleteAfter', () => {
    it.each([120.5, '120.5', 'abc', '', NaN, Infinity, true, {}])(
      "rejects %p with 'Config deleteAfter is invalid'",
      (deleteAfter) => {
        const e = error(() => validate(request({ deleteAfter })));
        expect(e).toBeInstanceOf(InvalidVpnConfigError);
        expect(e.message).toBe('Config deleteAfter is invalid');
      },
    );

    it('rejects below the minimum, and allows the minimum', () => {
      const e = error(() => validate(request({ deleteAfter: 59 })));
      expect(e).toBeInstanceOf(MinDeleteAfterError);
      expect(e.message).toBe('deleteAfter must be greater than 60, you specified: 59.');
      expect(validate(request({ deleteAfter: 60 })).config.deleteAfter).toBe(60);
    });

    it('rejects above the maximum, and allows the maximum', () => {
      const e = error(() => validate(request({ deleteAfter: 301 })));
      expect(e).toBeInstanceOf(MaxDeleteAfterError);
      expect(e.message).toBe('deleteAfter must be lesser than 300, you specified: 301.');
      expect(validate(request({ deleteAfter: 300 })).config.deleteAfter).toBe(300);
    });
  });

  describe('quota', () => {
    it('rejects at or above the quota, and allows one below', () => {
      const e = error(() => validate(request(), { activeVpnCount: 54 }));
      expect(e).toBeInstanceOf(QuotaError);
      expect(e.message).toBe('User already has 54 active vpns. Quota reached.');
      expect(() => validate(request(), { activeVpnCount: 60 })).toThrow(
        'User already has 60 active vpns. Quota reached.',
      );
      expect(() => validate(request(), { activeVpnCount: 53 })).not.toThrow();
    });
  });

  describe('order of the checks (spec §5 order)', () => {
    const everythingWrong = {
      region: 'bad',
      config: { type: 'openvpn', maxPeanuts: 'x', deleteAfter: 1.5 },
    };
    const broken = { balance: 0, activeVpnCount: 99 };

    it.each([
      [everythingWrong, "Incorrect region: 'bad'"],
      [{ ...everythingWrong, region: 'eu-west-3' }, 'Config maxPeanuts is invalid'],
      [
        { region: 'eu-west-3', config: { ...everythingWrong.config, maxPeanuts: 5 } },
        'Negative peanuts balance: 0.',
      ],
    ])('%p fails first with %p', (input, message) => {
      expect(() => validate(input, broken)).toThrow(message);
    });

    it('checks maxPeanuts against the balance, then min, then max; then type, deleteAfter, quota', () => {
      const bad = { type: 'openvpn', deleteAfter: 1.5 };
      const ctx = { balance: 1, activeVpnCount: 99 };
      expect(() => validate(request({ ...bad, maxPeanuts: 3 }), ctx)).toThrow(
        NotEnoughPeanutsError,
      );
      expect(() => validate(request({ ...bad, maxPeanuts: 0.05 }), ctx)).toThrow(MinPeanutsError);
      expect(() => validate(request({ ...bad, maxPeanuts: 3 }), { ...ctx, balance: 5 })).toThrow(
        MaxPeanutsError,
      );
      expect(() => validate(request({ ...bad, maxPeanuts: 1 }), ctx)).toThrow(
        'Config type is invalid',
      );
      expect(() => validate(request({ deleteAfter: 1.5, maxPeanuts: 1 }), ctx)).toThrow(
        'Config deleteAfter is invalid',
      );
      expect(() => validate(request({ deleteAfter: 1, maxPeanuts: 1 }), ctx)).toThrow(
        MinDeleteAfterError,
      );
      expect(() => validate(request({ maxPeanuts: 1 }), ctx)).toThrow(QuotaError);
    });

    it('treats a missing request or config as empty', () => {
      expect(() => validate(null)).toThrow("Incorrect region: 'undefined'");
      expect(() => validate({ region: 'eu-west-3' })).toThrow('Config maxPeanuts is invalid');
      expect(() => validate({ region: 'eu-west-3', config: null })).toThrow(
        'Config maxPeanuts is invalid',
      );
      expect(() => validate({ region: 'eu-west-3', config: { maxPeanuts: 1 } })).toThrow(
        'Config type is null or undefined',
      );
    });
  });

  it('exposes each rule on its own', () => {
    expect(validateMaxPeanuts(-2, 1, MOCK_VPN_CONFIG_LIMITS)).toBe(-1);
    expect(validateConfigType('wireguard')).toBe('wireguard');
    expect(validateDeleteAfter(undefined, MOCK_VPN_CONFIG_LIMITS)).toBe(300);
    expect(() => validateQuota(2, 2)).toThrow('User already has 2 active vpns. Quota reached.');
    expect(() => validateQuota(1, 2)).not.toThrow();
  });
});
