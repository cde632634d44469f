/**
 * An account's notice settings (core/notices.ts): read with the defaults filled in, changed in
 * one upsert. Changing the low-balance threshold sets its state back to "not looked at", so the
 * next low-balance pass (service.ts) arms it only when the balance is at or above the new
 * threshold: a threshold set above the balance sends nothing until the balance has been above it.
 */
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTICES, type AccountNotices, type AccountNoticesPatch } from '../../core/notices';
import { fromNano, toNano } from '../../core/peanuts';
import type { Database } from '../db';
import { noticeSettings, type NoticeSettingsRow } from './schema';

/** Reads and changes the notice settings of one account at a time. */
export interface NoticeSettingsService {
  /** The settings of `userSub`, defaults for those never set. */
  get(userSub: string): Promise<AccountNotices>;
  /** Sets the fields of `patch` (validated by the route's schema) and answers the whole set. */
  update(userSub: string, patch: AccountNoticesPatch): Promise<AccountNotices>;
}

/** The settings of a row, or the defaults without one. */
export function toNotices(
  row: Pick<NoticeSettingsRow, 'vpnEnded' | 'lowBalanceBelowNano'> | undefined,
): AccountNotices {
  if (!row) return { ...DEFAULT_NOTICES };
  return {
    vpnEnded: row.vpnEnded,
    lowBalanceBelow: row.lowBalanceBelowNano === null ? null : fromNano(row.lowBalanceBelowNano),
  };
}

/** The columns `patch` sets. */
function columnsOf(patch: AccountNoticesPatch): Partial<NoticeSettingsRow> {
  const columns: Partial<NoticeSettingsRow> = {};
  if (patch.vpnEnded !== undefined) columns.vpnEnded = patch.vpnEnded;
  if (patch.lowBalanceBelow !== undefined) {
    columns.lowBalanceBelowNano =
      patch.lowBalanceBelow === null ? null : toNano(patch.lowBalanceBelow);
    // A new threshold is looked at afresh by the next pass.
    columns.lowBalanceArmed = null;
  }
  return columns;
}

/** Makes the service over `db`. */
export function createNoticeSettings(db: Database): NoticeSettingsService {
  return {
    async get(userSub) {
      const [row] = await db
        .select()
        .from(noticeSettings)
        .where(eq(noticeSettings.userSub, userSub));
      return toNotices(row);
    },
    async update(userSub, patch) {
      const columns = columnsOf(patch);
      const [row] = await db
        .insert(noticeSettings)
        .values({ userSub, ...columns })
        .onConflictDoUpdate({
          target: noticeSettings.userSub,
          set: { ...columns, updatedAt: sql`now()` },
        })
        .returning();
      return toNotices(row);
    },
  };
}
