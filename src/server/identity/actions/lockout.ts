/**
 * Progressive password lockout (as Cognito): a password check is reserved
 * atomically before it runs, so parallel guesses cannot all pass one read of the counter; a
 * successful check refunds it. From the fifth consecutive failure on, checks are refused for
 * 1 s, then 2 s, 4 s... up to 15 minutes; failures are forgotten after an hour without one.
 *
 * Keys: `sub:<sub>` for a user, `name:<login name>` for a name that belongs to nobody, so an
 * unknown name locks exactly as a known one does and the lock tells nothing of who exists.
 */
import { and, eq, sql, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import { idpErrors } from '../errors';
import { idpPasswordLockouts } from '../schema';
import { whenGate, type IdentityTx } from '../db';
import type { IdentityContext } from './context';
import { timestamp } from '../../db/prepared';

/** The lockout key of a user. */
export const userLockKey = (sub: string): string => `sub:${sub}`;
/** The lockout key of a login name that belongs to nobody. */
export const nameLockKey = (name: string): string => `name:${name}`;

/** The lockout key of a sign-in as `name`: the user's, or the name's when nobody has it. */
export function lockKeyOf(user: { sub: string } | undefined, name: string): string {
  return user ? userLockKey(user.sub) : nameLockKey(name);
}

/** The values of a password check reservation at the context's time and lockout settings. */
interface LockoutValues {
  /** Now, ISO timestamp. */
  lockNow: string;
  /** Failures last counted at or before this ISO timestamp are forgotten. */
  lockForgetBefore: string;
  lockFirstMs: number;
  lockMaxMs: number;
  lockAfter: number;
  /** `locked_until` of a key's first failure (ISO timestamp), null unless `lockAfter` <= 1. */
  lockFirst: string | null;
}

/** The reservation values of `ctx` (its clock and `throttle.passwordLockout`). */
export function lockoutValues(ctx: IdentityContext): LockoutValues {
  const { lockAfter, firstLockMs, maxLockMs, forgetAfterMs } = ctx.throttle.passwordLockout;
  const now = ctx.clock();
  return {
    lockNow: timestamp(now),
    lockForgetBefore: timestamp(now - forgetAfterMs),
    lockFirstMs: firstLockMs,
    lockMaxMs: maxLockMs,
    lockAfter,
    lockFirst: lockAfter <= 1 ? timestamp(now + firstLockMs) : null,
  };
}

/**
 * The upsert of one password check reservation, the columns it sets and its condition, over
 * `term(name)`: each of the LockoutValues as a parameter, or as a placeholder of a prepared
 * statement.
 */
function reservation(term: (name: keyof LockoutValues) => SQLWrapper) {
  const table = idpPasswordLockouts;
  const at = (name: keyof LockoutValues) => sql`${term(name)}::timestamptz`;
  // Failures after a quiet spell of `forgetAfterMs` start again from one.
  const failures = sql`CASE WHEN ${table.updatedAt} <= ${at('lockForgetBefore')} THEN 1 ELSE ${table.failures} + 1 END`;
  const lockMs = sql`LEAST(${term('lockFirstMs')}::float8 * power(2, (${failures}) - ${term('lockAfter')}::int), ${term('lockMaxMs')}::float8)`;
  const lockedUntil = sql`CASE WHEN (${failures}) >= ${term('lockAfter')}::int THEN ${at('lockNow')} + make_interval(secs => (${lockMs}) / 1000) END`;
  return {
    now: at('lockNow'),
    /** `locked_until` of a key's first failure. */
    firstLock: at('lockFirst'),
    onConflict: {
      target: table.key,
      set: { failures, lockedUntil, updatedAt: at('lockNow') },
      setWhere: sql`${table.lockedUntil} IS NULL OR ${table.lockedUntil} <= ${at('lockNow')}`,
    },
  };
}

/**
 * Reserves one password check under `key`: NotAuthorizedException 'Password attempts exceeded'
 * while the key is locked, else counts the check as a failure (locking the key from the
 * `lockAfter`-th on) until `refundPasswordCheck` forgives it.
 */
export async function reservePasswordCheck(ctx: IdentityContext, key: string): Promise<void> {
  const values = lockoutValues(ctx);
  const { now, firstLock, onConflict } = reservation((name) => sql`${values[name]}`);
  const reserved = await ctx.db
    .insert(idpPasswordLockouts)
    .values({ key, failures: 1, lockedUntil: firstLock, updatedAt: now })
    .onConflictDoUpdate(onConflict)
    .returning({ failures: idpPasswordLockouts.failures });
  if (reserved.length === 0) throw idpErrors.passwordAttemptsExceeded();
}

/**
 * reservePasswordCheck as a common table expression `password_check` of a prepared statement
 * (prepared.ts) of `db`: one check is reserved under each key `keys` selects (a query of one
 * column, `key`), and the CTE returns a row per reservation made (none for a locked key). The
 * statement's values include `lockoutValues(ctx)` as placeholders of the same names. The
 * caller reads it (`EXISTS (SELECT 1 FROM password_check)`) and throws
 * `idpErrors.passwordAttemptsExceeded()` itself.
 */
export function reservePasswordCheckOf(db: IdentityTx, keys: SQLWrapper) {
  const { now, firstLock, onConflict } = reservation((name) => sql.placeholder(name));
  return db.$with('password_check').as(
    db
      .insert(idpPasswordLockouts)
      .select(sql`SELECT k.key, 1, ${firstLock}, ${now} FROM (${keys}) AS k`)
      .onConflictDoUpdate(onConflict)
      .returning({ failures: idpPasswordLockouts.failures }),
  );
}

/** Forgives the failures under `key` after a successful password check. */
export async function refundPasswordCheck(ctx: IdentityContext, key: string): Promise<void> {
  await ctx.db.delete(idpPasswordLockouts).where(eq(idpPasswordLockouts.key, key));
}

/**
 * refundPasswordCheck as a common table expression `password_refund` of a prepared statement
 * (prepared.ts) of `db`, the key its placeholder `refundKey`: to ride on the statement that
 * stores the sign-in's session (challenges.ts's `completeSignIn`, passwordVerifier.ts's proven
 * answer). With a `gate` (a common table expression of the same statement), only when it has a
 * row.
 */
export function refundPasswordCheckOf(db: IdentityTx, gate?: WithSubquery) {
  return db.$with('password_refund').as(
    db
      .delete(idpPasswordLockouts)
      .where(and(eq(idpPasswordLockouts.key, sql.placeholder('refundKey')), whenGate(gate)))
      .returning({ key: idpPasswordLockouts.key }),
  );
}
