import {
  NegativeBalanceError,
  PeanutError,
  VpnCreationError,
  VpnDeletionError,
  VpnListingError,
  WaitTimeoutError,
} from '../../../src/core/errors';
import { ApiError, NetworkError } from '../../../src/sdk/http';
import { toAppError } from '../../../src/web/features/errors/appError';
import {
  bannerText,
  CLIENT_ERROR_PREFIX,
  FALLBACK_ERROR_TEXT,
} from '../../../src/web/features/errors/bannerText';

const request = 'GET http://api.test/v1/regions/';

describe('bannerText (spec §8 order of preference)', () => {
  it('1. prefers the response data', () => {
    expect(
      bannerText({ kind: 'api', status: 404, data: 'Vpn not found', request, message: 'x' }),
    ).toBe('Vpn not found');
    expect(bannerText(new ApiError(500, 'An error happened in the backend', request))).toBe(
      'An error happened in the backend',
    );
  });

  it('serialises non-string response data as JSON', () => {
    const data = { message: 'Vpn not found', code: 404 };
    expect(bannerText(new ApiError(404, data, request))).toBe(JSON.stringify(data));
    expect(bannerText({ status: 400, data: [1, 2] })).toBe('[1,2]');
    expect(bannerText({ status: 400, data: 0 })).toBe('0');
  });

  it('2. shows the message of a network error', () => {
    expect(bannerText(new NetworkError(request))).toBe('A network error has occurred.');
    expect(bannerText(toAppError(new NetworkError(request)))).toBe('A network error has occurred.');
    expect(bannerText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'TypeError: Failed to fetch',
    );
  });

  it('3. otherwise shows the raw request', () => {
    expect(bannerText(new ApiError(502, undefined, request))).toBe(request);
    expect(bannerText(toAppError(new ApiError(503, '', request)))).toBe(request);
    expect(bannerText({ request: { method: 'GET', url: '/v1/x' } })).toBe(
      '{"method":"GET","url":"/v1/x"}',
    );
  });

  it("4. prefixes client-side errors with 'Client-side error'", () => {
    expect(bannerText(new Error('Timeout 300 expires!'))).toBe(
      `${CLIENT_ERROR_PREFIX}: Timeout 300 expires!`,
    );
    expect(bannerText(toAppError(new TypeError('x is undefined')))).toBe(
      'Client-side error: x is undefined',
    );
    expect(bannerText('Could not open new window')).toBe(
      'Client-side error: Could not open new window',
    );
    expect(bannerText({ message: { nested: true } })).toBe('Client-side error: {"nested":true}');
  });

  it("5. falls back to 'Internal Error'", () => {
    expect(FALLBACK_ERROR_TEXT).toBe('Internal Error');
    for (const value of [undefined, null, 42, '', {}, { data: null, message: '' }]) {
      expect(bannerText(value)).toBe('Internal Error');
    }
  });

  it("shows a refused create or delete as the server's answer (the response data), not 'Client-side error'", () => {
    const refused = { message: 'User already has 54 active vpns. Quota reached.' };
    expect(bannerText(new VpnCreationError('eu-west-3', refused, 400))).toBe(
      '{"message":"User already has 54 active vpns. Quota reached."}',
    );
    expect(bannerText(new VpnDeletionError('1@eu-west-3', 'Vpn not found', 404))).toBe(
      'Vpn not found',
    );
    // Without a body, the catalogue message itself.
    expect(bannerText(new VpnCreationError('eu-west-3', undefined, 502))).toBe(
      'Error during creation of vpn in: eu-west-3: ',
    );
  });

  it("shows the spec's catalogue errors exactly: 'Timeout 300 expires!' for a wait time-out", () => {
    expect(bannerText(new WaitTimeoutError(300))).toBe('Timeout 300 expires!');
    expect(bannerText(new NegativeBalanceError(0))).toBe('Negative peanuts balance: 0.');
    expect(bannerText(new PeanutError('Could not open new window', 'WindowBlockedError'))).toBe(
      'Could not open new window',
    );
    expect(bannerText(new VpnListingError(2))).toBe(
      '2 errors occured while listing vpns. See the console log for details',
    );
  });

  it('keeps the order: data beats network message, request beats client message', () => {
    expect(bannerText({ kind: 'network', data: 'body', message: 'm', request })).toBe('body');
    expect(bannerText({ request, message: 'm' })).toBe(request);
  });
});

describe('toAppError', () => {
  it('keeps status, data and request of an ApiError', () => {
    expect(toAppError(new ApiError(404, { message: 'Vpn not found' }, request))).toEqual({
      kind: 'api',
      status: 404,
      data: { message: 'Vpn not found' },
      request,
      message: `${request} answered 404`,
    });
  });

  it('tells cancellations apart', () => {
    const abort = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
    expect(toAppError(abort).kind).toBe('aborted');
    expect(toAppError(new Error('any'), true).kind).toBe('aborted');
    expect(toAppError(new Error('any')).kind).toBe('client');
  });
});
