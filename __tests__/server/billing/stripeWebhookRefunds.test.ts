/**
 * `POST /v1/webhooks/stripe`, its refunds and disputes: each debits what its purchase
 * credited, once, even when delivered twice at the same time; a dispute closed won gives back
 * what it took, once, a lost one keeps it, and a closed dispute is final; the balance
 * may go negative; a refund of an unknown payment changes nothing. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set. Signatures and checkouts are in stripeWebhookCheckout.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { purchases } from '../../../src/server/db/schema';
import {
  deliver,
  disputeClosedEvent,
  PEANUT,
  reversalEvent,
  sessionCompleted,
  setUpWebhook,
  stripeId,
} from '../../support/billingHelpers';
import { DATABASE_KINDS } from '../../support/helpers';
import { signUpUser } from '../../support/vpnHelpers';

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
        const stateOf = async () =>
          (
            await app.db.select().from(purchases).where(eq(purchases.checkoutSessionId, sessionId))
          )[0];
        expect(await stateOf()).toMatchObject({
          state,
          packId: 'pro',
          userSub: buyer.sub,
          amountTotal: 489,
        });
        // A second refund or dispute event of the same payment takes nothing more (it
        // moves the purchase's reversal state, so it is applied, and its replay is a duplicate).
        const other = type === 'charge.refunded' ? 'charge.dispute.created' : 'charge.refunded';
        const second = reversalEvent(other, paymentIntent);
        expect((await deliver(app, second)).json()).toEqual({
          received: true,
          outcome: 'applied',
        });
        expect((await deliver(app, second)).json()).toEqual({
          received: true,
          outcome: 'duplicate',
        });
        expect(await balance(buyer.sub)).toBe(10 * PEANUT);
        const entries = (await entriesOf(buyer.sub)).filter((e) => e.kind === entryKind);
        expect(entries).toEqual([
          expect.objectContaining({
            amountNano: -34 * PEANUT,
            key: `purchase_reversal:${sessionId}:${event.id as string}`,
          }),
        ]);
        // Refunded in full and disputed: the dispute shows (reversalState.ts).
        expect(await stateOf()).toMatchObject({ state: 'disputed', refundedNano: 34 * PEANUT });
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
      // A partial refund first (a quarter), then the dispute of the rest.
      await deliver(
        app,
        reversalEvent('charge.refunded', paymentIntent, { amount: 400, amountRefunded: 100 }),
      );
      await deliver(app, reversalEvent('charge.dispute.created', paymentIntent));
      expect(await balance(buyer.sub)).toBe(10 * PEANUT);

      const won = disputeClosedEvent(paymentIntent, 'won');
      const again = disputeClosedEvent(paymentIntent, 'won');
      const answers = await Promise.all([
        deliver(app, won),
        deliver(app, won),
        deliver(app, again),
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
          // Written by whichever of the two events came first.
          key: expect.stringMatching(
            new RegExp(
              `^purchase_reversal:${sessionId}:(${won.id as string}|${again.id as string})$`,
            ),
          ) as string,
        }),
      ]);
      const [purchase] = await app.db
        .select()
        .from(purchases)
        .where(eq(purchases.checkoutSessionId, sessionId));
      expect(purchase.state).toBe('paid');

      // A dispute is closed once: a lost closing after the won one changes nothing.
      expect((await deliver(app, disputeClosedEvent(paymentIntent, 'lost'))).json()).toEqual({
        received: true,
        outcome: 'duplicate',
      });
      expect(await balance(buyer.sub)).toBe(10 * PEANUT + 34 * PEANUT * 0.75);
    });

    it('keeps what a lost dispute took; a dispute closed before it opened is final', async () => {
      const lost = await signUpUser(app, 'disputelost');
      const lostIntent = stripeId('pi');
      await deliver(
        app,
        sessionCompleted({ clientReferenceId: lost.sub, packId: 'pro', paymentIntent: lostIntent }),
      );
      await deliver(app, reversalEvent('charge.dispute.created', lostIntent));
      expect((await deliver(app, disputeClosedEvent(lostIntent, 'lost'))).json()).toEqual({
        received: true,
        outcome: 'applied',
      });
      expect(await balance(lost.sub)).toBe(10 * PEANUT);

      // Stripe does not promise the order of its events: the closing (won) first, then the
      // opening of the same dispute, which takes nothing.
      const early = await signUpUser(app, 'disputeearly');
      const earlyIntent = stripeId('pi');
      await deliver(
        app,
        sessionCompleted({
          clientReferenceId: early.sub,
          packId: 'pro',
          paymentIntent: earlyIntent,
        }),
      );
      expect((await deliver(app, disputeClosedEvent(earlyIntent, 'won'))).json()).toEqual({
        received: true,
        outcome: 'applied',
      });
      expect(
        (await deliver(app, reversalEvent('charge.dispute.created', earlyIntent))).json(),
      ).toEqual({
        received: true,
        outcome: 'duplicate',
      });
      expect(await balance(early.sub)).toBe(44 * PEANUT);
    });

    it('takes back a full refund after a won dispute (27 -> 10 -> 27 -> 10)', async () => {
      const buyer = await signUpUser(app, 'wonrefund');
      const paymentIntent = stripeId('pi');
      await deliver(
        app,
        sessionCompleted({ clientReferenceId: buyer.sub, packId: 'starter', paymentIntent }),
      );
      expect(await balance(buyer.sub)).toBe(27 * PEANUT);
      await deliver(app, reversalEvent('charge.dispute.created', paymentIntent));
      expect(await balance(buyer.sub)).toBe(10 * PEANUT);
      await deliver(app, disputeClosedEvent(paymentIntent, 'won'));
      expect(await balance(buyer.sub)).toBe(27 * PEANUT);
      const refund = reversalEvent('charge.refunded', paymentIntent, {
        amount: 271,
        amountRefunded: 271,
      });
      expect((await deliver(app, refund)).json()).toEqual({ received: true, outcome: 'applied' });
      expect(await balance(buyer.sub)).toBe(10 * PEANUT);
      // Delivered again, or refunded again by another event: nothing more.
      expect((await deliver(app, refund)).json()).toEqual({ received: true, outcome: 'duplicate' });
      await deliver(app, reversalEvent('charge.refunded', paymentIntent));
      expect(await balance(buyer.sub)).toBe(10 * PEANUT);
      // One entry per transition: the dispute's debit, its credit back, the refund's debit.
      const reversals = (await entriesOf(buyer.sub))
        .filter((e) => e.kind !== 'signup_bonus')
        .sort((a, b) => a.id - b.id);
      expect(reversals.map((e) => [e.kind, e.amountNano / PEANUT])).toEqual([
        ['purchase', 17],
        ['dispute', -17],
        ['dispute_won', 17],
        ['refund', -17],
      ]);
      const [purchase] = await app.db
        .select()
        .from(purchases)
        .where(eq(purchases.paymentIntent, paymentIntent));
      expect(purchase).toMatchObject({ state: 'refunded', dispute: 'won' });
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
