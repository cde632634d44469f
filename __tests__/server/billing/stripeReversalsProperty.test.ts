/**
 * A purchase's refunds and disputes in any order, through the signed webhook endpoint:
 * random sets of Stripe events about one Pro purchase (partial refunds with cumulative amounts,
 * a full refund, a dispute opened, closed won or lost), delivered in random orders, some of
 * them again (replays), some two at once. After every delivery the buyer's balance must be what
 * was paid and not taken back, stated here in words, independently of the service:
 * - the refunds take back the largest cumulative share refunded so far;
 * - a dispute takes back everything while it is open and for good once lost; won, it takes
 *   nothing (the refunds stand). A dispute is closed once.
 * On PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { ledgerEntries } from '../../../src/server/db/schema';
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

// Generous: CI runs every test on a loaded 2-core machine.
jest.setTimeout(300_000);

/** The Pro pack: 34 peanuts for 4.89 USD. */
const PRO_NANO = 34 * PEANUT;
const PRO_CENTS = 489;

/** One Stripe event about the purchase, as the rules in words see it. */
type Step =
  | { kind: 'refund'; cents: number } // cumulative amount_refunded; PRO_CENTS: in full
  | { kind: 'dispute' }
  | { kind: 'closed'; won: boolean };

/** The events of one run: their set, the order of delivery (indices, repeats are replays). */
interface Run {
  refunds: (number | 'full')[];
  disputed: boolean;
  closing: 'won' | 'lost' | null;
  order: number[];
  together: boolean[];
}

const runArbitrary: fc.Arbitrary<Run> = fc.record({
  refunds: fc.array(fc.oneof(fc.integer({ min: 1, max: PRO_CENTS }), fc.constant<'full'>('full')), {
    maxLength: 3,
  }),
  disputed: fc.boolean(),
  closing: fc.constantFrom<Run['closing']>(null, 'won', 'lost'),
  order: fc.array(fc.nat({ max: 50 }), { minLength: 1, maxLength: 10 }),
  together: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
});

/** What is left of the purchase after `delivered`, in nano-peanuts (the rules in words). */
function leftAfter(delivered: Step[]): number {
  const refundedCents = Math.max(
    0,
    ...delivered.map((step) => (step.kind === 'refund' ? step.cents : 0)),
  );
  const closing = delivered.find(
    (step): step is Extract<Step, { kind: 'closed' }> => step.kind === 'closed',
  );
  const opened = delivered.some((step) => step.kind === 'dispute');
  const disputeTakes = closing ? !closing.won : opened;
  if (disputeTakes) return 0;
  return PRO_NANO - Math.round((PRO_NANO * refundedCents) / PRO_CENTS);
}

describe.each(DATABASE_KINDS)('refunds and disputes in any order on %s', (kind) => {
  const suite = setUpWebhook(kind);
  let app: App;

  beforeAll(() => {
    ({ app } = suite);
  });

  it('leaves what was paid and not taken back, after every event, each applied once', async () => {
    await fc.assert(
      fc.asyncProperty(runArbitrary, async (run) => {
        const paymentIntent = stripeId('pi');
        const sessionId = stripeId('cs_test');
        const before = await suite.balance();
        const bought = await deliver(
          app,
          sessionCompleted({
            clientReferenceId: suite.user.sub,
            packId: 'pro',
            sessionId,
            paymentIntent,
          }),
        );
        expect(bought.json()).toEqual({ received: true, outcome: 'applied' });

        const pool: { step: Step; event: Record<string, unknown> }[] = [
          ...run.refunds.map((refund) => {
            const cents = refund === 'full' ? PRO_CENTS : refund;
            return {
              step: { kind: 'refund' as const, cents },
              // A full refund sometimes says no amounts (read as the whole charge).
              event:
                refund === 'full'
                  ? reversalEvent('charge.refunded', paymentIntent)
                  : reversalEvent('charge.refunded', paymentIntent, {
                      amount: PRO_CENTS,
                      amountRefunded: cents,
                    }),
            };
          }),
          ...(run.disputed
            ? [
                {
                  step: { kind: 'dispute' as const },
                  event: reversalEvent('charge.dispute.created', paymentIntent),
                },
              ]
            : []),
          ...(run.closing === null
            ? []
            : [
                {
                  step: { kind: 'closed' as const, won: run.closing === 'won' },
                  event: disputeClosedEvent(paymentIntent, run.closing),
                },
              ]),
        ];
        if (pool.length === 0) return;

        const delivered: Step[] = [];
        for (let i = 0; i < run.order.length; i += 1) {
          const batch = [pool[run.order[i] % pool.length]];
          // Sometimes two deliveries at once (the purchase's row lock orders them).
          if (run.together[i] && i + 1 < run.order.length) {
            i += 1;
            batch.push(pool[run.order[i] % pool.length]);
          }
          const answers = await Promise.all(batch.map(({ event }) => deliver(app, event)));
          for (const answer of answers) expect(answer.statusCode).toBe(200);
          delivered.push(...batch.map(({ step }) => step));
          expect((await suite.balance()) - before).toBe(leftAfter(delivered));
        }

        // At most one ledger entry per distinct event, under its own key.
        const entries = await app.db
          .select({ key: ledgerEntries.key })
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.userSub, suite.user.sub),
              sql`left(${ledgerEntries.key}, ${sessionId.length + 19}) = ${`purchase_reversal:${sessionId}:`}`,
            ),
          );
        const ids = new Set(pool.map(({ event }) => event.id as string));
        expect(entries.length).toBeLessThanOrEqual(ids.size);
        for (const { key } of entries) expect(ids.has(key.split(':')[2])).toBe(true);
      }),
      {
        numRuns: 40,
        // The issue's sequence: disputed, won, then refunded in full.
        examples: [
          [
            {
              refunds: ['full'],
              disputed: true,
              closing: 'won',
              order: [1, 2, 0],
              together: Array<boolean>(10).fill(false),
            },
          ],
        ],
      },
    );
  });
});
