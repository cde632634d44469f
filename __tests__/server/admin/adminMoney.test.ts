/**
 * The operator API's money paths (docs/operator-console.md "Payments", "Stats"): an unmatched
 * paid session credited by hand once (and reversed by its refund), and the figures of a seeded
 * day. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { ledgerEntries, purchases, users, vpns } from '../../../src/server/db/schema';
import {
  deliver,
  PEANUT,
  reversalEvent,
  sessionCompleted,
  stripeId,
} from '../../support/billingHelpers';
import { DATABASE_KINDS } from '../../support/helpers';
import { signUpUser } from '../../support/vpnHelpers';
import { adminCall, setUpAdmin } from './adminSupport';

describe.each(DATABASE_KINDS)('operator API: money on %s', (kind) => {
  const suite = setUpAdmin(kind);

  it('lists an unmatched paid session and credits it by hand once', async () => {
    const buyer = await signUpUser(suite.app, 'lostbuyer');
    const sessionId = stripeId('cs_test');
    const paymentIntent = stripeId('pi');
    await deliver(
      suite.app,
      sessionCompleted({ clientReferenceId: null, packId: 'pro', sessionId, paymentIntent }),
    );
    const listed = await adminCall<{ payments: { sessionId: string; reason: string }[] }>(
      suite.app,
      suite.operator,
      'GET',
      '/v1/admin/payments?state=unmatched',
    );
    expect(listed.body.payments).toEqual([
      expect.objectContaining({ sessionId, reason: 'client_reference_id names no user' }),
    ]);
    const credit = (body: Record<string, string>) =>
      adminCall<{ audit: { action: string; targetId: string }; message?: string }>(
        suite.app,
        suite.operator,
        'POST',
        `/v1/admin/payments/${sessionId}/credit`,
        body,
      );
    expect((await credit({ sub: buyer.sub, packId: 'nope', reason: 'x' })).status).toBe(400);
    const done = await credit({
      sub: buyer.sub,
      packId: 'pro',
      reason: 'buyer wrote in with the receipt',
    });
    expect(done.status).toBe(200);
    expect(done.body.audit).toMatchObject({ action: 'payment_credit', targetId: sessionId });
    expect(await suite.app.ledger.balanceNano(buyer.sub)).toBe((10 + 34) * PEANUT);
    expect((await credit({ sub: buyer.sub, packId: 'pro', reason: 'again' })).status).toBe(404);
    const after = await adminCall<{ payments: unknown[] }>(
      suite.app,
      suite.operator,
      'GET',
      '/v1/admin/payments',
    );
    expect(after.body.payments).toEqual([]);
    // A refund of the session reverses the hand credit as any purchase's.
    await deliver(suite.app, reversalEvent('charge.refunded', paymentIntent));
    const [purchase] = await suite.app.db
      .select()
      .from(purchases)
      .where(eq(purchases.checkoutSessionId, sessionId));
    expect(purchase.state).toBe('refunded');
  });

  it('gives the figures of a seeded day', async () => {
    const day = '2025-03-10';
    const at = (time: string) => new Date(`${day}T${time}Z`);
    const user = await signUpUser(suite.app, 'seeded');
    await suite.app.db
      .update(users)
      .set({ createdAt: at('08:00:00') })
      .where(eq(users.sub, user.sub));
    await suite.app.db.insert(purchases).values([
      {
        checkoutSessionId: stripeId('cs_test'),
        userSub: user.sub,
        packId: 'starter',
        peanutsNano: 17 * PEANUT,
        amountTotal: 271,
        currency: 'usd',
        createdAt: at('09:00:00'),
      },
      {
        checkoutSessionId: stripeId('cs_test'),
        userSub: user.sub,
        packId: 'pro',
        peanutsNano: 34 * PEANUT,
        amountTotal: 500,
        currency: 'eur',
        createdAt: at('10:00:00'),
      },
    ]);
    const entry = (kindName: string, peanuts: number, time: string) => ({
      userSub: user.sub,
      amountNano: peanuts * PEANUT,
      kind: kindName,
      key: `${kindName}:${stripeId('seed')}`,
      createdAt: at(time),
    });
    await suite.app.db
      .insert(ledgerEntries)
      .values([
        entry('usage', -1.5, '11:00:00'),
        entry('usage', -0.5, '12:00:00'),
        entry('refund', -17, '13:00:00'),
        entry('referral_reward', 5, '14:00:00'),
        entry('referral_reversal', -5, '15:00:00'),
      ]);
    // Running from 22:00 the day before to 06:00: 6 hours on the day.
    await suite.app.db.insert(vpns).values({
      vpnId: `${at('00:00:00').getTime() - 7_200_000}@eu-west-3`,
      userSub: user.sub,
      region: 'eu-west-3',
      state: 'Deleted',
      type: 'wireguard',
      deleteAfter: 36_000,
      createdAt: new Date(at('00:00:00').getTime() - 7_200_000),
      updatedAt: at('06:00:00'),
      runningAt: new Date(at('00:00:00').getTime() - 7_200_000),
      endedAt: at('06:00:00'),
    });
    const stats = await adminCall<{ days: Record<string, unknown>[] }>(
      suite.app,
      suite.operator,
      'GET',
      `/v1/admin/stats?from=2025-03-09&to=2025-03-11`,
    );
    expect(stats.status).toBe(200);
    expect(stats.body.days.map((d) => d.day)).toEqual(['2025-03-09', day, '2025-03-11']);
    expect(stats.body.days[1]).toEqual({
      day,
      signups: 1,
      peanutsSoldByPack: { starter: 17, pro: 34 },
      revenueByCurrency: { usd: 271, eur: 500 },
      peanutsRefunded: 17,
      peanutsConsumed: 2,
      vpnHoursByRegion: { 'eu-west-3': 6 },
      referralRewardsPaid: 5,
      referralRewardsReversed: 5,
    });
    expect(stats.body.days[0]).toMatchObject({ signups: 0, vpnHoursByRegion: { 'eu-west-3': 2 } });
    for (const query of [
      'from=2025-03-11&to=2025-03-09',
      'from=2020-01-01&to=2025-01-01',
      'from=2025-02-30&to=2025-03-01',
    ]) {
      expect(
        (await adminCall(suite.app, suite.operator, 'GET', `/v1/admin/stats?${query}`)).status,
      ).toBe(400);
    }
  });
});
