/**
 * `POST /v1/webhooks/stripe` (issue 8), its refunds and disputes: each debits what its purchase
 * credited, once, even when delivered twice at the same time; a dispute closed won gives back
 * what it took, once; the balance may go negative; a refund of an unknown payment changes
 * nothing. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. Signatures and checkouts
 * are in stripeWebhookCheckout.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { purchases } from '../../src/server/db/schema';
import {
  deliver,
  disputeClosedEvent,
  PEANUT,
  reversalEvent,
  sessionCompleted,
  setUpWebhook,
  stripeId,
} from './billingHelpers';
import { DATABASE_KINDS } from './helpers';
import { signUpUser } from './vpnHelpers';

describe.each(DATABASE_KINDS)('Stripe webhook on %s', (kind) => {
  const suite = setUpWebhook(kind);
  const { balance, entriesOf } = suite;
  let app: App;

  beforeAll(() => {
    ({ app } = suite);
  });

  describe('refunds and disputes', () => {
    it.each([
      ['charge.refunded', 'refund', 'refunded'],
      ['charge.dispute.created', 'dispute', 'disputed'],
    ] as const)(
      '%s debits what was credited, once, and marks the purchase',
      async (type, entryKind, state) => {
        const buyer = await signUpUser(app, entryKind);
        const paymentIntent = stripeId('pi');
        const sessionId = stripeId('cs_test');
        await deliver(
          app,
          sessionCompleted({
            clientReferenceId: buyer.sub,
            packId: 'pro',
            sessionId,
            paymentIntent,
          }),
        );
        expect(await balance(buyer.sub)).toBe(44 * PEANUT);

        const event = reversalEvent(type, paymentIntent);
        const answers = await Promise.all([deliver(app, event), deliver(app, event)]);
        expect(answers.map((a) => a.json<{ outcome: string }>().outcome).sort()).toEqual([
          'applied',
          'duplicate',
        ]);
        // A second refund or dispute event of the same payment changes nothing either.
        const other = type === 'charge.refunded' ? 'charge.dispute.created' : 'charge.refunded';
        expect((await deliver(app, reversalEvent(other, paymentIntent))).json()).toEqual({
          received: true,
          outcome: 'duplicate',
        });
        expect(await balance(buyer.sub)).toBe(10 * PEANUT);
        const entries = (await entriesOf(buyer.sub)).filter((e) => e.kind === entryKind);
        expect(entries).toEqual([
          expect.objectContaining({
            amountNano: -34 * PEANUT,
            key: `purchase_reversal:${sessionId}`,
          }),
        ]);
        const [purchase] = await app.db
          .select()
          .from(purchases)
          .where(eq(purchases.checkoutSessionId, sessionId));
        expect(purchase).toMatchObject({
          state,
          packId: 'pro',
          userSub: buyer.sub,
          amountTotal: 271,
        });
      },
    );

    it('gives back a dispute that closes won, once; a lost one changes nothing', async () => {
      const buyer = await signUpUser(app, 'disputewon');
      const paymentIntent = stripeId('pi');
      const sessionId = stripeId('cs_test');
      await deliver(
        app,
        sessionCompleted({ clientReferenceId: buyer.sub, packId: 'pro', sessionId, paymentIntent }),
      );
      // A won dispute of a purchase never disputed: nothing to give back.
      expect((await deliver(app, disputeClosedEvent(paymentIntent, 'won'))).json()).toEqual({
        received: true,
        outcome: 'unmatched',
      });
      // A partial refund first (a quarter), then the dispute of the rest.
      await deliver(
        app,
        reversalEvent('charge.refunded', paymentIntent, { amount: 400, amountRefunded: 100 }),
      );
      await deliver(app, reversalEvent('charge.dispute.created', paymentIntent));
      expect(await balance(buyer.sub)).toBe(10 * PEANUT);

      expect((await deliver(app, disputeClosedEvent(paymentIntent, 'lost'))).json()).toEqual({
        received: true,
        outcome: 'ignored',
      });
      expect(await balance(buyer.sub)).toBe(10 * PEANUT);

      const won = disputeClosedEvent(paymentIntent, 'won');
      const answers = await Promise.all([
        deliver(app, won),
        deliver(app, won),
        deliver(app, disputeClosedEvent(paymentIntent, 'won')),
      ]);
      expect(answers.map((a) => a.json<{ outcome: string }>().outcome).sort()).toEqual([
        'applied',
        'duplicate',
        'duplicate',
      ]);
      // The dispute took back three quarters of 34; that comes back, the refund's quarter not.
      expect(await balance(buyer.sub)).toBe(10 * PEANUT + 34 * PEANUT * 0.75);
      const entries = (await entriesOf(buyer.sub)).filter((e) => e.kind === 'dispute_won');
      expect(entries).toEqual([
        expect.objectContaining({
          amountNano: 34 * PEANUT * 0.75,
          key: `dispute_won:${sessionId}`,
        }),
      ]);
      const [purchase] = await app.db
        .select()
        .from(purchases)
        .where(eq(purchases.checkoutSessionId, sessionId));
      expect(purchase.state).toBe('paid');
    });

    it('lets the balance go negative when the peanuts were spent (spec §3)', async () => {
      const buyer = await signUpUser(app, 'spender');
      const paymentIntent = stripeId('pi');
      await deliver(
        app,
        sessionCompleted({ clientReferenceId: buyer.sub, packId: 'starter', paymentIntent }),
      );
      await app.ledger.append({
        userSub: buyer.sub,
        amountNano: -20 * PEANUT,
        kind: 'usage',
        key: `test-usage:${buyer.sub}`,
      });
      await deliver(app, reversalEvent('charge.refunded', paymentIntent));
      expect(await balance(buyer.sub)).toBe(-10 * PEANUT);
    });

    it('stores a refund of an unknown payment and changes no balance', async () => {
      const before = await balance();
      const response = await deliver(app, reversalEvent('charge.refunded', stripeId('pi')));
      expect(response.json()).toEqual({ received: true, outcome: 'unmatched' });
      expect(await balance()).toBe(before);
    });
  });
});
