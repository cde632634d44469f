/**
 * Rules of the referral history table (spec §2 "History table", §4, §5, §9): the date filter with
 * its inclusive end day, sorting, summaries, the Load More rule and the display formats.
 */
import type { ReferralHistoryItem } from '../../../sdk/referral';
import { REFERRAL_TEXT } from './referralText';

/** Rows per table page (spec §9). */
export const HISTORY_PAGE_SIZE = 10;
/** What the Load More rule adds to the loaded count (spec §4, §9). */
export const LOAD_MORE_MARGIN = 20;

/** Texts of the history (spec §2). */
export const HISTORY_TEXTS = REFERRAL_TEXT.history;

/** Sortable fields (spec §2: createdAt by default, referrerReward too). */
export type HistorySortField = 'createdAt' | 'referrerReward';
/** Sort direction, as antd's Table names it. */
export type HistorySortOrder = 'ascend' | 'descend';

/** A sort of the history. */
export interface HistorySort {
  field: HistorySortField;
  order: HistorySortOrder;
}

/** The default sort: createdAt descending (spec §2). */
export const DEFAULT_HISTORY_SORT: HistorySort = { field: 'createdAt', order: 'descend' };

/**
 * The date filter: `from` and `to` are days as epoch milliseconds of any instant of them, or
 * null. An item passes when its createdAt is on or after the start of the `from` day and at or
 * before 23:59:59.999 of the `to` day (local time, spec §5).
 */
export interface HistoryFilter {
  from: number | null;
  to: number | null;
}

/** Local midnight starting the day of `ms`. */
export function startOfDay(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** 23:59:59.999 local time on the day of `ms`. */
export function endOfDay(ms: number): number {
  const date = new Date(ms);
  date.setHours(23, 59, 59, 999);
  return date.getTime();
}

/** Items whose createdAt falls within `filter` (spec §5 "History filters"). */
export function filterHistory(
  items: readonly ReferralHistoryItem[],
  filter: HistoryFilter,
): ReferralHistoryItem[] {
  const from = filter.from === null ? -Infinity : startOfDay(filter.from);
  const to = filter.to === null ? Infinity : endOfDay(filter.to);
  return items.filter((item) => {
    const at = Date.parse(item.createdAt);
    return at >= from && at <= to;
  });
}

/**
 * The user's own reward in a history item: the referee's reward when the user was the referee
 * (the server lists both sides' referrals and says which side the user is on), else the
 * referrer's.
 */
export function yourReward(item: ReferralHistoryItem): number {
  return item.role === 'referee' ? item.refereeReward : item.referrerReward;
}

/** The friend's reward in a history item (the other side of {@link yourReward}). */
export function friendsReward(item: ReferralHistoryItem): number {
  return item.role === 'referee' ? item.referrerReward : item.refereeReward;
}

/** A sorted copy of `items`; ties keep their order. */
export function sortHistory(
  items: readonly ReferralHistoryItem[],
  sort: HistorySort,
): ReferralHistoryItem[] {
  const key = (item: ReferralHistoryItem) =>
    sort.field === 'createdAt' ? Date.parse(item.createdAt) : yourReward(item);
  const sign = sort.order === 'ascend' ? 1 : -1;
  return [...items].sort((a, b) => sign * (key(a) - key(b)));
}

/** The Total and Earned summaries of `items`: their count and the sum of the user's rewards. */
export function summarizeHistory(items: readonly ReferralHistoryItem[]): {
  total: number;
  earned: number;
} {
  return { total: items.length, earned: items.reduce((sum, item) => sum + yourReward(item), 0) };
}

/**
 * The Load More rule (spec §4): shown only while the server reports more pages and the filtered
 * count is below the loaded count plus 20.
 */
export function showLoadMore(params: {
  hasMore: boolean;
  filteredCount: number;
  loadedCount: number;
}): boolean {
  return params.hasMore && params.filteredCount < params.loadedCount + LOAD_MORE_MARGIN;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A history date in the short format of `locale` (an Intl locale) with hour and minute: US
 * English by default (spec §2), e.g. `Nov 23, 2026, 03:11 PM`.
 */
export function formatHistoryDate(iso: string, locale = 'en-US'): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

/** A reward as `+N` (spec §2), e.g. 5 -> `+5`, 2.5 -> `+2.5`. */
export function formatReward(peanuts: number): string {
  return `+${Number(peanuts.toFixed(2))}`;
}
