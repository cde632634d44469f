/**
 * Dates and durations as the SPA shows them, through dayjs (its default locale is US English):
 * dates in the short US format with hour and minute (spec §2, e.g. `11/21/2026 6:00 AM`, local
 * time) and durations in human words (spec §2 "human duration", e.g. `a few seconds`,
 * `3 minutes`, `4 hours`).
 */
import dayjs from 'dayjs';
import duration from 'dayjs/plugin/duration';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { NOT_AVAILABLE } from '../../core/format';

dayjs.extend(duration);
dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

/**
 * An ISO date (or epoch ms) as `11/21/2026 6:00 AM` in local time; 'N/A' when invalid. In
 * another `language` (docs/languages.md), its dayjs locale's short date and time (e.g.
 * `21/11/2026 06:00`), once that locale is loaded (its catalogue's chunk), English until then.
 */
export function formatDateTime(date: string | number, language: string = 'en'): string {
  const value = dayjs(date);
  return value.isValid() ? value.locale(language).format('L LT') : NOT_AVAILABLE;
}

/**
 * Seconds as a human duration (`a few seconds`, `3 minutes`, `a day`); 'N/A' when missing. In
 * another `language`, its dayjs locale's words (`3 minutes`, `3 Minuten`, `3分`).
 */
export function humanDuration(seconds: number | null | undefined, language: string = 'en'): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return NOT_AVAILABLE;
  return dayjs.duration(seconds, 'seconds').locale(language).humanize();
}
