/**
 * Fixed-window attempt counters in the database (shared by every process): code mails and code
 * checks per address. Counting is one atomic upsert (failed passwords: actions/lockout.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { IdentityTx } from './db';
import { idpThrottle } from './schema';

/** A limit: at most `limit` attempts per `windowMs`. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/** Counts one attempt under `key` and returns the attempts in the current window, this one included. */
export async function countAttempt(
  db: IdentityTx,
  key: string,
  rule: ThrottleRule,
  now: number,
): Promise<number> {
  const start = new Date(now);
  // Raw SQL parameters go to the driver as ISO strings (PGlite and pg agree on those).
  const startParam = sql`${start.toISOString()}::timestamptz`;
  const expired = sql`${idpThrottle.windowStart} <= ${new Date(now - rule.windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(idpThrottle)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: idpThrottle.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${idpThrottle.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${startParam} ELSE ${idpThrottle.windowStart} END`,
      },
    })
    .returning({ count: idpThrottle.count });
  return row.count;
}

/** Forgets the attempts under `key`. */
export async function resetAttempts(db: IdentityTx, key: string): Promise<void> {
  await db.delete(idpThrottle).where(eq(idpThrottle.key, key));
}
