import {
  CONFIG_CLAIM,
  DEFAULT_VPN_CONFIG_LIMITS,
  MOCK_VPN_CONFIG_LIMITS,
  PRODUCT_REGION_COUNT,
  assertLimits,
  decodeJwtPayload,
  defaultQuota,
  limitsFromClaims,
  limitsFromIdToken,
} from '../../src/core/limits';
import { InvalidUserConfigError, NoSessionError, TokenDecodeError } from '../../src/core/errors';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${b64url({ alg: 'RS256' })}.${b64url(payload)}.c2ln`;
const limits = { ...MOCK_VPN_CONFIG_LIMITS };

describe('VPN config limits (spec §3, §5, §9)', () => {
  it('has the product and mock presets', () => {
    expect(DEFAULT_VPN_CONFIG_LIMITS).toEqual({
      maxPeanutsFieldMinValue: 0.1,
      maxPeanutsFieldMaxValue: 100,
      deleteAfterFieldMinValue: 300,
      deleteAfterFieldMaxValue: 86400,
    });
    expect(MOCK_VPN_CONFIG_LIMITS).toEqual({
      maxPeanutsFieldMinValue: 0.1,
      maxPeanutsFieldMaxValue: 2,
      deleteAfterFieldMinValue: 60,
      deleteAfterFieldMaxValue: 300,
    });
    expect(Object.isFrozen(DEFAULT_VPN_CONFIG_LIMITS)).toBe(true);
  });

  it('sets the quota to 2 x the number of regions', () => {
    expect(PRODUCT_REGION_COUNT).toBe(27);
    expect(defaultQuota()).toBe(54);
    expect(defaultQuota(3)).toBe(6);
  });

  it('parses the custom:config claim, a JSON string, keeping only the four fields', () => {
    expect(CONFIG_CLAIM).toBe('custom:config');
    const claims = { [CONFIG_CLAIM]: JSON.stringify({ ...limits, extra: true }) };
    expect(limitsFromClaims(claims)).toEqual(limits);
    expect(limitsFromClaims({ [CONFIG_CLAIM]: limits })).toEqual(limits);
  });

  it.each([
    [{}, 'Missing token claim custom:config'],
    [{ [CONFIG_CLAIM]: null }, 'Missing token claim custom:config'],
    [{ [CONFIG_CLAIM]: '' }, 'Missing token claim custom:config'],
    [{ [CONFIG_CLAIM]: '{not json' }, 'Failed to parse token claim custom:config'],
    [{ [CONFIG_CLAIM]: '42' }, 'Invalid VPN limits in token claim custom:config'],
    [
      { [CONFIG_CLAIM]: JSON.stringify({ ...limits, maxPeanutsFieldMaxValue: '2' }) },
      'Invalid VPN limits in token claim custom:config',
    ],
    [
      { [CONFIG_CLAIM]: JSON.stringify({ ...limits, deleteAfterFieldMinValue: undefined }) },
      'Invalid VPN limits in token claim custom:config',
    ],
  ])('rejects %p with %p', (claims, message) => {
    expect(() => limitsFromClaims(claims)).toThrow(InvalidUserConfigError);
    expect(() => limitsFromClaims(claims)).toThrow(message);
  });

  it('rejects inverted or negative limits', () => {
    expect(() => assertLimits({ ...limits, maxPeanutsFieldMinValue: 3 })).toThrow(
      InvalidUserConfigError,
    );
    expect(() => assertLimits({ ...limits, deleteAfterFieldMaxValue: 59 })).toThrow(
      InvalidUserConfigError,
    );
    expect(() => assertLimits({ ...limits, maxPeanutsFieldMinValue: -1 })).toThrow(
      InvalidUserConfigError,
    );
    expect(() => assertLimits({ ...limits, maxPeanutsFieldMaxValue: Infinity })).toThrow(
      InvalidUserConfigError,
    );
    expect(() => assertLimits(limits)).not.toThrow();
  });

  it('reads the limits from an id token', () => {
    const token = jwt({ sub: 'u1', [CONFIG_CLAIM]: JSON.stringify(limits), name: 'Zoë' });
    expect(limitsFromIdToken(token)).toEqual(limits);
    expect(decodeJwtPayload(token)).toMatchObject({ sub: 'u1', name: 'Zoë' });
  });

  it.each([undefined, null, ''])("says 'No session found' without a token (%p)", (token) => {
    expect(() => limitsFromIdToken(token)).toThrow(NoSessionError);
    expect(() => limitsFromIdToken(token)).toThrow('No session found');
  });

  it.each([
    'abc',
    'a.b',
    'a..c',
    'a.b.c.d',
    `x.${Buffer.from('not json').toString('base64url')}.y`,
    `x.${b64url([1, 2])}.y`,
    `x.${b64url('text')}.y`,
    'x.%%%.y',
  ])("says 'Failed to decode token' for %p", (token) => {
    expect(() => limitsFromIdToken(token)).toThrow(TokenDecodeError);
    expect(() => limitsFromIdToken(token)).toThrow('Failed to decode token');
  });

  it('raises an error for a token without the claim', () => {
    expect(() => limitsFromIdToken(jwt({ sub: 'u1' }))).toThrow(
      'Missing token claim custom:config',
    );
  });
});
