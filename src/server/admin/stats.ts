/**
 * Daily figures for the operator console (docs/operator-console.md "Stats"), per UTC day from
 * `from` to `to` inclusive: sign-ups (confirmed accounts created), peanuts sold by pack, revenue
 * by currency (smallest unit), peanuts refunded (refunds and lost disputes), peanuts consumed,
 * VPN-hours by region, referral rewards paid and reversed. Amounts in nano-peanuts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../db';

/** The figures of one day. */
export interface DayStats {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  signups: number;
  /** Nano-peanuts sold, by pack id. */
  soldNanoByPack: Record<string, number>;
  /** Amount paid in the currency's smallest unit, by currency. */
  revenueByCurrency: Record<string, number>;
  /** Nano-peanuts taken back by refunds and disputes. */
  refundedNano: number;
  /** Nano-peanuts charged for VPN usage. */
  consumedNano: number;
  /** Hours of Running VPNs, by region. */
  vpnHoursByRegion: Record<string, number>;
  /** Nano-peanuts of referral rewards credited. */
  referralPaidNano: number;
  /** Nano-peanuts of referral rewards taken back. */
  referralReversedNano: number;
}

/** Most days one call covers. */
export const MAX_STATS_DAYS = 366;

/** The UTC day of a timestamp column, as `YYYY-MM-DD`. */
const dayOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** The days from `from` to `to` (`YYYY-MM-DD`, inclusive), ascending. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let ms = Date.parse(`${from}T00:00:00Z`);
    ms <= Date.parse(`${to}T00:00:00Z`);
    ms += 86_400_000
  ) {
    days.push(new Date(ms).toISOString().slice(0, 10));
  }
  return days;
}

/** The figures of every day from `from` to `to` (`YYYY-MM-DD`, inclusive), ascending. */
export async function readStats(db: Database, from: string, to: string): Promise<DayStats[]> {
  // ISO strings cast in SQL: both drivers take them (PGlite refuses a Date in raw SQL).
  const start = sql`${`${from}T00:00:00Z`}::timestamptz`;
  const end = sql`${new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString()}::timestamptz`;
  const days = new Map<string, DayStats>(
    daysBetween(from, to).map((day) => [
      day,
      {
        day,
        signups: 0,
        soldNanoByPack: {},
        revenueByCurrency: {},
        refundedNano: 0,
        consumedNano: 0,
        vpnHoursByRegion: {},
        referralPaidNano: 0,
        referralReversedNano: 0,
      },
    ]),
  );
  const at = (day: string): DayStats => {
    const found = days.get(day);
    if (!found) throw new Error(`stats row of ${day}, outside ${from}..${to}`);
    return found;
  };
  const rows = async (query: SQL) =>
    rowsOf<{ day: string; key: string | null; value: string | number }>(await db.execute(query));

  for (const row of await rows(sql`
    SELECT ${dayOf(sql`created_at`)} AS day, NULL AS key, count(*) AS value FROM users
    WHERE confirmed AND created_at >= ${start} AND created_at < ${end} GROUP BY 1`)) {
    at(row.day).signups = Number(row.value);
  }
  for (const row of await rows(sql`
    SELECT ${dayOf(sql`created_at`)} AS day, pack_id AS key, sum(peanuts_nano) AS value
    FROM purchases WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1, 2`)) {
    at(row.day).soldNanoByPack[String(row.key)] = Number(row.value);
  }
  for (const row of await rows(sql`
    SELECT ${dayOf(sql`created_at`)} AS day, currency AS key, sum(amount_total) AS value
    FROM purchases WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1, 2`)) {
    at(row.day).revenueByCurrency[String(row.key)] = Number(row.value);
  }
  for (const row of await rows(sql`
    SELECT ${dayOf(sql`created_at`)} AS day, kind AS key, sum(amount_nano) AS value
    FROM ledger_entries
    WHERE created_at >= ${start} AND created_at < ${end}
      AND kind IN ('refund', 'dispute', 'dispute_won', 'usage', 'referral_reward', 'referral_reversal')
    GROUP BY 1, 2`)) {
    const day = at(row.day);
    const nano = Number(row.value);
    if (row.key === 'usage') day.consumedNano -= nano;
    else if (row.key === 'referral_reward') day.referralPaidNano += nano;
    else if (row.key === 'referral_reversal') day.referralReversedNano -= nano;
    else day.refundedNano -= nano;
  }
  // Running time of each VPN cut at each day's bounds (24-hour steps from UTC midnight).
  for (const row of await rows(sql`
    SELECT to_char(d.day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, v.region AS key,
      sum(extract(epoch FROM least(coalesce(v.ended_at, now()), d.day + interval '24 hours')
        - greatest(v.running_at, d.day)) / 3600) AS value
    FROM generate_series(${start}, ${end} - interval '24 hours',
      interval '24 hours') AS d(day)
    JOIN vpns v ON v.running_at IS NOT NULL AND v.running_at < d.day + interval '24 hours'
      AND coalesce(v.ended_at, now()) > d.day
    GROUP BY 1, 2`)) {
    at(row.day).vpnHoursByRegion[String(row.key)] = Math.round(Number(row.value) * 1000) / 1000;
  }
  return [...days.values()];
}
