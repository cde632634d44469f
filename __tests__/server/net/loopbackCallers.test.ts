/**
 * What one loopback check decides (net/loopback.ts, docs/architecture.md "local
 * checkout exposure"): who is a loopback caller given TRUST_PROXY and the forwarding headers; the
 * local checkout's pages and the events signed with the public default webhook secret refused to
 * any other caller, crediting nothing; production refusing that secret. exposedInstance.test.ts
 * proves the same from a real network namespace and through a real reverse proxy.
 */
import { LOCAL_WEBHOOK_SECRET, loadConfig, type Env } from '../../../src/server/config';
import { isLoopbackCaller, proxyTrust, type TrustProxy } from '../../../src/server/net/loopback';
import { PEANUT, sessionCompleted, sign } from '../../support/billingHelpers';
import { openTestDatabase, type TestDatabase } from '../../support/helpers';
import { buildVpnApp, signUpUser } from '../../support/vpnHelpers';
import type { App } from '../../../src/server/app';

describe('isLoopbackCaller', () => {
  const XFF = 'x-forwarded-for';
  it.each<[TrustProxy, string, Record<string, string>, boolean]>([
    [false, '127.0.0.1', {}, true],
    [false, '127.8.9.10', {}, true],
    [false, '::1', {}, true],
    [false, '::ffff:127.0.0.1', {}, true],
    [false, '10.0.0.2', {}, false],
    [false, '127.0.0.1', { [XFF]: '127.0.0.1' }, false],
    [false, '127.0.0.1', { forwarded: 'for=127.0.0.1' }, false],
    [['127.0.0.1'], '127.0.0.1', { [XFF]: '127.0.0.1' }, true],
    [['127.0.0.1'], '::ffff:127.0.0.1', { [XFF]: '::1' }, true],
    [['127.0.0.1'], '127.0.0.1', { [XFF]: '198.51.100.7' }, false],
    [['127.0.0.1'], '127.0.0.1', { [XFF]: '127.0.0.1, 198.51.100.7' }, false],
    [['127.0.0.1'], '127.0.0.1', { [XFF]: '198.51.100.7, 127.0.0.1' }, false],
    [['127.0.0.1'], '127.0.0.1', { [XFF]: '' }, false],
    [['127.0.0.1'], '127.0.0.1', { forwarded: 'for="[::1]:4711";proto=https' }, true],
    [['127.0.0.1'], '127.0.0.1', { forwarded: 'For=127.0.0.1:80' }, true],
    [['127.0.0.1'], '127.0.0.1', { forwarded: 'for=unknown' }, false],
    [['127.0.0.1'], '127.0.0.1', { forwarded: 'proto=https' }, false],
    [['127.0.0.1'], '127.0.0.1', { forwarded: 'for=127.0.0.1, for=198.51.100.7' }, false],
    [['127.0.0.1'], '127.0.0.1', { [XFF]: '127.0.0.1', forwarded: 'for=198.51.100.7' }, false],
    [['10.0.0.0/8'], '127.0.0.1', { [XFF]: '127.0.0.1' }, false],
    [1, '127.0.0.1', { [XFF]: '127.0.0.1' }, true],
    [1, '127.0.0.1', { [XFF]: '127.0.0.1, 198.51.100.7' }, false],
    [2, '127.0.0.1', { [XFF]: '127.0.0.1, 127.0.0.2' }, true],
    [1, '10.0.0.2', { [XFF]: '127.0.0.1' }, false],
  ])('TRUST_PROXY %j, peer %s, %j: %s', (trustProxy, peer, headers, expected) => {
    const caller = { socket: { remoteAddress: peer }, headers };
    expect(isLoopbackCaller(caller, proxyTrust(trustProxy))).toBe(expected);
  });
});

describe('production', () => {
  it('refuses to start with the public default STRIPE_WEBHOOK_SECRET', () => {
    const env: Env = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused.invalid/peanut',
      PUBLIC_URL: 'https://vpn.example.com',
      CHECKOUT_URL_STARTER: 'https://buy.example.com/starter',
      CHECKOUT_URL_PRO: 'https://buy.example.com/pro',
      CHECKOUT_URL_ELITE: 'https://buy.example.com/elite',
      SMTP_URL: 'smtp://127.0.0.1:25',
    };
    expect(() => loadConfig(env)).toThrow('STRIPE_WEBHOOK_SECRET unset in environment!');
    expect(() => loadConfig({ ...env, STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET })).toThrow(
      'STRIPE_WEBHOOK_SECRET is the public default of the local checkout',
    );
    expect(loadConfig({ ...env, STRIPE_WEBHOOK_SECRET: 'whsec_real' }).stripeWebhookSecret).toBe(
      'whsec_real',
    );
  });
});

describe('the local checkout and its events, seen from a caller not on loopback', () => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildVpnApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('hides the pages from a caller not on loopback and refuses its public-secret event', async () => {
    const buyer = await signUpUser(app, 'remote');
    const form = new URLSearchParams({ client_reference_id: buyer.sub }).toString();
    const event = JSON.stringify(
      sessionCompleted({
        clientReferenceId: buyer.sub,
        packId: 'elite',
        amountTotal: 987,
        amountSubtotal: 987,
      }),
    );
    /** The page, Pay and the event as sent from `remoteAddress` with `headers`. */
    const attempt = async (remoteAddress: string, headers: Record<string, string> = {}) => {
      const page = await app.inject({
        method: 'GET',
        url: `/checkout/elite?${form}`,
        remoteAddress,
        headers,
      });
      const paid = await app.inject({
        method: 'POST',
        url: '/checkout/elite',
        remoteAddress,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
      const posted = await app.inject({
        method: 'POST',
        url: '/v1/webhooks/stripe',
        remoteAddress,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'stripe-signature': sign(event),
        },
        payload: event,
      });
      return { page, paid, posted };
    };
    const refused = { page: 404, pay: 404, event: 403 };
    const statuses = ({ page, paid, posted }: Awaited<ReturnType<typeof attempt>>) => ({
      page: page.statusCode,
      pay: paid.statusCode,
      event: posted.statusCode,
    });

    const remote = await attempt('203.0.113.5');
    expect(statuses(remote)).toEqual(refused);
    // The 404 of a route that does not exist; the event's refusal says why.
    const missing = await app.inject({ method: 'GET', url: '/checkout-no-such-route' });
    expect(remote.page.json()).toEqual(missing.json());
    expect(remote.paid.json()).toEqual(missing.json());
    expect(remote.posted.json<{ message: string }>().message).toContain('from this machine only');
    // A reverse proxy on this machine relaying someone (TRUST_PROXY unset): likewise.
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': '198.51.100.7' },
      { forwarded: 'for=127.0.0.1' },
    ];
    for (const headers of relayed) {
      expect(statuses(await attempt('127.0.0.1', headers))).toEqual(refused);
    }
    expect(await app.ledger.balanceNano(buyer.sub)).toBe(10 * PEANUT);
    // From loopback the same event credits the pack.
    expect(statuses(await attempt('127.0.0.1'))).toEqual({ page: 200, pay: 303, event: 200 });
    expect(await app.ledger.balanceNano(buyer.sub)).toBe((10 + 2 * 73) * PEANUT);
  });
});
