/**
 * The referral programme (issue 9, spec §1 terms, §3, §4, §7): codes, validation, referrals made
 * by a paid purchase carrying a code, rewards credited to the ledger after the hold period, and
 * withheld or reversed when the qualifying purchase is refunded or disputed.
 *
 * Crash safety and concurrency: a referral is one row per referee (unique), written in the
 * purchase's own transaction; each reward is a ledger entry with a unique key
 * (`referral_reward:<relationshipId>:<side>`), and each release runs in a transaction holding
 * the referral's row lock. So two first purchases arriving at once make one referral and one
 * reward per side, and a release interrupted by a crash is redone by the next sweep.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  normaliseReferralCode,
  type ReferralHistoryResponse,
  type ReferralStats,
  type ReferralValidation,
} from '../../core/referral';
import type { Database } from '../db';
import { purchases, users } from '../db/schema';
import { emailHash } from '../identity/secrets';
import type { Executor, LedgerService } from '../plugins/services/ledger';
import { readHistory, readStats } from './queries';
import { refereeEmails, referralCodes, referrals, type ReferralRow } from './schema';
import {
  mayRelease,
  reversalKey,
  rewardKey,
  validateReferralCode,
  type AccountFacts,
  type CodeFacts,
} from './rules';

/** The programme's settings (REFERRAL_ENABLED, REFERRAL_REWARD_PEANUTS, REFERRAL_HOLD_S). */
export interface ReferralSettings {
  /** False switches the programme off. */
  enabled: boolean;
  /** Nano-peanuts to each side. */
  rewardNano: number;
  /** Hold period in milliseconds. */
  holdMs: number;
}

/** What the referral service needs. */
export interface ReferralDeps {
  db: Database;
  ledger: LedgerService;
  settings: ReferralSettings;
  /** The server secret of identity/secrets.ts `emailHash` (the `referee_emails` record). */
  emailHashKey: Buffer;
  /** Now in epoch milliseconds (default Date.now). */
  clock?: () => number;
}

/** A purchase just credited, as the billing service reports it. */
export interface CreditedPurchase {
  /** Checkout session id. */
  sessionId: string;
  /** The buyer. */
  userSub: string;
  /** The code that came with it (client_reference_id after the sub), when any. */
  referralCode: string | undefined;
}

/** The referral operations. */
export interface ReferralService {
  /** The caller's own code, made on first use (spec §7 GET /v1/referral/referralCode). */
  ownCode(userSub: string, tx?: Executor): Promise<string>;
  /** The code the caller used, or null. */
  referrerCode(userSub: string): Promise<string | null>;
  /** Whether the caller may use `input` (spec §4, §8 reasons). */
  validate(userSub: string, input: string): Promise<ReferralValidation>;
  /** The caller's statistics. */
  stats(userSub: string): Promise<ReferralStats>;
  /** The caller's referrals (either side), newest first; `nextToken` from the previous page. */
  history(userSub: string, limit: number, nextToken?: string): Promise<ReferralHistoryResponse>;
  /**
   * In the purchase's transaction: records the referral its code makes (when valid), then
   * credits the rewards now due to the buyer's referrals on either side. Answers why a code was
   * refused ('' when recorded or none).
   */
  onPurchaseCredited(purchase: CreditedPurchase, tx: Executor): Promise<string>;
  /** In the refund's or dispute's transaction: withholds or reverses its referral's rewards. */
  onPurchaseReversed(sessionId: string, tx: Executor): Promise<void>;
  /**
   * Credits every held reward now due (the hold period over, the conditions met), each referral
   * in its own transaction. Answers the number of rewards credited. `atMs` defaults to now.
   */
  releaseDue(atMs?: number): Promise<number>;
  /** In the account-deleting transaction: the account's side of its referrals goes. */
  onUserDeleted(userSub: string, tx: Executor): Promise<void>;
}

/**
 * The two sides of a referral: who (null once that account is deleted), the reward in
 * nano-peanuts and when it was credited (null: not yet, or withheld).
 */
function sidesOf(row: ReferralRow) {
  return [
    {
      side: 'referee',
      sub: row.refereeSub,
      nano: row.refereeRewardNano,
      at: row.refereeRewardedAt,
    },
    {
      side: 'referrer',
      sub: row.referrerSub,
      nano: row.referrerRewardNano,
      at: row.referrerRewardedAt,
    },
  ] as const;
}

