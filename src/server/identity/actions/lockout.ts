/**
 * Progressive password lockout (as Cognito): a password check is reserved
 * atomically before it runs, so parallel guesses cannot all pass one read of the counter; a
 * successful check refunds it. From the fifth consecutive failure on, checks are refused for
 * 1 s, then 2 s, 4 s... up to 15 minutes; failures are forgotten after an hour without one.
 *
 * Keys: `sub:<sub>` for a user, `name:<login name>` for a name that belongs to nobody, so an
 * unknown name locks exactly as a known one does and the lock tells nothing of who exists.
 */
import { eq, sql } from 'drizzle-orm';
import { idpErrors } from '../errors';
import { idpPasswordLockouts } from '../schema';
import type { IdentityContext } from './context';

/** The lockout key of a user. */
export const userLockKey = (sub: string): string => `sub:${sub}`;
/** The lockout key of a login name that belongs to nobody. */
export const nameLockKey = (name: string): string => `name:${name}`;

/** The lockout key of a sign-in as `name`: the user's, or the name's when nobody has it. */
export function lockKeyOf(user: { sub: string } | undefined, name: string): string {
  return user ? userLockKey(user.sub) : nameLockKey(name);
}

/** A timestamp parameter of raw SQL (PGlite and pg agree on ISO strings). */
function at(ms: number) {
  return sql`${new Date(ms).toISOString()}::timestamptz`;
}

/**
 * Reserves one password check under `key`: NotAuthorizedException 'Password attempts exceeded'
 * while the key is locked, else counts the check as a failure (locking the key from the
 * `lockAfter`-th on) until `refundPasswordCheck` forgives it.
 */
export async function reservePasswordCheck(ctx: IdentityContext, key: string): Promise<void> {
  const { lockAfter, firstLockMs, maxLockMs, forgetAfterMs } = ctx.throttle.passwordLockout;
  const now = ctx.clock();
  const table = idpPasswordLockouts;
  // Failures after a quiet spell of `forgetAfterMs` start again from one.
  const failures = sql`CASE WHEN ${table.updatedAt} <= ${at(now - forgetAfterMs)} THEN 1 ELSE ${table.failures} + 1 END`;
  const lockMs = sql`LEAST(${firstLockMs}::float8 * power(2, (${failures}) - ${lockAfter}), ${maxLockMs}::float8)`;
  const lockedUntil = sql`CASE WHEN (${failures}) >= ${lockAfter} THEN ${at(now)} + make_interval(secs => (${lockMs}) / 1000) END`;
  const firstLock = lockAfter <= 1 ? at(now + firstLockMs) : sql`NULL`;
  const reserved = await ctx.db
    .insert(table)
    .values({ key, failures: 1, lockedUntil: sql`${firstLock}`, updatedAt: new Date(now) })
    .onConflictDoUpdate({
      target: table.key,
      set: { failures, lockedUntil, updatedAt: sql`${at(now)}` },
      setWhere: sql`${table.lockedUntil} IS NULL OR ${table.lockedUntil} <= ${at(now)}`,
    })
    .returning({ failures: table.failures });
  if (reserved.length === 0) throw idpErrors.passwordAttemptsExceeded();
}

/** Forgives the failures under `key` after a successful password check. */
export async function refundPasswordCheck(ctx: IdentityContext, key: string): Promise<void> {
  await ctx.db.delete(idpPasswordLockouts).where(eq(idpPasswordLockouts.key, key));
}
