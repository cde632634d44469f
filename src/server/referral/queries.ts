/**
 * The read side of the referral programme (spec §3, §7): a user's statistics and
 * history, over the referrals they take part in (either side) and their ledger entries.
 */
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { fromNano, roundPeanuts } from '../../core/peanuts';
import type { ReferralHistoryResponse, ReferralStats } from '../../core/referral';
import { ledgerEntries } from '../db/schema';
import type { Executor } from '../ledger/service';
import { referrals } from './schema';

/** The peanuts of a nano amount, rounded to 2 decimals for the API (spec §9). */
const peanuts = (nano: number) => roundPeanuts(fromNano(nano));

/**
 * `GET /v1/referral/stats` of `userSub`: the referrals they take part in that are not reversed
 * (nor, as the referrer, forfeited: rewards.ts `forfeitReferrer`), and the peanuts the programme credited to them net of reversals.
 */
export async function readStats(db: Executor, userSub: string): Promise<ReferralStats> {
  const [counted] = await db
    .select({ count: sql<string>`count(*)` })
    .from(referrals)
    .where(
      and(
        or(
          eq(referrals.refereeSub, userSub),
          and(eq(referrals.referrerSub, userSub), isNull(referrals.referrerForfeitedAt)),
        ),
        ne(referrals.state, 'reversed'),
      ),
    );
  const [earned] = await db
    .select({ total: sql<string | null>`sum(${ledgerEntries.amountNano})` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userSub, userSub),
        inArray(ledgerEntries.kind, ['referral_reward', 'referral_reversal']),
      ),
    );
  return {
    totalReferrals: Number(counted?.count ?? 0),
    totalRewardsEarned: peanuts(Number(earned?.total ?? 0)),
  };
}

/**
 * `GET /v1/referral/history` of `userSub`: up to `limit` of their referrals (either side),
 * newest first, older than the page whose `nextToken` is given. Rewards read 0 once reversed.
 */
export async function readHistory(
  db: Executor,
  userSub: string,
  limit: number,
  nextToken?: string,
): Promise<ReferralHistoryResponse> {
  const before = nextToken === undefined ? undefined : Number(nextToken);
  const rows = await db
    .select()
    .from(referrals)
    .where(
      and(
        or(eq(referrals.referrerSub, userSub), eq(referrals.refereeSub, userSub)),
        before === undefined ? undefined : lt(referrals.seq, before),
      ),
    )
    .orderBy(sql`${referrals.seq} DESC`)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    history: page.map((row) => {
      const role = row.refereeSub === userSub ? ('referee' as const) : ('referrer' as const);
      const forfeited = row.referrerForfeitedAt !== null;
      // The referrer's side forfeited reads reversed to the referrer.
      const reversed = row.state === 'reversed' || (forfeited && role === 'referrer');
      return {
        relationshipId: row.id,
        referralCode: row.code,
        createdAt: row.createdAt.toISOString(),
        referrerReward: reversed || forfeited ? 0 : peanuts(row.referrerRewardNano),
        refereeReward: reversed ? 0 : peanuts(row.refereeRewardNano),
        role,
        status: reversed
          ? ('reversed' as const)
          : row.state === 'rewarded'
            ? ('rewarded' as const)
            : ('pending' as const),
      };
    }),
    pagination: { nextToken: hasMore ? String(page[page.length - 1].seq) : null, hasMore },
  };
}
