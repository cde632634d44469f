/**
 * What a checkout session paid: a session credits its pack only when its amount
 * before discounts is the pack's price in US dollars (a coupon lowers `amount_total`, not
 * `amount_subtotal`; under Adaptive Pricing `currency_conversion` gives the amounts in dollars).
 * Any other paid session credits nothing, is answered 2xx (so Stripe does not retry it forever)
 * and is kept for the operator (`billing.unmatchedPayments`). Through the signed webhook
 * endpoint, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */
import type { App } from '../../../src/server/app';
import {
  deliver,
  PEANUT,
  sessionCompleted,
  setUpWebhook,
  stripeId,
} from '../../support/billingHelpers';
import { DATABASE_KINDS } from '../../support/helpers';
import { signUpUser } from '../../support/vpnHelpers';

/** A converted session of Adaptive Pricing: the buyer paid 9.12 EUR for `usdSubtotal` cents. */
function inEuros(sub: string, sessionId: string, usdSubtotal: number) {
  return sessionCompleted({
    clientReferenceId: sub,
    packId: 'elite',
    sessionId,
    currency: 'eur',
    amountTotal: 912,
    amountSubtotal: 912,
    currencyConversion: {
      source_currency: 'usd',
      amount_subtotal: usdSubtotal,
      amount_total: usdSubtotal,
      fx_rate: '0.924',
    },
  });
}

describe.each(DATABASE_KINDS)('the amount of a checkout session on %s', (kind) => {
  const suite = setUpWebhook(kind);
  const { balance } = suite;
  let app: App;

  beforeAll(() => {
    ({ app } = suite);
  });

  const unmatchedOf = async (sessionId: string) =>
    (await app.billing.unmatchedPayments()).filter((row) => row.sessionId === sessionId);

  it('credits nothing for an Elite session that paid 1 cent, and keeps it for the operator', async () => {
    const buyer = await signUpUser(app, 'onecent');
    const sessionId = stripeId('cs_test');
    const event = sessionCompleted({
      clientReferenceId: buyer.sub,
      packId: 'elite',
      sessionId,
      amountTotal: 1,
      amountSubtotal: 1,
    });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const response = await deliver(app, event);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, outcome: 'unmatched' });
    }
    expect(await balance(buyer.sub)).toBe(10 * PEANUT);
    expect(await unmatchedOf(sessionId)).toEqual([
      expect.objectContaining({
        sessionId,
        eventId: event.id,
        userSub: buyer.sub,
        packId: 'elite',
        amountTotal: 1,
        amountSubtotal: 1,
        currency: 'usd',
        sourceCurrency: null,
        reason: expect.stringContaining('987 usd') as string,
        creditedAt: null,
        receivedAt: expect.any(Date) as Date,
      }),
    ]);
  });

  it('credits a coupon session: amount_total lower, the subtotal the price', async () => {
    const buyer = await signUpUser(app, 'coupon');
    const sessionId = stripeId('cs_test');
    const response = await deliver(
      app,
      sessionCompleted({
        clientReferenceId: buyer.sub,
        packId: 'elite',
        sessionId,
        amountTotal: 500,
        amountSubtotal: 987,
      }),
    );
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await balance(buyer.sub)).toBe((10 + 73) * PEANUT);
    expect(await unmatchedOf(sessionId)).toEqual([]);
  });

  it('credits an Adaptive Pricing session by its amounts in dollars, and only then', async () => {
    const buyer = await signUpUser(app, 'adaptive');
    const paid = stripeId('cs_test');
    expect((await deliver(app, inEuros(buyer.sub, paid, 987))).json()).toEqual({
      received: true,
      outcome: 'applied',
    });
    expect(await balance(buyer.sub)).toBe((10 + 73) * PEANUT);

    const cheap = stripeId('cs_test');
    expect((await deliver(app, inEuros(buyer.sub, cheap, 1))).json()).toEqual({
      received: true,
      outcome: 'unmatched',
    });
    expect(await unmatchedOf(cheap)).toEqual([
      expect.objectContaining({
        currency: 'eur',
        amountSubtotal: 912,
        sourceCurrency: 'usd',
        sourceAmountSubtotal: 1,
      }),
    ]);
    // 987 of another currency, not converted, is not 9.87 USD either.
    const yen = stripeId('cs_test');
    const inYen = sessionCompleted({
      clientReferenceId: buyer.sub,
      packId: 'elite',
      sessionId: yen,
      currency: 'jpy',
      amountTotal: 987,
      amountSubtotal: 987,
    });
    expect((await deliver(app, inYen)).json()).toEqual({ received: true, outcome: 'unmatched' });
    expect(await unmatchedOf(yen)).toHaveLength(1);
    expect(await balance(buyer.sub)).toBe((10 + 73) * PEANUT);
  });

  it('keeps a paid session that names no user or no known pack too', async () => {
    const noUser = stripeId('cs_test');
    await deliver(
      app,
      sessionCompleted({ clientReferenceId: null, packId: 'pro', sessionId: noUser }),
    );
    const noPack = stripeId('cs_test');
    await deliver(
      app,
      sessionCompleted({
        clientReferenceId: suite.user.sub,
        packId: 'platinum',
        sessionId: noPack,
      }),
    );
    expect(await unmatchedOf(noUser)).toEqual([
      expect.objectContaining({ userSub: null, packId: 'pro', amountTotal: 489 }),
    ]);
    expect(await unmatchedOf(noPack)).toEqual([
      expect.objectContaining({ packId: 'platinum', reason: 'unknown pack' }),
    ]);
  });
});
