/**
 * The referral programme (spec §1 terms, §3, §4, §7): codes, validation, referrals made
 * by a paid purchase carrying a code, rewards credited to the ledger after the hold period, and
 * withheld or reversed when the qualifying purchase is refunded or disputed.
 *
 * Where things are: this file composes `ReferralService` (its types in types.ts, re-exported
 * here) and holds the code reads; facts.ts reads what rules.ts decides over; rewards.ts keeps
 * the reward bookkeeping; queries.ts answers stats and history.
 *
 * Crash safety and concurrency: a referral is one row per referee (unique), written in the
 * purchase's own transaction; each reward is a ledger entry with a unique key
 * (`referral_reward:<relationshipId>:<side>`), and each release runs in a transaction holding
 * the referral's row lock. So two first purchases arriving at once make one referral and one
 * reward per side, and a release interrupted by a crash is redone by the next sweep.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../ledger/service';
import { checkCode, usedCodeOf } from './facts';
import { readHistory, readStats } from './queries';
import { createRewards } from './rewards';
import { referralCodes } from './schema';
import type { ReferralDeps, ReferralService } from './types';

export type { ReferralDeps, ReferralService } from './types';

/** Makes the referral service over its dependencies. */
export function createReferral(deps: ReferralDeps): ReferralService {
  const { db, settings } = deps;
  const clock = deps.clock ?? Date.now;

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

  return {
    ownCode,

    referrerCode: async (userSub) => (await usedCodeOf(db, userSub)) ?? null,

    validate: async (userSub, input) =>
      (
        await checkCode(
          db,
          { enabled: settings.enabled, emailHashKey: deps.emailHashKey, clock },
          userSub,
          input,
        )
      ).result,

    stats: (userSub) => readStats(db, userSub),

    history: (userSub, limit, nextToken) => readHistory(db, userSub, limit, nextToken),

    ...createRewards({ ...deps, clock }),
  };
}
