/**
 * The referral API (spec §4, §7, §8) through `app.inject()`: own codes made at sign-up
 * (and on first use for older accounts), every validation reason with its exact text and spec
 * §4 error code, the referrer code, statistics and history with pagination, ownership, and the
 * programme switched off. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { purchases, referralCodes, referrals, users } from '../../../src/server/db/schema';
import { stripeId } from '../../support/billingHelpers';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import {
  buy,
  history,
  ownCode,
  referrerCode,
  stats,
  validate,
} from '../../support/referralHelpers';
import { api, buildVpnApp, signUpUser, type TestUser } from '../../support/vpnHelpers';

// Generous: CI runs every test on a loaded 2-core machine (app start, migrations, sign-ups).
jest.setTimeout(180_000);

const prefix = (code: string) => `Error with referral code: ${code}: `;

describe.each(DATABASE_KINDS)('referral API on %s', (kind) => {
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

  /** A code no account holds. */
  const unusedCode = async (): Promise<string> => {
    for (;;) {
      const code = stripeId('x').slice(2, 10).toUpperCase();
      const rows = await app.db.select().from(referralCodes).where(eq(referralCodes.code, code));
      if (rows.length === 0) return code;
    }
  };

  describe('own code', () => {
    it('gives every user a unique 8-hex-digit code at sign-up, the same on every call', async () => {
      const [a, b] = [await signUpUser(app, 'codea'), await signUpUser(app, 'codeb')];
      const [stored] = await app.db
        .select()
        .from(referralCodes)
        .where(eq(referralCodes.userSub, a.sub));
      expect(stored.code).toMatch(/^[0-9A-F]{8}$/);
      expect(await ownCode(app, a)).toBe(stored.code);
      expect(await ownCode(app, a)).toBe(stored.code);
      expect(await ownCode(app, b)).not.toBe(stored.code);
    });

    it('makes the code of an existing user without one on first use, once under concurrency', async () => {
      const user = await signUpUser(app, 'older');
      await app.db.delete(referralCodes).where(eq(referralCodes.userSub, user.sub));
      const codes = await Promise.all(Array.from({ length: 5 }, () => ownCode(app, user)));
      expect(new Set(codes).size).toBe(1);
      expect(codes[0]).toMatch(/^[0-9A-F]{8}$/);
    });

    it('answers 401 without a session', async () => {
      for (const [method, url] of [
        ['GET', '/v1/referral/referralCode'],
        ['GET', '/v1/referral/referrerCode'],
        ['GET', '/v1/referral/stats'],
        ['GET', '/v1/referral/history'],
        ['POST', '/v1/referral/validate'],
      ] as const) {
        const answer = await api(
          app,
          undefined,
          method,
          url,
          method === 'POST' ? { referralCode: 'ABCDEF12' } : undefined,
        );
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({
          message: 'User needs to be authenticated to call this API.',
        });
      }
    });
  });

  describe('validation (spec §4 error codes, §8 reasons)', () => {
    let owner: TestUser;
    let caller: TestUser;
    let code: string;

    beforeAll(async () => {
      owner = await signUpUser(app, 'owner');
      caller = await signUpUser(app, 'caller');
      code = await ownCode(app, owner);
    });

    it('accepts a friend’s code, normalised (lower case, separators)', async () => {
      expect(await validate(app, caller, code)).toEqual({ isValid: true, error: '' });
      const messy = ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()} `;
      expect(await validate(app, caller, messy)).toEqual({ isValid: true, error: '' });
    });

    it.each([
      ['too short', 'abc', 'ABC'],
      ['not hexadecimal', 'ABCDEFGZ', 'ABCDEFGZ'],
      ['empty', '', ''],
    ])('refuses a code %s: syntax, INVALID_CODE 1', async (_label, input, normalised) => {
      expect(await validate(app, caller, input)).toEqual({
        isValid: false,
        error: `${prefix(normalised)}Code must be of 8 hexadecimal digits, e.g.: ABCDEF12`,
        errorCode: 1,
      });
    });

    it('refuses an unknown code: INVALID_CODE 1', async () => {
      const unknown = await unusedCode();
      expect(await validate(app, caller, unknown)).toEqual({
        isValid: false,
        error: `${prefix(unknown)}Unknown code`,
        errorCode: 1,
      });
    });

    it('refuses self-referral: SELF_REFERRAL 4', async () => {
      expect(await validate(app, owner, code)).toEqual({
        isValid: false,
        error: `${prefix(code)}you cannot use you're own referral code`,
        errorCode: 4,
      });
    });

    it('refuses an expired code: CODE_EXPIRED 2', async () => {
      const other = await signUpUser(app, 'expiring');
      const otherCode = await ownCode(app, other);
      await app.db
        .update(referralCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(referralCodes.userSub, other.sub));
      expect(await validate(app, caller, otherCode)).toEqual({
        isValid: false,
        error: `${prefix(otherCode)}expired`,
        errorCode: 2,
      });
    });

    it('refuses an inactive code, or one whose owner is not verified: INACTIVE_CODE 5', async () => {
      const switchedOff = await signUpUser(app, 'inactive');
      const offCode = await ownCode(app, switchedOff);
      await app.db
        .update(referralCodes)
        .set({ active: false })
        .where(eq(referralCodes.userSub, switchedOff.sub));
      const inactive = { isValid: false, error: `${prefix(offCode)}inactive`, errorCode: 5 };
      expect(await validate(app, caller, offCode)).toEqual(inactive);

      const unverified = await signUpUser(app, 'unverified');
      const unverifiedCode = await ownCode(app, unverified);
      await app.db.update(users).set({ emailVerified: false }).where(eq(users.sub, unverified.sub));
      expect(await validate(app, caller, unverifiedCode)).toEqual({
        ...inactive,
        error: `${prefix(unverifiedCode)}inactive`,
      });
    });

    it('refuses a caller not in good standing (a disputed purchase): USER_NOT_ELIGIBLE 6', async () => {
      const disputer = await signUpUser(app, 'disputer');
      await app.db.insert(purchases).values({
        checkoutSessionId: stripeId('cs_test'),
        userSub: disputer.sub,
        packId: 'starter',
        peanutsNano: 17e9,
        amountTotal: 271,
        currency: 'usd',
        state: 'disputed',
      });
      expect(await validate(app, disputer, code)).toEqual({
        isValid: false,
        error: `${prefix(code)}ineligible. See referral program conditions.`,
        errorCode: 6,
      });
    });

    it('refuses any code once the caller used one: CODE_ALREADY_USED 3', async () => {
      const referee = await signUpUser(app, 'usedone');
      expect(await referrerCode(app, referee)).toBeNull();
      await buy(app, referee, code);
      expect(await referrerCode(app, referee)).toBe(code);
      const another = await ownCode(app, caller);
      for (const tried of [code, another]) {
        expect(await validate(app, referee, tried)).toEqual({
          isValid: false,
          error: `${prefix(tried)}you have already used a referral code: ${code}`,
          errorCode: 3,
        });
      }
    });

    it('answers 400 without a referralCode in the body', async () => {
      const answer = await api(app, caller, 'POST', '/v1/referral/validate', {});
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: expect.stringContaining('referralCode') });
    });
  });

  describe('history and stats', () => {
    it('pages the history newest first with {nextToken, hasMore}', async () => {
      const referrer = await signUpUser(app, 'pager');
      const code = await ownCode(app, referrer);
      await buy(app, referrer);
      const referees: TestUser[] = [];
      for (let i = 0; i < 3; i += 1) {
        const referee = await signUpUser(app, `paged${i}`);
        await buy(app, referee, code);
        referees.push(referee);
      }
      const first = await history(app, referrer, '?limit=2');
      expect(first.history).toHaveLength(2);
      expect(first.pagination).toEqual({ nextToken: expect.any(String), hasMore: true });
      const second = await history(
        app,
        referrer,
        `?limit=2&nextToken=${first.pagination.nextToken}`,
      );
      expect(second.history).toHaveLength(1);
      expect(second.pagination).toEqual({ nextToken: null, hasMore: false });
      const all = [...first.history, ...second.history];
      expect(new Set(all.map((item) => item.relationshipId)).size).toBe(3);
      const times = all.map((item) => Date.parse(item.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      for (const item of all) {
        expect(item).toEqual({
          relationshipId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          referralCode: code,
          createdAt: expect.any(String),
          referrerReward: 5,
          refereeReward: 5,
          role: 'referrer',
          status: 'rewarded',
        });
      }
      expect(await stats(app, referrer)).toEqual({ totalReferrals: 3, totalRewardsEarned: 15 });
      // The default page is 10 items.
      expect((await history(app, referrer)).history).toHaveLength(3);
      // Each referee sees their own referral only.
      const own = await history(app, referees[0]);
      expect(own.history).toEqual([
        expect.objectContaining({ role: 'referee', referralCode: code }),
      ]);
    });

    it("never shows another user's referrals", async () => {
      const referrer = await signUpUser(app, 'private');
      const referee = await signUpUser(app, 'privatee');
      const outsider = await signUpUser(app, 'outsider');
      await buy(app, referrer);
      await buy(app, referee, await ownCode(app, referrer));
      expect((await history(app, referrer)).history).toHaveLength(1);
      expect(await history(app, outsider)).toEqual({
        history: [],
        pagination: { nextToken: null, hasMore: false },
      });
      expect(await stats(app, outsider)).toEqual({ totalReferrals: 0, totalRewardsEarned: 0 });
      // A token of another user's page does not reveal their rows either.
      const rows = await app.db.select({ seq: referrals.seq }).from(referrals);
      const beyond = Math.max(...rows.map((row) => row.seq)) + 1;
      expect((await history(app, outsider, `?nextToken=${beyond}`)).history).toEqual([]);
    });

    it.each([
      ['?limit=0'],
      ['?limit=101'],
      ['?limit=Infinity'],
      ['?limit=-Infinity'],
      ['?limit=1e309'],
      ['?nextToken=abc'],
      ['?nextToken=-1'],
    ])('answers 400 to the query %s', async (query) => {
      const user = await signUpUser(app, 'badquery');
      const answer = await api(app, user, 'GET', `/v1/referral/history${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: expect.any(String) });
    });
  });
});

describe('referral programme switched off (REFERRAL_ENABLED=false)', () => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildVpnApp(database, { REFERRAL_ENABLED: 'false' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it("answers 'Referral service is currently disabled.' and ignores codes at checkout", async () => {
    const referrer = await signUpUser(app, 'offa');
    const referee = await signUpUser(app, 'offb');
    const [{ code }] = await app.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.userSub, referrer.sub));
    expect(await validate(app, referee, code)).toEqual({
      isValid: false,
      error: 'Referral service is currently disabled.',
      errorCode: 0,
    });
    for (const url of ['referralCode', 'referrerCode', 'stats', 'history']) {
      const answer = await api(app, referee, 'GET', `/v1/referral/${url}`);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'Referral service is currently disabled.' });
    }
    await buy(app, referrer);
    expect((await buy(app, referee, code)).outcome).toBe('applied');
    expect(await app.db.select().from(referrals)).toEqual([]);
    const config = await app.inject({ method: 'GET', url: '/app-config.json' });
    expect(config.json()).toMatchObject({
      referral: { enabled: false, rewardPeanuts: 5, holdSeconds: 0 },
    });
  });
});
