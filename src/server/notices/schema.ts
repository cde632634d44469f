/**
 * The tables of the email notices (notices/service.ts; drizzle-orm, PostgreSQL dialect):
 * db/schema.ts re-exports them so that drizzle-kit generates their migration with the rest.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

/**
 * One row per account that changed a notice setting (core/notices.ts), or whose low-balance
 * threshold the notices pass looked at; an account without a row has the defaults. Goes with the
 * account.
 */
export const noticeSettings = pgTable('notice_settings', {
  /** The owner. */
  userSub: uuid('user_sub')
    .primaryKey()
    .references(() => users.sub, { onDelete: 'cascade' }),
  /** Mail when one of their VPNs ends on its own. */
  vpnEnded: boolean('vpn_ended').notNull().default(true),
  /** Mail when the balance falls below this, nano-peanuts; null: off. */
  lowBalanceBelowNano: bigint('low_balance_below_nano', { mode: 'number' }),
  /**
   * The low-balance notice's state: true (armed) while the balance was last seen at or above the
   * threshold; false once its notice went out (or the balance was already below when the
   * threshold was set), until the balance is back at or above it; null: not looked at since the
   * threshold was set.
   */
  lowBalanceArmed: boolean('low_balance_armed'),
  /**
   * Times the low-balance notice was armed: the number in the key of its next notice
   * (`low-balance:<sub>:<n>`), so each crossing is told once.
   */
  lowBalanceCrossings: integer('low_balance_crossings').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A row of `notice_settings`. */
export type NoticeSettingsRow = typeof noticeSettings.$inferSelect;

/**
 * The notices sent (or being sent): a unique key per event, inserted with ON CONFLICT DO NOTHING
 * before the mail goes out, so that an event is told at most once whatever the number of
 * processes and however often a pass runs: `vpn-ended:<vpnId>`, `low-balance:<sub>:<n>`. Goes
 * with the account.
 */
export const noticesSent = pgTable(
  'notices_sent',
  {
    /** The event, e.g. `vpn-ended:1710931200000@eu-west-3`. */
    key: text('key').primaryKey(),
    /** The person told. */
    userSub: uuid('user_sub')
      .notNull()
      .references(() => users.sub, { onDelete: 'cascade' }),
    /** `vpn-ended` or `low-balance`. */
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('notices_sent_user_sub_idx').on(table.userSub)],
);

/** A row of `notices_sent`. */
export type NoticeSentRow = typeof noticesSent.$inferSelect;
