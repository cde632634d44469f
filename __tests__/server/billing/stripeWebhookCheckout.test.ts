/**
 * `POST /v1/webhooks/stripe`, its checkouts: events signed with the official `stripe`
 * library are verified over the raw body; a paid checkout session credits its pack exactly once,
 * even under 20 concurrent deliveries (and across two server processes on one PostgreSQL);
 * unknown users, purchases and event types change nothing; an event before its user is kept and
 * applied at confirmation. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. Refunds
 * and disputes are in stripeWebhookRefunds.test.ts.
 */
import { eq, inArray } from 'drizzle-orm';
import { buildApp, type App } from '../../../src/server/app';
import { openDatabase, MEMORY_DATA_DIR, type DatabaseHandle } from '../../../src/server/db';
import { stripeEvents } from '../../../src/server/db/schema';
import {
  deliver,
  PEANUT,
  reversalEvent,
  sessionCompleted,
  setUpWebhook,
  sign,
  stripeId,
} from '../../support/billingHelpers';
import {
  DATABASE_KINDS,
  openTestDatabase,
  testConfig,
  type TestDatabase,
} from '../../support/helpers';
import { CLIENT_ID, PASSWORD, uniqueName } from '../identity/helpers';
import { buildVpnApp, signUpUser, type TestUser } from '../../support/vpnHelpers';

