/**
 * The referral programme's terms (spec §1), each enforced through the signed Stripe
 * webhook path: rewards on the referee's qualifying purchase, both sides must buy a pack, a code
 * once per referee, the referee rewarded once per account, the referrer once per unique referee,
 * mutual referrals, no self-referral, promotional ledger credit held for REFERRAL_HOLD_S then
 * released, withheld or reversed on refund and dispute, two first purchases at once rewarded
 * once, and account deletion. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { refereeEmails, referralCodes, referrals, users } from '../../../src/server/db/schema';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import {
  buy,
  history,
  ownCode,
  PEANUT,
  referralEntries,
  referrerCode,
  reverse,
  stats,
  validate,
} from '../../support/referralHelpers';
import { buildVpnApp, deleteAccount, signUpUser, type TestUser } from '../../support/vpnHelpers';

// Generous: CI runs every test on a loaded 2-core machine (app start, migrations, sign-ups).
jest.setTimeout(180_000);

/** Sign-up bonus plus one starter pack. */
const BOUGHT = (10 + 17) * PEANUT;

describe.each(DATABASE_KINDS)('referral rewards on %s', (kind) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildVpnApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const balance = (user: TestUser) => app.ledger.balanceNano(user.sub);
  /** A referrer who has bought a pack, and their code. */
  const referrerWithPack = async (label: string) => {
    const user = await signUpUser(app, label);
    await buy(app, user);
    return { user, code: await ownCode(app, user) };
  };

  it('rewards both sides with 5 peanuts of promotional ledger credit on the qualifying purchase', async () => {
    const { user: a, code } = await referrerWithPack('both-a');
    const b = await signUpUser(app, 'both-b');
    await buy(app, b, code);
    expect(await balance(a)).toBe(BOUGHT + 5 * PEANUT);
    expect(await balance(b)).toBe(BOUGHT + 5 * PEANUT);
    const [row] = await app.db.select().from(referrals).where(eq(referrals.refereeSub, b.sub));
    expect(await referralEntries(app, a.sub)).toEqual([
      {
        kind: 'referral_reward',
        amountNano: 5 * PEANUT,
        key: `referral_reward:${row.id}:referrer`,
      },
    ]);
    expect(await referralEntries(app, b.sub)).toEqual([
      { kind: 'referral_reward', amountNano: 5 * PEANUT, key: `referral_reward:${row.id}:referee` },
    ]);
    for (const [user, role] of [
      [a, 'referrer'],
      [b, 'referee'],
    ] as const) {
      expect(await stats(app, user)).toEqual({ totalReferrals: 1, totalRewardsEarned: 5 });
      expect((await history(app, user)).history).toEqual([
        expect.objectContaining({
          relationshipId: row.id,
          referralCode: code,
          role,
          status: 'rewarded',
        }),
      ]);
    }
  });

  it('holds the referrer reward until the referrer buys a pack (both must buy)', async () => {
    const a = await signUpUser(app, 'nopack-a');
    const b = await signUpUser(app, 'nopack-b');
    await buy(app, b, await ownCode(app, a));
    expect(await balance(b)).toBe(BOUGHT + 5 * PEANUT);
    expect(await balance(a)).toBe(10 * PEANUT);
    expect((await history(app, a)).history).toEqual([
      expect.objectContaining({ role: 'referrer', status: 'pending' }),
    ]);
    await buy(app, a);
    expect(await balance(a)).toBe(BOUGHT + 5 * PEANUT);
    expect((await history(app, a)).history).toEqual([
      expect.objectContaining({ status: 'rewarded' }),
    ]);
  });

  it('uses a code once per referee and rewards the referee once per account', async () => {
    const { user: a, code: codeA } = await referrerWithPack('once-a');
    const { user: c, code: codeC } = await referrerWithPack('once-c');
    const b = await signUpUser(app, 'once-b');
    await buy(app, b, codeA);
    await buy(app, b, codeA);
    await buy(app, b, codeC);
    expect(await referrerCode(app, b)).toBe(codeA);
    expect(await balance(b)).toBe(BOUGHT + 2 * 17 * PEANUT + 5 * PEANUT);
    expect(await referralEntries(app, b.sub)).toHaveLength(1);
    expect(await referralEntries(app, a.sub)).toHaveLength(1);
    expect(await referralEntries(app, c.sub)).toEqual([]);
  });

  it.each(['purchase', 'deletion'])(
    'refers an email address once: an account deleted and signed up again is not a new referee (recorded at %s)',
    async (recordedAt) => {
      const { user: a, code: codeA } = await referrerWithPack('again-a');
      const { user: c, code: codeC } = await referrerWithPack('again-c');
      const email = `again-b-${Date.now()}@example.com`;
      const first = await signUpUser(app, 'again-b', email);
      await buy(app, first, codeA);
      expect(await referralEntries(app, first.sub)).toHaveLength(1);
      if (recordedAt === 'deletion') {
        // A referral recorded before the address record existed: the deletion records it.
        await app.db.delete(refereeEmails);
      }
      await deleteAccount(app, first);

      // The same person, the address in other case and spacing, with another referrer's code.
      const again = await signUpUser(app, 'again-b', `  ${email.toUpperCase()} `);
      expect(await validate(app, again, codeC)).toEqual({
        isValid: false,
        error: `Error with referral code: ${codeC}: ineligible. See referral program conditions.`,
        errorCode: 6,
      });
      await buy(app, again, codeC);
      expect(await referrerCode(app, again)).toBeNull();
      expect(await referralEntries(app, again.sub)).toEqual([]);
      expect(await referralEntries(app, c.sub)).toEqual([]);
      expect(await referralEntries(app, a.sub)).toHaveLength(1);
      // Another address is still a new referee.
      const other = await signUpUser(app, 'again-d');
      expect((await validate(app, other, codeC)).isValid).toBe(true);
    },
  );

  it('rewards the referrer once per unique referee', async () => {
    const { user: a, code } = await referrerWithPack('many-a');
    const referees = [await signUpUser(app, 'many-b'), await signUpUser(app, 'many-c')];
    for (const referee of referees) {
      await buy(app, referee, code);
      await buy(app, referee, code);
    }
    expect(await referralEntries(app, a.sub)).toHaveLength(2);
    expect(await balance(a)).toBe(BOUGHT + 10 * PEANUT);
    expect(await stats(app, a)).toEqual({ totalReferrals: 2, totalRewardsEarned: 10 });
  });

  it('allows mutual referrals', async () => {
    const a = await signUpUser(app, 'mutual-a');
    const b = await signUpUser(app, 'mutual-b');
    await buy(app, b, await ownCode(app, a));
    await buy(app, a, await ownCode(app, b));
    expect(await referrerCode(app, a)).toBe(await ownCode(app, b));
    expect(await referrerCode(app, b)).toBe(await ownCode(app, a));
    // Each side: a referee reward and a referrer reward.
    expect(await balance(a)).toBe(BOUGHT + 10 * PEANUT);
    expect(await balance(b)).toBe(BOUGHT + 10 * PEANUT);
    expect(await stats(app, a)).toEqual({ totalReferrals: 2, totalRewardsEarned: 10 });
  });

  it('refuses self-referral at checkout', async () => {
    const a = await signUpUser(app, 'self');
    const code = await ownCode(app, a);
    expect((await buy(app, a, code)).outcome).toBe('applied');
    expect(await balance(a)).toBe(BOUGHT);
    expect(await referrerCode(app, a)).toBeNull();
    expect(await referralEntries(app, a.sub)).toEqual([]);
  });

  it('takes verified accounts in good standing only: an unverified referrer’s or an unknown code is ignored', async () => {
    const { user: a, code } = await referrerWithPack('unverified-a');
    await app.db.update(users).set({ emailVerified: false }).where(eq(users.sub, a.sub));
    const b = await signUpUser(app, 'unverified-b');
    await buy(app, b, code);
    await buy(app, b, 'ABCDEF1Z');
    expect(await referrerCode(app, b)).toBeNull();
    expect(await balance(b)).toBe(BOUGHT + 17 * PEANUT);
    expect(await referralEntries(app, a.sub)).toEqual([]);
  });

  it.each([
    ['a refund', 'charge.refunded'],
    ['a dispute', 'charge.dispute.created'],
  ] as const)(
    'reverses both credited rewards after %s of the qualifying purchase',
    async (_l, type) => {
      const { user: a, code } = await referrerWithPack(`rev-a`);
      const b = await signUpUser(app, 'rev-b');
      const bought = await buy(app, b, code);
      expect(await balance(a)).toBe(BOUGHT + 5 * PEANUT);
      await reverse(app, bought, type);
      await reverse(app, bought, type); // a redelivery changes nothing
      expect(await balance(a)).toBe(BOUGHT);
      expect(await balance(b)).toBe(10 * PEANUT);
      const [row] = await app.db.select().from(referrals).where(eq(referrals.refereeSub, b.sub));
      expect(row.state).toBe('reversed');
      expect(
        (await referralEntries(app, a.sub)).map((entry) => [entry.kind, entry.amountNano]),
      ).toEqual([
        ['referral_reward', 5 * PEANUT],
        ['referral_reversal', -5 * PEANUT],
      ]);
      for (const user of [a, b]) {
        expect(await stats(app, user)).toEqual({ totalReferrals: 0, totalRewardsEarned: 0 });
        expect((await history(app, user)).history).toEqual([
          expect.objectContaining({ status: 'reversed', referrerReward: 0, refereeReward: 0 }),
        ]);
      }
    },
  );

  it('takes the code through the local checkout and reverses on its Refund', async () => {
    const { user: a, code } = await referrerWithPack('local-a');
    const b = await signUpUser(app, 'local-b');
    const paid = await app.inject({
      method: 'POST',
      url: '/checkout/starter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_reference_id: b.sub + code }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const sessionId = new URL(String(paid.headers.location), 'http://x').searchParams.get(
      'session',
    );
    expect(await referrerCode(app, b)).toBe(code);
    expect(await balance(a)).toBe(BOUGHT + 5 * PEANUT);
    expect(await balance(b)).toBe(BOUGHT + 5 * PEANUT);
    const refund = await app.inject({
      method: 'POST',
      url: `/checkout/starter/sessions/${sessionId}/refund`,
    });
    expect(refund.statusCode).toBe(303);
    expect(await balance(a)).toBe(BOUGHT);
    expect(await balance(b)).toBe(10 * PEANUT);
  });

  it('rewards once when two first purchases with codes arrive at once', async () => {
    const first = await referrerWithPack('race-a');
    const second = await referrerWithPack('race-c');
    const referees = await Promise.all(
      Array.from({ length: 3 }, (_, i) => signUpUser(app, `race-b${i}`)),
    );
    await Promise.all(
      referees.flatMap((b) => [
        buy(app, b, first.code),
        buy(app, b, second.code),
        buy(app, b, first.code),
      ]),
    );
    for (const b of referees) {
      expect(await referralEntries(app, b.sub)).toHaveLength(1);
      expect(await balance(b)).toBe(BOUGHT + 2 * 17 * PEANUT + 5 * PEANUT);
      expect([first.code, second.code]).toContain(await referrerCode(app, b));
    }
    const rewards =
      (await referralEntries(app, first.user.sub)).length +
      (await referralEntries(app, second.user.sub)).length;
    expect(rewards).toBe(referees.length);
  });

  it("removes the user's referral data on account deletion, keeping the other side's", async () => {
    const { user: a, code } = await referrerWithPack('del-a');
    const b = await signUpUser(app, 'del-b');
    await buy(app, b, code);
    await deleteAccount(app, a);
    expect(
      await app.db.select().from(referralCodes).where(eq(referralCodes.userSub, a.sub)),
    ).toEqual([]);
    const [row] = await app.db.select().from(referrals).where(eq(referrals.refereeSub, b.sub));
    expect(row.referrerSub).toBeNull();
    expect(await referrerCode(app, b)).toBe(code);
    expect((await history(app, b)).history).toHaveLength(1);
    await deleteAccount(app, b);
    expect(await app.db.select().from(referrals).where(eq(referrals.id, row.id))).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('referral hold period (REFERRAL_HOLD_S=3600) on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const HOUR_MS = 3_600_000;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildVpnApp(database, { REFERRAL_HOLD_S: '3600', REFERRAL_REWARD_PEANUTS: '2.5' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const setUp = async (label: string) => {
    const a = await signUpUser(app, `${label}-a`);
    await buy(app, a);
    const b = await signUpUser(app, `${label}-b`);
    const bought = await buy(app, b, await ownCode(app, a));
    return { a, b, bought };
  };

  it('releases the rewards only after the hold period', async () => {
    const { a, b } = await setUp('hold');
    expect(await app.ledger.balanceNano(b.sub)).toBe(BOUGHT);
    expect((await history(app, b)).history).toEqual([
      expect.objectContaining({ status: 'pending', referrerReward: 2.5, refereeReward: 2.5 }),
    ]);
    expect(await app.referral.releaseDue(Date.now())).toBe(0);
    expect(await app.referral.releaseDue(Date.now() + HOUR_MS + 1000)).toBeGreaterThanOrEqual(2);
    // Released once: a second sweep credits nothing more.
    await app.referral.releaseDue(Date.now() + HOUR_MS + 1000);
    for (const user of [a, b]) {
      expect(await app.ledger.balanceNano(user.sub)).toBe(BOUGHT + 2.5 * PEANUT);
      expect(await stats(app, user)).toEqual({ totalReferrals: 1, totalRewardsEarned: 2.5 });
    }
  });

  it('withholds held rewards when the qualifying purchase is refunded during the hold', async () => {
    const { a, b, bought } = await setUp('withhold');
    await reverse(app, bought, 'charge.refunded');
    await app.referral.releaseDue(Date.now() + HOUR_MS + 1000);
    expect(await app.ledger.balanceNano(b.sub)).toBe(10 * PEANUT);
    expect(await app.ledger.balanceNano(a.sub)).toBe(BOUGHT);
    expect(await referralEntries(app, a.sub)).toEqual([]);
    expect(await referralEntries(app, b.sub)).toEqual([]);
  });

  it('exposes the settings in /app-config.json', async () => {
    const response = await app.inject({ method: 'GET', url: '/app-config.json' });
    expect(response.json()).toMatchObject({
      referral: { enabled: true, rewardPeanuts: 2.5, holdSeconds: 3600 },
    });
  });
});
