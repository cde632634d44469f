/**
 * The referrer's side of the referral programme when the referrer takes their own purchase back
 * (spec §1: "the referrer must have bought a pack"): once their last qualifying
 * purchase is refunded or disputed, their credited rewards are debited (`referral_reversal`)
 * and their held ones withheld; buying again later revives none of them; the referee keeps
 * theirs. Through the signed webhook path, on PGlite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL.
 */
import type { App } from '../../../src/server/app';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import {
  buy,
  history,
  ownCode,
  PEANUT,
  referralEntries,
  reverse,
  stats,
} from '../../support/referralHelpers';
import { buildVpnApp, signUpUser, type TestUser } from '../../support/vpnHelpers';

// Generous: CI runs every test on a loaded 2-core machine (app start, migrations, sign-ups).
jest.setTimeout(180_000);

describe.each(DATABASE_KINDS)("the referrer's own refund on %s", (kind) => {
  let database: TestDatabase;
  let app: App;
  let held: App;
  const HOUR_MS = 3_600_000;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildVpnApp(database);
    held = await buildVpnApp(database, { REFERRAL_HOLD_S: '3600' });
  });
  afterAll(async () => {
    await held?.close();
    await app?.close();
    await database?.cleanup();
  });

  const peanutsOf = async (user: TestUser) => (await app.ledger.balanceNano(user.sub)) / PEANUT;

  it('debits the reward of a referrer who refunds their only pack, for good', async () => {
    const r = await signUpUser(app, 'own-r');
    const bought = await buy(app, r);
    const e = await signUpUser(app, 'own-e');
    const referred = await buy(app, e, await ownCode(app, r));
    expect([await peanutsOf(r), await peanutsOf(e)]).toEqual([32, 32]);

    await reverse(app, bought, 'charge.refunded');
    // 10 + 17 + 5 - 17 - 5: the referrer keeps nothing of the programme; the referee keeps 5.
    expect([await peanutsOf(r), await peanutsOf(e)]).toEqual([10, 32]);
    const rEntries = await referralEntries(app, r.sub);
    expect(rEntries.map((entry) => [entry.kind, entry.amountNano / PEANUT])).toEqual([
      ['referral_reward', 5],
      ['referral_reversal', -5],
    ]);
    expect(await stats(app, r)).toEqual({ totalReferrals: 0, totalRewardsEarned: 0 });
    expect((await history(app, r)).history).toEqual([
      expect.objectContaining({ role: 'referrer', status: 'reversed', referrerReward: 0 }),
    ]);
    expect((await history(app, e)).history).toEqual([
      expect.objectContaining({ role: 'referee', status: 'rewarded', refereeReward: 5 }),
    ]);

    // Buying again revives nothing (as for a referee's reversed purchase).
    await buy(app, r);
    expect(await peanutsOf(r)).toBe(27);
    // The referee's later refund takes the referee's reward, and not the referrer's twice.
    await reverse(app, referred, 'charge.refunded');
    expect([await peanutsOf(r), await peanutsOf(e)]).toEqual([27, 10]);
  });

  it('keeps the reward while another pack of the referrer stands', async () => {
    const r = await signUpUser(app, 'two-r');
    const first = await buy(app, r);
    const second = await buy(app, r);
    const e = await signUpUser(app, 'two-e');
    await buy(app, e, await ownCode(app, r));
    expect(await peanutsOf(r)).toBe(10 + 17 + 17 + 5);
    await reverse(app, first, 'charge.refunded');
    expect(await peanutsOf(r)).toBe(10 + 17 + 5);
    await reverse(app, second, 'charge.dispute.created');
    expect(await peanutsOf(r)).toBe(10);
  });

  it('withholds a held reward for good when the referrer refunds their pack during the hold', async () => {
    const r = await signUpUser(held, 'hold-r');
    const bought = await buy(held, r);
    const e = await signUpUser(held, 'hold-e');
    await buy(held, e, await ownCode(held, r));
    await reverse(held, bought, 'charge.refunded');
    await held.referral.releaseDue(Date.now() + HOUR_MS + 1000);
    expect(await held.ledger.balanceNano(r.sub)).toBe(10 * PEANUT);
    expect(await held.ledger.balanceNano(e.sub)).toBe(32 * PEANUT);
    expect(await referralEntries(held, r.sub)).toEqual([]);
    // Released for the referee, forfeited for the referrer: nothing left held.
    expect((await history(held, e)).history).toEqual([
      expect.objectContaining({ status: 'rewarded', refereeReward: 5, referrerReward: 0 }),
    ]);
    // Buying again after the hold revives nothing.
    await buy(held, r);
    await held.referral.releaseDue(Date.now() + HOUR_MS + 1000);
    expect(await held.ledger.balanceNano(r.sub)).toBe(27 * PEANUT);
  });
});