describe.each(DATABASE_KINDS)('Stripe webhook on %s', (kind) => {
  const suite = setUpWebhook(kind);
  const { logs, balance, entriesOf } = suite;
  let app: App;
  let user: TestUser;

  beforeAll(() => {
    ({ app, user } = suite);
  });

  describe('signature', () => {
    it('credits a pack for a good signature', async () => {
      const before = await balance();
      const event = sessionCompleted({ clientReferenceId: user.sub, packId: 'starter' });
      const response = await deliver(app, event);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, outcome: 'applied' });
      expect((await balance()) - before).toBe(17 * PEANUT);
    });

    it.each([
      ['signed with another secret', { secret: 'whsec_not_ours' }],
      ['stale (signed 10 minutes ago)', { timestamp: Math.floor(Date.now() / 1000) - 600 }],
      ['missing', { header: null }],
      ['garbage', { header: 't=1,v1=abc' }],
      ['empty', { header: '' }],
    ])('answers 400 and changes nothing when the signature is %s', async (_label, options) => {
      const before = await balance();
      const event = sessionCompleted({ clientReferenceId: user.sub, packId: 'elite' });
      const response = await deliver(app, event, options);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/Stripe-Signature/);
      expect(await balance()).toBe(before);
      const stored = await app.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.eventId, event.id as string));
      expect(stored).toEqual([]);
    });

    it('answers 400 when the body was changed after signing', async () => {
      const before = await balance();
      const event = sessionCompleted({ clientReferenceId: user.sub, packId: 'starter' });
      const signed = JSON.stringify(event);
      const tampered = signed.replace('"starter"', '"elite"');
      const response = await deliver(app, tampered, { header: sign(signed) });
      expect(response.statusCode).toBe(400);
      expect(await balance()).toBe(before);
    });

    it('answers 400 for a signed body that is not an event', async () => {
      expect((await deliver(app, '{"hello":')).statusCode).toBe(400);
      expect((await deliver(app, '{"hello":"world"}')).statusCode).toBe(400);
    });

    it('credits a replayed event (same body, same signature) once', async () => {
      const before = await balance();
      const payload = JSON.stringify(
        sessionCompleted({ clientReferenceId: user.sub, packId: 'pro' }),
      );
      const header = sign(payload);
      const first = await deliver(app, payload, { header });
      const replay = await deliver(app, payload, { header });
      expect(first.json()).toEqual({ received: true, outcome: 'applied' });
      expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
      expect((await balance()) - before).toBe(34 * PEANUT);
    });

    it('never logs the signature or the secret', () => {
      expect(logs.text).toContain('stripe event');
      expect(logs.text).not.toContain('whsec_');
      expect(logs.text).not.toMatch(/v1=[0-9a-f]{64}/);
    });
  });

  describe('checkout.session.completed', () => {
    it('credits once under 20 concurrent duplicate deliveries of one session', async () => {
      const buyer = await signUpUser(app, 'rush');
      const sessionId = stripeId('cs_test');
      // Stripe redelivers the same event; a second event for the same session counts too.
      const events = [0, 1].map(() =>
        sessionCompleted({ clientReferenceId: buyer.sub, packId: 'elite', sessionId }),
      );
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => deliver(app, events[i % 2])),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const outcomes = responses.map((r) => r.json<{ outcome: string }>().outcome);
      expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
      expect(await balance(buyer.sub)).toBe((10 + 73) * PEANUT);
      const credits = (await entriesOf(buyer.sub)).filter((e) => e.kind === 'purchase');
      expect(credits).toEqual([
        expect.objectContaining({ amountNano: 73 * PEANUT, key: `purchase:${sessionId}` }),
      ]);
    });

    it('reads the user from a client_reference_id carrying a referral code', async () => {
      const buyer = await signUpUser(app, 'referred');
      const response = await deliver(
        app,
        sessionCompleted({ clientReferenceId: `${buyer.sub}ABCDEF12`, packId: 'starter' }),
      );
      expect(response.json()).toEqual({ received: true, outcome: 'applied' });
      expect(await balance(buyer.sub)).toBe(27 * PEANUT);
    });

    it('reads the pack from the payment link when the metadata has none', async () => {
      const buyer = await signUpUser(app, 'link');
      const response = await deliver(
        app,
        sessionCompleted({ clientReferenceId: buyer.sub, paymentLink: 'plink_local_pro' }),
      );
      expect(response.json()).toEqual({ received: true, outcome: 'applied' });
      expect(await balance(buyer.sub)).toBe(44 * PEANUT);
    });

    it.each([
      [
        'no client_reference_id',
        { clientReferenceId: null, packId: 'starter' },
        'client_reference_id names no user',
      ],
      [
        'a malformed client_reference_id',
        { clientReferenceId: 'not-a-sub', packId: 'starter' },
        'client_reference_id names no user',
      ],
      ['an unknown pack', { packId: 'platinum' }, 'unknown pack'],
      ['no pack at all (and an amount of no pack)', { amountTotal: 999 }, 'unknown pack'],
      [
        'an unpaid session',
        { packId: 'starter', paymentStatus: 'unpaid' as const },
        'session not paid',
      ],
    ])('stores an event with %s, answers 200 and credits nothing', async (_l, fields, reason) => {
      const before = await balance();
      const event = sessionCompleted({ clientReferenceId: user.sub, ...fields });
      const response = await deliver(app, event);
      expect(response.json()).toEqual({ received: true, outcome: 'unmatched' });
      expect(await balance()).toBe(before);
      const [stored] = await app.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.eventId, event.id as string));
      expect(stored).toMatchObject({ outcome: 'unmatched', reason, type: event.type });
      expect(stored.payload).toEqual(event);
    });

    it('answers 200 and credits nothing for a signed session without an id or with a bad amount', async () => {
      const before = await balance();
      for (const change of [{ id: undefined }, { amount_total: 2.5 }, { amount_total: 'x' }]) {
        const event = sessionCompleted({ clientReferenceId: user.sub, packId: 'starter' });
        const data = event.data as { object: Record<string, unknown> };
        Object.assign(data.object, change);
        const response = await deliver(app, event);
        expect(response.json()).toEqual({ received: true, outcome: 'unmatched' });
      }
      expect(await balance()).toBe(before);
    });

    it('stores an event for a user who does not exist yet and credits nobody', async () => {
      const sub = '2f1c8a4e-9b7d-4c3a-8e6f-0123456789ab';
      const event = sessionCompleted({ clientReferenceId: sub, packId: 'starter' });
      const response = await deliver(app, event);
      expect(response.json()).toEqual({ received: true, outcome: 'unmatched' });
      expect(await balance(sub)).toBe(0);
      const [stored] = await app.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.eventId, event.id as string));
      expect(stored).toMatchObject({ outcome: 'unmatched', reason: 'unknown user' });
    });

    it('answers 200 to an unknown event type and ignores it', async () => {
      const before = await balance();
      const event = { ...reversalEvent('charge.refunded', 'pi_x'), type: 'customer.created' };
      const response = await deliver(app, event);
      expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
      expect(await balance()).toBe(before);
    });
  });

  describe('an event before its user', () => {
    /** Calls the identity endpoint of `app`. */
    const idp = async (action: string, body: unknown) => {
      const response = await app.inject({
        method: 'POST',
        url: '/idp/',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
        },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode).toBe(200);
      return response.json<Record<string, unknown>>();
    };

    it('is kept, then applied with its refund when the account is confirmed', async () => {
      const username = uniqueName('early');
      const email = `${username}@example.com`;
      const { UserSub } = await idp('SignUp', {
        ClientId: CLIENT_ID,
        Username: username,
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      });
      const sub = UserSub as string;
      const kept = sessionCompleted({ clientReferenceId: `${sub}ABCDEF12`, packId: 'pro' });
      const refundedIntent = stripeId('pi');
      const refundedSession = sessionCompleted({
        clientReferenceId: sub,
        packId: 'starter',
        paymentIntent: refundedIntent,
      });
      const refund = reversalEvent('charge.refunded', refundedIntent);
      for (const event of [kept, refundedSession, refund]) {
        expect((await deliver(app, event)).json()).toEqual({
          received: true,
          outcome: 'unmatched',
        });
      }
      expect(await balance(sub)).toBe(0);

      const mails = await app.inject({ method: 'GET', url: `/dev/mailbox/${email}` });
      const [mail] = mails.json<{ code: string }[]>();
      await idp('ConfirmSignUp', {
        ClientId: CLIENT_ID,
        Username: username,
        ConfirmationCode: mail.code,
      });
      // 10 free peanuts, +34 (pro), +17 -17 (starter, refunded).
      expect(await balance(sub)).toBe(44 * PEANUT);
      const outcomes = await app.db
        .select({ outcome: stripeEvents.outcome })
        .from(stripeEvents)
        .where(inArray(stripeEvents.eventId, [kept.id, refundedSession.id, refund.id] as string[]));
      expect(outcomes.map((row) => row.outcome)).toEqual(['applied', 'applied', 'applied']);
      expect(await app.billing.applyPending(sub)).toBe(0);
      expect((await deliver(app, kept)).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await balance(sub)).toBe(44 * PEANUT);
    });
  });
});

const describePostgres = DATABASE_KINDS.includes('postgres') ? describe : describe.skip;

describePostgres('Stripe webhook across two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let apps: App[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    // A second pool on the same database stands for a second server process.
    second = await openDatabase({ databaseUrl: database.url, dataDir: MEMORY_DATA_DIR });
    apps = [
      await buildVpnApp(database),
      await buildApp(testConfig({ RATE_LIMIT_MAX: '1000000' }), { database: second }),
    ];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await database?.cleanup();
  });

  it('credits once when 20 deliveries of one session are split between the two', async () => {
    const buyer = await signUpUser(apps[0], 'fleet');
    const event = sessionCompleted({ clientReferenceId: buyer.sub, packId: 'starter' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => deliver(apps[i % 2], event)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(
      responses.filter((r) => r.json<{ outcome: string }>().outcome === 'applied'),
    ).toHaveLength(1);
    expect(await apps[1].ledger.balanceNano(buyer.sub)).toBe(27 * PEANUT);
  });
});
