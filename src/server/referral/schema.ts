/**
 * Tables of the referral programme (drizzle-orm, PostgreSQL dialect). db/schema.ts
 * re-exports them so that drizzle-kit generates their migration with the rest. Rewards
 * themselves live only in the ledger (`referral_reward:<id>:<side>` entries).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

/** Options of every timestamp column: with time zone, as JS Dates. */
const tz = { withTimezone: true, mode: 'date' } as const;

/**
 * Each user's own code (spec §3 "Referral code"): 8 uppercase hexadecimal digits, unique; made
 * at sign-up confirmation, or on first use for older accounts. Goes with the account.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    /** The owner. */
    userSub: uuid('user_sub')
      .primaryKey()
      .references(() => users.sub, { onDelete: 'cascade' }),
    /** The code, e.g. `ABCDEF12`. */
    code: text('code').notNull().unique(),
    /** False makes the code 'inactive' (an operator's switch). */
    active: boolean('active').notNull().default(true),
    /** After this instant the code is 'expired'; null: never. */
    expiresAt: timestamp('expires_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (table) => [check('referral_codes_code_check', sql`${table.code} ~ '^[0-9A-F]{8}$'`)],
);

/** A row of `referral_codes`. */
export type ReferralCodeRow = typeof referralCodes.$inferSelect;

/** The states of a referral. */
export const REFERRAL_STATES = ['held', 'rewarded', 'reversed'] as const;
/** A referral state. */
export type ReferralState = (typeof REFERRAL_STATES)[number];

/**
 * One referral (spec §3 "Referral history item"): a referee's paid purchase that carried a
 * referrer's valid code. At most one per referee (a code is used once per referee, the referee
 * reward is granted once per account). `held` until both rewards are credited (after the hold
 * period, and once the referrer has bought a pack), `rewarded` then; `reversed` when the
 * qualifying purchase is refunded or disputed (rewards withheld, or debited back).
 *
 * Deleting an account nulls its side (the other side keeps its history); the row goes when
 * both sides are gone.
 */
export const referrals = pgTable(
  'referrals',
  {
    /** Order of creation: the history's cursor. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** The relationshipId (spec §3). */
    id: uuid('id').notNull().unique().defaultRandom(),
    /** The referee: unique, so one referral per account. Null once that account is deleted. */
    refereeSub: uuid('referee_sub')
      .unique()
      .references(() => users.sub, { onDelete: 'set null' }),
    /** The code's owner. Null once that account is deleted. */
    referrerSub: uuid('referrer_sub').references(() => users.sub, { onDelete: 'set null' }),
    /** The code used. */
    code: text('code').notNull(),
    /** The referee's purchase that qualified (a checkout session id). */
    sessionId: text('session_id').notNull(),
    /** Nano-peanuts to the referrer (the setting when the referral was made). */
    referrerRewardNano: bigint('referrer_reward_nano', { mode: 'number' }).notNull(),
    /** Nano-peanuts to the referee. */
    refereeRewardNano: bigint('referee_reward_nano', { mode: 'number' }).notNull(),
    /** `held`, `rewarded` or `reversed`. */
    state: text('state').notNull().default('held'),
    /** Rewards are not credited before this instant (the hold period). */
    releaseAt: timestamp('release_at', tz).notNull(),
    /** When the referrer's reward was credited; null before. */
    referrerRewardedAt: timestamp('referrer_rewarded_at', tz),
    /** When the referee's reward was credited; null before. */
    refereeRewardedAt: timestamp('referee_rewarded_at', tz),
    /**
     * When the referrer's side was forfeited: their last qualifying purchase was
     * refunded or disputed, so their reward is withheld for good (debited if credited); null
     * while it stands.
     */
    referrerForfeitedAt: timestamp('referrer_forfeited_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerSub, table.seq.desc()),
    index('referrals_session_idx').on(table.sessionId),
    index('referrals_held_idx')
      .on(table.releaseAt)
      .where(sql`${table.state} = 'held'`),
    check(
      'referrals_state_check',
      sql`${table.state} IN (${sql.raw(REFERRAL_STATES.map((state) => `'${state}'`).join(', '))})`,
    ),
  ],
);

/** A row of `referrals`. */
export type ReferralRow = typeof referrals.$inferSelect;

/**
 * The email addresses whose account has been a referee (spec §1: "the referee reward is granted
 * once per account", "multiple accounts are prohibited"): kept after the account is deleted, so
 * an address signed up again cannot be referred again. Stored only as the keyed hash of
 * secrets/index.ts `emailHash`, never in clear (like `signup_bonus_grants`).
 */
export const refereeEmails = pgTable('referee_emails', {
  /** HMAC-SHA256 of the normalised address, hex. */
  emailHash: text('email_hash').primaryKey(),
  /** When its referral was recorded. */
  referredAt: timestamp('referred_at', tz).notNull().defaultNow(),
});
