/**
 * The referral programme's reward bookkeeping (spec §1 terms, §3): recording the
 * referral a paid purchase's code makes, crediting each side's reward once the hold period is
 * over and the conditions (rules.ts `mayRelease`) are met, withholding or reversing them when the
 * qualifying purchase is refunded or disputed, and an account's side going with the account.
 *
 * Crash safety and concurrency: see service.ts. Each reward is a ledger entry with a unique key
 * (rules.ts `rewardKey`), and each release runs in a transaction holding the referral's row lock.
 */
import { and, asc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import { purchases } from '../db/schema';
import type { Executor } from '../ledger/service';
import { accountsOf, checkCode, emailHashOf, usedCodeOf } from './facts';
import { refereeEmails, referrals, type ReferralRow } from './schema';
import { mayRelease, reversalKey, rewardKey } from './rules';
import type { ReferralDeps, ReferralService } from './types';

/** The reward-bookkeeping half of `ReferralService`. */
export type ReferralRewards = Pick<
  ReferralService,
  'onPurchaseCredited' | 'onPurchaseReversed' | 'releaseDue' | 'onUserDeleted'
>;

/**
 * The two sides of a referral: who (null once that account is deleted), the reward in
 * nano-peanuts, when it was credited (null: not yet, or withheld) and whether it was forfeited
 * (the referrer's).
 */
function sidesOf(row: ReferralRow) {
  return [
    {
      side: 'referee',
      sub: row.refereeSub,
      nano: row.refereeRewardNano,
      at: row.refereeRewardedAt,
      forfeited: false,
    },
    {
      side: 'referrer',
      sub: row.referrerSub,
      nano: row.referrerRewardNano,
      at: row.referrerRewardedAt,
      forfeited: row.referrerForfeitedAt !== null,
    },
  ] as const;
}

/**
 * Makes the reward bookkeeping over `deps`, whose `clock` (now in epoch milliseconds) is
 * resolved by the caller.
 */
export function createRewards(deps: ReferralDeps & { clock: () => number }): ReferralRewards {
  const { db, ledger, settings, clock } = deps;

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
    for (const { side, sub, nano, at, forfeited } of sides) {
      const account = sub === null ? undefined : accounts.get(sub);
      const due = mayRelease({
        holdOver: row.releaseAt.getTime() <= now.getTime(),
        purchasePaid: purchase?.state === 'paid',
        account,
        hasBought: account?.hasBought ?? false,
        credited: at !== null,
        forfeited,
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
      (rewardedAt.referrer !== null ||
        row.referrerSub === null ||
        row.referrerForfeitedAt !== null);
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

  /**
   * The referee's side: the referrals whose qualifying purchase is `sessionId` are
   * reversed, their credited rewards (both sides) debited, the held ones withheld for good.
   */
  const reverseReferee = async (tx: Executor, sessionId: string): Promise<void> => {
    const rows = await tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.sessionId, sessionId), ne(referrals.state, 'reversed')))
      .orderBy(asc(referrals.seq))
      .for('update');
    for (const row of rows) {
      const sides = sidesOf(row);
      for (const { side, sub, nano, at, forfeited } of sides) {
        // Never credited: withheld; forfeited: debited already.
        if (at === null || sub === null || forfeited) continue;
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
  };

  /**
   * The referrer's side (spec §1 "the referrer must have bought a pack"): when the
   * buyer of `sessionId` has no qualifying purchase left (facts.ts `hasBought`), their side of
   * every referral they made that is not reversed is forfeited: a credited reward is debited
   * (`referral_reversal`), a held one withheld for good. As on the referee's side, buying again
   * later revives none of them (a won dispute neither); referrals made with their code after
   * this wait for their next purchase, as those of a referrer who never bought do.
   */
  const forfeitReferrer = async (tx: Executor, sessionId: string): Promise<void> => {
    const [purchase] = await tx
      .select({ userSub: purchases.userSub })
      .from(purchases)
      .where(eq(purchases.checkoutSessionId, sessionId));
    if (!purchase) return;
    const referrerSub = purchase.userSub;
    if ((await accountsOf(tx, [referrerSub])).get(referrerSub)?.hasBought !== false) return;
    const rows = await tx
      .select()
      .from(referrals)
      .where(
        and(
          eq(referrals.referrerSub, referrerSub),
          ne(referrals.state, 'reversed'),
          isNull(referrals.referrerForfeitedAt),
        ),
      )
      .orderBy(asc(referrals.seq))
      .for('update');
    const now = new Date(clock());
    for (const row of rows) {
      if (row.referrerRewardedAt !== null) {
        await ledger.append(
          {
            userSub: referrerSub,
            amountNano: -row.referrerRewardNano,
            kind: 'referral_reversal',
            key: reversalKey(row.id, 'referrer'),
          },
          tx,
        );
      }
      const refereeDone = row.refereeRewardedAt !== null || row.refereeSub === null;
      await tx
        .update(referrals)
        .set({ referrerForfeitedAt: now, state: refereeDone ? 'rewarded' : row.state })
        .where(eq(referrals.seq, row.seq));
    }
  };

  return {
    async onPurchaseCredited(purchase, tx) {
      let refused = '';
      if (purchase.referralCode !== undefined && settings.enabled) {
        const { result, code, referrerSub, callerEmailHash } = await checkCode(
          tx,
          { enabled: settings.enabled, emailHashKey: deps.emailHashKey, clock },
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
      await reverseReferee(tx, sessionId);
      await forfeitReferrer(tx, sessionId);
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
        const hash = await emailHashOf(tx, deps.emailHashKey, userSub);
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
