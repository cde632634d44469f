/**
 * The local checkout of the embedded default (docs/architecture.md "local checkout", "checkout
 * events"): the pack page, Pay delivering a Stripe-signed `checkout.session.completed` through
 * the app's own webhook, the kept events at `/dev/checkout/events` (loopback only), Refund and
 * Dispute, retries with backoff, and its absence when the links point elsewhere or in
 * production.
 */
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import type { App } from '../../../src/server/app';
import { buildApp } from '../../../src/server/app';
import { LocalCheckout, type DeliveredEvent } from '../../../src/server/billing/localCheckout';
import { LOCAL_WEBHOOK_SECRET, loadConfig } from '../../../src/server/config';
import { deliver } from '../../support/billingHelpers';
import { eq } from 'drizzle-orm';
import { localCheckoutSessions } from '../../../src/server/db/schema';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import { buildVpnApp, deleteAccount, signUpUser, type TestUser } from '../../support/vpnHelpers';

const PEANUT = 1_000_000_000;

/** Pays `packId` on the local checkout as a browser form would; answers the redirect. */
function pay(app: App, packId: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/checkout/${packId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The session id of a Pay or Refund redirect. */
function sessionOf(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(303);
  const location = new URL(String(response.headers.location), 'http://localhost');
  return location.searchParams.get('session')!;
}

describe('local checkout', () => {
  let database: TestDatabase;
  let app: App;
  let user: TestUser;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildVpnApp(database);
    user = await signUpUser(app, 'checkout');
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const events = async (remoteAddress?: string) =>
    app.inject({ method: 'GET', url: '/dev/checkout/events', remoteAddress });

  it('shows the pack, its price, the prefilled email and promotion code, and Pay', async () => {
    const query = new URLSearchParams({
      client_reference_id: user.sub,
      prefilled_email: user.email,
      prefilled_promo_code: 'SPRING24',
    });
    const response = await app.inject({ method: 'GET', url: `/checkout/starter?${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Starter pack');
    expect(response.body).toContain('17 peanuts');
    expect(response.body).toContain('$2.71');
    expect(response.body).toContain(user.email);
    expect(response.body).toContain('SPRING24');
    expect(response.body).toContain(`name="client_reference_id" value="${user.sub}"`);
    expect(response.body).toMatch(/<button type="submit">Pay<\/button>/);
  });

  it.each([
    ['a script in the promotion code', { prefilled_promo_code: '<script>x</script>' }],
    ['a malformed email', { prefilled_email: 'not an email' }],
    ['a client_reference_id with spaces', { client_reference_id: 'a b' }],
  ])('answers 400 to %s and shows no raw markup', async (_label, fields) => {
    const response = await app.inject({
      method: 'GET',
      url: `/checkout/pro?${new URLSearchParams(fields)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<script>x');
    expect((await pay(app, 'pro', fields)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown pack', async () => {
    expect((await app.inject({ method: 'GET', url: '/checkout/platinum' })).statusCode).toBe(404);
    expect((await pay(app, 'platinum', { client_reference_id: user.sub })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown session, or one of another pack, and changes nothing', async () => {
    const buyer = await signUpUser(app, 'wrongpack');
    const sessionId = sessionOf(await pay(app, 'starter', { client_reference_id: buyer.sub }));
    const paid = await app.ledger.balanceNano(buyer.sub);
    for (const url of [
      '/checkout/starter?session=cs_test_unknown',
      `/checkout/pro?session=${sessionId}`,
    ]) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('Unknown checkout session.');
    }
    for (const url of [
      '/checkout/starter/sessions/cs_test_unknown/refund',
      `/checkout/pro/sessions/${sessionId}/refund`,
    ]) {
      const answer = await app.inject({ method: 'POST', url });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain('Unknown checkout session.');
    }
    expect(await app.ledger.balanceNano(buyer.sub)).toBe(paid);
  });

  it('credits the pack once through a signed event, kept at /dev/checkout/events', async () => {
    const before = await app.ledger.balanceNano(user.sub);
    const sessionId = sessionOf(
      await pay(app, 'starter', {
        client_reference_id: `${user.sub}ABCDEF12`,
        prefilled_email: user.email,
      }),
    );
    expect((await app.ledger.balanceNano(user.sub)) - before).toBe(17 * PEANUT);

    const page = await app.inject({ method: 'GET', url: `/checkout/starter?session=${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payment received');
    expect(page.body).toContain('checkout.session.completed: delivered');
    expect(page.body).toContain('<a href="/">Back to the dashboard</a>');
    expect(page.body).toMatch(/<button type="submit">Refund<\/button>/);
    expect(page.body).toMatch(/<button type="submit">Dispute<\/button>/);

    const [latest] = (await events()).json<DeliveredEvent[]>();
    expect(latest).toMatchObject({ type: 'checkout.session.completed', status: 'delivered' });
    // The exact body and its header verify with Stripe's own library and our secret.
    const event = Stripe.webhooks.constructEvent(
      latest.body,
      latest.signature,
      LOCAL_WEBHOOK_SECRET,
    );
    expect(event.type).toBe('checkout.session.completed');
    const session = event.data.object as Stripe.Checkout.Session;
    expect(session).toMatchObject({
      id: sessionId,
      client_reference_id: `${user.sub}ABCDEF12`,
      customer_details: { email: user.email },
      amount_total: 271,
      currency: 'usd',
      payment_status: 'paid',
      payment_link: 'plink_local_starter',
      metadata: { packId: 'starter' },
    });
    expect(session.payment_intent).toMatch(/^pi_/);

    // A developer replays it: acknowledged, credited no second time.
    const replay = await deliver(app, latest.body, { header: latest.signature });
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await app.ledger.balanceNano(user.sub)) - before).toBe(17 * PEANUT);
  });

  it.each([
    ['refund', 'charge.refunded', 'refunded'],
    ['dispute', 'charge.dispute.created', 'disputed'],
  ])('%s of a paid session debits its peanuts once', async (action, type, state) => {
    const buyer = await signUpUser(app, action);
    const sessionId = sessionOf(await pay(app, 'pro', { client_reference_id: buyer.sub }));
    expect(await app.ledger.balanceNano(buyer.sub)).toBe(44 * PEANUT);
    const url = `/checkout/pro/sessions/${sessionId}/${action}`;
    expect(sessionOf(await app.inject({ method: 'POST', url }))).toBe(sessionId);
    expect(await app.ledger.balanceNano(buyer.sub)).toBe(10 * PEANUT);
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(409);
    expect(await app.ledger.balanceNano(buyer.sub)).toBe(10 * PEANUT);

    const [latest, previous] = (await events()).json<DeliveredEvent[]>();
    expect(latest).toMatchObject({ type, sessionId, status: 'delivered' });
    expect(previous).toMatchObject({ type: 'checkout.session.completed', sessionId });
    const page = await app.inject({ method: 'GET', url: `/checkout/pro?session=${sessionId}` });
    expect(page.body).toContain(`<span id="state">${state}</span>`);
    expect(page.body).not.toContain('>Refund<');
  });

  it('wins the dispute of a disputed session: its peanuts come back once', async () => {
    const buyer = await signUpUser(app, 'win');
    const sessionId = sessionOf(await pay(app, 'pro', { client_reference_id: buyer.sub }));
    const win = `/checkout/pro/sessions/${sessionId}/win`;
    expect((await app.inject({ method: 'POST', url: win })).statusCode).toBe(409);
    await app.inject({ method: 'POST', url: `/checkout/pro/sessions/${sessionId}/dispute` });
    expect(await app.ledger.balanceNano(buyer.sub)).toBe(10 * PEANUT);
    const disputed = await app.inject({ method: 'GET', url: `/checkout/pro?session=${sessionId}` });
    expect(disputed.body).toContain('>Win the dispute<');

    expect(sessionOf(await app.inject({ method: 'POST', url: win }))).toBe(sessionId);
    expect(await app.ledger.balanceNano(buyer.sub)).toBe(44 * PEANUT);
    expect((await app.inject({ method: 'POST', url: win })).statusCode).toBe(409);
    expect(await app.ledger.balanceNano(buyer.sub)).toBe(44 * PEANUT);
    const [latest] = (await events()).json<DeliveredEvent[]>();
    expect(latest).toMatchObject({ type: 'charge.dispute.closed', sessionId, status: 'delivered' });
    expect(JSON.parse(latest.body).data.object).toMatchObject({ status: 'won' });
    const page = await app.inject({ method: 'GET', url: `/checkout/pro?session=${sessionId}` });
    expect(page.body).toContain('<span id="state">paid</span>');
    // Refunded after the won dispute, the pack's peanuts go back (44 -> 10, was 44).
    await app.inject({ method: 'POST', url: `/checkout/pro/sessions/${sessionId}/refund` });
    expect(await app.ledger.balanceNano(buyer.sub)).toBe(10 * PEANUT);
  });

  it('hides /dev/checkout/events from a caller that is not on loopback', async () => {
    expect((await events('127.0.0.1')).statusCode).toBe(200);
    expect((await events('203.0.113.5')).statusCode).toBe(404);
  });

  it('retries a failed delivery with backoff until the endpoint takes it', async () => {
    const buyer = await signUpUser(app, 'retry');
    const attemptsAt: number[] = [];
    const checkout = new LocalCheckout({
      secret: LOCAL_WEBHOOK_SECRET,
      retryBaseMs: 20,
      send: async (body, signature) => {
        attemptsAt.push(performance.now());
        if (attemptsAt.length <= 2) return 503;
        return (await deliver(app, body, { header: signature })).statusCode;
      },
    });
    try {
      await checkout.pay(app.packs.get('elite')!, {
        clientReferenceId: buyer.sub,
        email: null,
        promoCode: null,
      });
      expect(checkout.events()[0]).toMatchObject({ status: 'retrying', lastStatus: 503 });
      const deadline = Date.now() + 5000;
      while (checkout.events()[0].status === 'retrying' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(checkout.events()[0]).toMatchObject({ status: 'delivered', attempts: 3 });
      // Waits of at least 20 then 40 ms (growing). Timers fire on the event loop's cached
      // millisecond clock, up to a millisecond before the wait measured here: 2 ms of slack (a
      // failed CI run measured 39). A busy machine only makes a gap longer, the first as much as
      // the second, so the gaps are held to their floors, not compared with each other.
      expect(attemptsAt[1] - attemptsAt[0]).toBeGreaterThanOrEqual(20 - 2);
      expect(attemptsAt[2] - attemptsAt[1]).toBeGreaterThanOrEqual(40 - 2);
      expect(await app.ledger.balanceNano(buyer.sub)).toBe(83 * PEANUT);
    } finally {
      checkout.close();
    }
  });

  it('gives up after the last attempt', async () => {
    const checkout = new LocalCheckout({
      secret: LOCAL_WEBHOOK_SECRET,
      retryBaseMs: 1,
      maxAttempts: 3,
      send: async () => {
        throw new Error('connection refused');
      },
    });
    await checkout.pay(app.packs.get('starter')!, {
      clientReferenceId: null,
      email: null,
      promoCode: null,
    });
    const deadline = Date.now() + 5000;
    while (checkout.events()[0].status === 'retrying' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(checkout.events()[0]).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 0 });
  });
});

describe('local checkout off', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database?.cleanup());

  it('is absent when every CHECKOUT_URL_* points elsewhere', async () => {
    const app = await buildVpnApp(database, {
      CHECKOUT_URL_STARTER: 'https://buy.example.com/s',
      CHECKOUT_URL_PRO: 'https://buy.example.com/p',
      CHECKOUT_URL_ELITE: 'https://buy.example.com/e',
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/checkout/starter' })).statusCode).toBe(404);
      const eventsRoute = await app.inject({ method: 'GET', url: '/dev/checkout/events' });
      expect(eventsRoute.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('serves only the packs still on the local checkout', async () => {
    const app = await buildVpnApp(database, { CHECKOUT_URL_PRO: 'https://buy.example.com/p' });
    try {
      expect((await app.inject({ method: 'GET', url: '/checkout/starter' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/checkout/pro' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('never exists in production, whatever the links say', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'postgres://unused.invalid/peanut',
      PUBLIC_URL: 'http://127.0.0.1:1',
      CHECKOUT_URL_STARTER: '/checkout/starter',
      CHECKOUT_URL_PRO: '/checkout/pro',
      CHECKOUT_URL_ELITE: '/checkout/elite',
      STRIPE_WEBHOOK_SECRET: 'whsec_production_test',
      SMTP_URL: 'smtp://127.0.0.1:1',
      WEB_DIR: '/nonexistent-peanut-web',
    });
    const app = await buildApp(config, { database: database.handle });
    try {
      expect((await app.inject({ method: 'GET', url: '/checkout/starter' })).statusCode).toBe(404);
      const eventsRoute = await app.inject({ method: 'GET', url: '/dev/checkout/events' });
      expect(eventsRoute.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe.each(DATABASE_KINDS)('local checkout sessions in the database (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 180_000);
  afterAll(() => database?.cleanup());

  it('shows and refunds a session paid before a restart, once under concurrent refunds', async () => {
    const first = await buildVpnApp(database);
    let buyer: TestUser;
    let sessionId: string;
    try {
      buyer = await signUpUser(first, 'restart');
      sessionId = sessionOf(await pay(first, 'pro', { client_reference_id: buyer.sub }));
    } finally {
      await first.close();
    }
    const second = await buildVpnApp(database);
    try {
      const page = await second.inject({
        method: 'GET',
        url: `/checkout/pro?session=${sessionId}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<span id="state">paid</span>');
      const url = `/checkout/pro/sessions/${sessionId}/refund`;
      const answers = await Promise.all([
        second.inject({ method: 'POST', url }),
        second.inject({ method: 'POST', url }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([303, 409]);
      expect(await second.ledger.balanceNano(buyer.sub)).toBe(10 * PEANUT);
      const [stored] = await second.db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.id, sessionId));
      expect(stored).toMatchObject({ packId: 'pro', state: 'refunded', amountTotal: 489 });
      // The session holds the buyer's reference: it goes with the account.
      await deleteAccount(second, buyer);
      const left = await second.db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.id, sessionId));
      expect(left).toEqual([]);
    } finally {
      await second.close();
    }
  }, 180_000);
});
