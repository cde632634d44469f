/**
 * The remaining cases of real Stripe events: a Payment Link session without
 * `metadata.packId` matched to its pack by its configured link id
 * (`STRIPE_PAYMENT_LINK_<PACK>`) or by its amount before discounts (`STRIPE_MATCH_AMOUNT`), and
 * partial refunds debiting their share of the peanuts (cumulative `amount_refunded`), once each,
 * with a later full refund or dispute debiting only what is left. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { purchases } from '../../../src/server/db/schema';
import { deliver, reversalEvent, sessionCompleted, stripeId } from '../../support/billingHelpers';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import { buildVpnApp, signUpUser } from '../../support/vpnHelpers';

// Generous: CI runs every test on a loaded 2-core machine (app start, migrations, sign-ups).
jest.setTimeout(180_000);

const PEANUT = 1_000_000_000;

describe.each(DATABASE_KINDS)('Stripe pack matching and partial refunds on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let strict: App;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildVpnApp(database, { STRIPE_PAYMENT_LINK_ELITE: 'plink_1EliteLink' });
    strict = await buildVpnApp(database, { STRIPE_MATCH_AMOUNT: 'false' });
  });
  afterAll(async () => {
    await strict?.close();
    await app?.close();
    await database?.cleanup();
  });

  const outcomeOf = async (target: App, event: Record<string, unknown>) =>
    (await deliver(target, event)).json<{ outcome: string }>().outcome;

  it('matches a Payment Link session without metadata by its configured link id', async () => {
    const buyer = await signUpUser(app, 'plink');
    const event = sessionCompleted({
      clientReferenceId: buyer.sub,
      paymentLink: 'plink_1EliteLink',
      amountTotal: 500, // discounted: the link decides the pack, the subtotal is its price
      amountSubtotal: 987,
    });
    expect(await outcomeOf(app, event)).toBe('applied');
    expect(await app.ledger.balanceNano(buyer.sub)).toBe((10 + 73) * PEANUT);
  });

  it('matches by the amount before discounts, and only when set to', async () => {
    const buyer = await signUpUser(app, 'amount');
    const discounted = sessionCompleted({
      clientReferenceId: buyer.sub,
      paymentLink: 'plink_1UnknownLink',
      amountTotal: 300,
      amountSubtotal: 489,
    });
    expect(await outcomeOf(app, discounted)).toBe('applied');
    expect(await app.ledger.balanceNano(buyer.sub)).toBe((10 + 34) * PEANUT);

    const noPack = sessionCompleted({ clientReferenceId: buyer.sub, amountTotal: 500 });
    expect(await outcomeOf(app, noPack)).toBe('unmatched');
    const other = await signUpUser(strict, 'strict');
    const byAmount = sessionCompleted({ clientReferenceId: other.sub, amountTotal: 271 });
    expect(await outcomeOf(strict, byAmount)).toBe('unmatched');
    expect(await strict.ledger.balanceNano(other.sub)).toBe(10 * PEANUT);
  });

  it('debits partial refunds proportionally, once each, then what is left', async () => {
    const buyer = await signUpUser(app, 'partial');
    const paymentIntent = stripeId('pi');
    const sessionId = stripeId('cs_test');
    await deliver(
      app,
      sessionCompleted({ clientReferenceId: buyer.sub, packId: 'pro', paymentIntent, sessionId }),
    );
    const balance = () => app.ledger.balanceNano(buyer.sub);
    expect(await balance()).toBe(44 * PEANUT);
    // 1.00 USD of 4.89 refunded: 34 x 100/489 peanuts back, twice delivered at once.
    const first = reversalEvent('charge.refunded', paymentIntent, {
      amount: 489,
      amountRefunded: 100,
    });
    const outcomes = await Promise.all([outcomeOf(app, first), outcomeOf(app, first)]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    const afterFirst = 44 * PEANUT - Math.round((34 * PEANUT * 100) / 489);
    expect(await balance()).toBe(afterFirst);
    const [paid] = await app.db
      .select()
      .from(purchases)
      .where(eq(purchases.checkoutSessionId, sessionId));
    expect(paid.state).toBe('paid');

    // A second partial refund (cumulative 2.00 USD) and, arriving late, the first again.
    const second = reversalEvent('charge.refunded', paymentIntent, {
      amount: 489,
      amountRefunded: 200,
    });
    expect(await outcomeOf(app, second)).toBe('applied');
    expect(await outcomeOf(app, first)).toBe('duplicate');
    const afterSecond = 44 * PEANUT - Math.round((34 * PEANUT * 200) / 489);
    expect(await balance()).toBe(afterSecond);

    // The dispute of the rest debits what is left: the whole pack in all.
    expect(await outcomeOf(app, reversalEvent('charge.dispute.created', paymentIntent))).toBe(
      'applied',
    );
    expect(await balance()).toBe(10 * PEANUT);
    const full = reversalEvent('charge.refunded', paymentIntent, {
      amount: 489,
      amountRefunded: 489,
    });
    // Recorded (the refund would stand if the dispute were won), nothing more taken.
    expect(await outcomeOf(app, full)).toBe('applied');
    expect(await outcomeOf(app, full)).toBe('duplicate');
    expect(await balance()).toBe(10 * PEANUT);
    const [disputed] = await app.db
      .select()
      .from(purchases)
      .where(eq(purchases.checkoutSessionId, sessionId));
    expect(disputed.state).toBe('disputed');
  });
});