/** Makes the referral service over its dependencies. */
export function createReferral(deps: ReferralDeps): ReferralService {
  const { db, ledger, settings } = deps;
  const clock = deps.clock ?? Date.now;

  /** The standing of each of `subs` (absent: no such account) and whether it has bought. */
  const accountsOf = async (tx: Executor, subs: string[]) => {
    const facts = new Map<string, AccountFacts & { hasBought: boolean }>();
    if (subs.length === 0) return facts;
    const rows = await tx
      .select({
        sub: users.sub,
        verified: sql<boolean>`${users.confirmed} AND ${users.emailVerified}`,
        disputed: sql<boolean>`EXISTS (SELECT 1 FROM ${purchases} WHERE ${purchases.userSub} = ${users.sub} AND ${purchases.state} = 'disputed')`,
        hasBought: sql<boolean>`EXISTS (SELECT 1 FROM ${purchases} WHERE ${purchases.userSub} = ${users.sub} AND ${purchases.state} = 'paid')`,
      })
      .from(users)
      .where(inArray(users.sub, subs));
    for (const row of rows) {
      facts.set(row.sub, {
        verified: Boolean(row.verified),
        disputed: Boolean(row.disputed),
        hasBought: Boolean(row.hasBought),
      });
    }
    return facts;
  };

  const codeOf = async (tx: Executor, userSub: string) => {
    const [row] = await tx
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userSub, userSub));
    return row?.code;
  };

  const ownCode = async (userSub: string, tx: Executor = db): Promise<string> => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const existing = await codeOf(tx, userSub);
      if (existing) return existing;
      const code = randomBytes(4).toString('hex').toUpperCase();
      // A clash on the code (1 in 4 billion per code held) or a concurrent first use: try again.
      await tx.insert(referralCodes).values({ userSub, code }).onConflictDoNothing();
    }
    throw new Error('could not make a unique referral code');
  };

  const usedCodeOf = async (tx: Executor, userSub: string) => {
    const [row] = await tx
      .select({ code: referrals.code })
      .from(referrals)
      .where(eq(referrals.refereeSub, userSub));
    return row?.code;
  };

  /** The keyed hash of `userSub`'s email address (undefined: no such account). */
  const emailHashOf = async (tx: Executor, userSub: string) => {
    const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.sub, userSub));
    return row && emailHash(deps.emailHashKey, row.email);
  };

  /** True when the address of `hash` was a referee before (on an account since deleted). */
  const wasReferee = async (tx: Executor, hash: string | undefined) => {
    if (hash === undefined) return false;
    const [row] = await tx
      .select({ emailHash: refereeEmails.emailHash })
      .from(refereeEmails)
      .where(eq(refereeEmails.emailHash, hash));
    return row !== undefined;
  };

  /**
   * The validation of `input` for `userSub`, with the code's owner when found and the caller's
   * email hash.
   */
  const check = async (tx: Executor, userSub: string, input: string) => {
    const code = normaliseReferralCode(input);
    const [found] = await tx.select().from(referralCodes).where(eq(referralCodes.code, code));
    const accounts = await accountsOf(tx, found ? [userSub, found.userSub] : [userSub]);
    const codeFacts: CodeFacts | undefined = found && {
      ownerSub: found.userSub,
      active: found.active,
      expiresAt: found.expiresAt,
      owner: accounts.get(found.userSub),
    };
    const callerEmailHash = await emailHashOf(tx, userSub);
    const result = validateReferralCode(input, {
      enabled: settings.enabled,
      callerSub: userSub,
      caller: accounts.get(userSub),
      usedCode: await usedCodeOf(tx, userSub),
      emailWasReferee: await wasReferee(tx, callerEmailHash),
      code: codeFacts,
      now: new Date(clock()),
    });
    return { result, code, referrerSub: found?.userSub, callerEmailHash };
  };

  /**
   * Credits what is due on the referral `row` (locked by the caller's transaction `tx`), at
   * `now`; marks it `rewarded` once both sides have their reward (or are gone). Answers the
   * number of rewards credited.
   */
  const releaseRow = async (tx: Executor, row: ReferralRow, now: Date): Promise<number> => {
    const [purchase] = await tx
      .select({ state: purchases.state })
      .from(purchases)
      .where(eq(purchases.checkoutSessionId, row.sessionId));
    const subs = [row.refereeSub, row.referrerSub].filter((sub): sub is string => sub !== null);
    const accounts = await accountsOf(tx, subs);
    const sides = sidesOf(row);
    let credited = 0;
    const rewardedAt: { referee: Date | null; referrer: Date | null } = {
      referee: row.refereeRewardedAt,
      referrer: row.referrerRewardedAt,
    };
    for (const { side, sub, nano, at } of sides) {
      const account = sub === null ? undefined : accounts.get(sub);
      const due = mayRelease({
        holdOver: row.releaseAt.getTime() <= now.getTime(),
        purchasePaid: purchase?.state === 'paid',
        account,
        hasBought: account?.hasBought ?? false,
        credited: at !== null,
      });
      if (!due || sub === null) continue;
      const key = rewardKey(row.id, side);
      if (
        await ledger.append({ userSub: sub, amountNano: nano, kind: 'referral_reward', key }, tx)
      ) {
        credited += 1;
      }
      rewardedAt[side] = now;
    }
    const done =
      (rewardedAt.referee !== null || row.refereeSub === null) &&
      (rewardedAt.referrer !== null || row.referrerSub === null);
    if (credited > 0 || done) {
      await tx
        .update(referrals)
        .set({
          refereeRewardedAt: rewardedAt.referee,
          referrerRewardedAt: rewardedAt.referrer,
          state: done ? 'rewarded' : 'held',
        })
        .where(eq(referrals.seq, row.seq));
    }
    return credited;
  };

  /** Locks and releases the held referrals of `userSub` (either side) that are due. */
  const releaseFor = async (tx: Executor, userSub: string): Promise<void> => {
    const now = new Date(clock());
    const rows = await tx
      .select()
      .from(referrals)
      .where(
        and(
          eq(referrals.state, 'held'),
          lte(referrals.releaseAt, now),
          or(eq(referrals.refereeSub, userSub), eq(referrals.referrerSub, userSub)),
        ),
      )
      .orderBy(asc(referrals.seq))
      .for('update');
    for (const row of rows) await releaseRow(tx, row, now);
  };

  return {
    ownCode,

    referrerCode: async (userSub) => (await usedCodeOf(db, userSub)) ?? null,

    validate: async (userSub, input) => (await check(db, userSub, input)).result,

    stats: (userSub) => readStats(db, userSub),

    history: (userSub, limit, nextToken) => readHistory(db, userSub, limit, nextToken),

    async onPurchaseCredited(purchase, tx) {
      let refused = '';
      if (purchase.referralCode !== undefined && settings.enabled) {
        const { result, code, referrerSub, callerEmailHash } = await check(
          tx,
          purchase.userSub,
          purchase.referralCode,
        );
        if (result.isValid && referrerSub !== undefined && callerEmailHash !== undefined) {
          // The address is a referee for good, even after the account is deleted.
          await tx
            .insert(refereeEmails)
            .values({ emailHash: callerEmailHash })
            .onConflictDoNothing();
          // Unique per referee: of two first purchases at once, the second writes nothing.
          await tx
            .insert(referrals)
            .values({
              refereeSub: purchase.userSub,
              referrerSub,
              code,
              sessionId: purchase.sessionId,
              referrerRewardNano: settings.rewardNano,
              refereeRewardNano: settings.rewardNano,
              releaseAt: new Date(clock() + settings.holdMs),
            })
            .onConflictDoNothing({ target: referrals.refereeSub });
        } else {
          refused = result.error;
        }
      }
      await releaseFor(tx, purchase.userSub);
      return refused;
    },

    async onPurchaseReversed(sessionId, tx) {
      const rows = await tx
        .select()
        .from(referrals)
        .where(and(eq(referrals.sessionId, sessionId), ne(referrals.state, 'reversed')))
        .orderBy(asc(referrals.seq))
        .for('update');
      for (const row of rows) {
        const sides = sidesOf(row);
        for (const { side, sub, nano, at } of sides) {
          if (at === null || sub === null) continue; // never credited: withheld
          await ledger.append(
            {
              userSub: sub,
              amountNano: -nano,
              kind: 'referral_reversal',
              key: reversalKey(row.id, side),
            },
            tx,
          );
        }
        await tx.update(referrals).set({ state: 'reversed' }).where(eq(referrals.seq, row.seq));
      }
    },

    async releaseDue(atMs) {
      const now = new Date(atMs ?? clock());
      let credited = 0;
      let after = 0;
      for (;;) {
        const batch = await db
          .select({ seq: referrals.seq })
          .from(referrals)
          .where(
            and(
              eq(referrals.state, 'held'),
              lte(referrals.releaseAt, now),
              gt(referrals.seq, after),
            ),
          )
          .orderBy(asc(referrals.seq))
          .limit(100);
        for (const { seq } of batch) {
          credited += await db.transaction(async (tx) => {
            const [row] = await tx
              .select()
              .from(referrals)
              .where(and(eq(referrals.seq, seq), eq(referrals.state, 'held')))
              .for('update');
            return row ? releaseRow(tx, row, now) : 0;
          });
        }
        if (batch.length < 100) return credited;
        after = batch[batch.length - 1].seq;
      }
    },

    async onUserDeleted(userSub, tx) {
      // A referee's address stays a referee (also for referrals recorded before `referee_emails`).
      if ((await usedCodeOf(tx, userSub)) !== undefined) {
        const hash = await emailHashOf(tx, userSub);
        if (hash !== undefined) {
          await tx.insert(refereeEmails).values({ emailHash: hash }).onConflictDoNothing();
        }
      }
      // The referee's qualifying purchase goes with the account: its held rewards are withheld.
      await tx
        .update(referrals)
        .set({ state: 'reversed' })
        .where(and(eq(referrals.refereeSub, userSub), eq(referrals.state, 'held')));
      // Rows whose other side is gone already go now; the rest lose this side (ON DELETE SET NULL).
      await tx
        .delete(referrals)
        .where(
          or(
            and(eq(referrals.refereeSub, userSub), isNull(referrals.referrerSub)),
            and(eq(referrals.referrerSub, userSub), isNull(referrals.refereeSub)),
          ),
        );
    },
  };
}
