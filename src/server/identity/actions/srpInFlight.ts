/**
 * The SRP sign-ins in flight per caller address: an SRP start costs the server its
 * modular exponentiations and a challenge row, so a caller gets at most
 * `throttle.srpChallengesPerCaller` unfinished challenges (not yet answered, not expired) at a
 * time. The caller's challenges are counted, and the new one computed and stored, in one
 * transaction under a lock per caller, so the bound holds across processes and concurrent
 * requests, and a refused start costs no exponentiation. The user is read with the lock, and
 * the sign-in's lockout with the count (a locked key gets no challenge): a start is one
 * transaction of three statements.
 */
import { sql } from 'drizzle-orm';
import { IdpError, idpErrors } from '../errors';
import { idpPasswordLockouts, idpSrpChallenges, users, type UserRow } from '../schema';
import { SRP_CHALLENGE_TTL_MS, type IdentityContext } from './context';
import { lockKeyOf } from './lockout';
import { pickUser, userNamed } from './users';

/**
 * Starts the SRP challenge `secretHash` of the caller (`ctx.caller`) signing in as `name` (a
 * login name): under the caller's lock, finds the user (as users.ts's findUser), deletes the
 * expired challenges, reads the lock of the sign-in's lockout key (lockout.ts's `lockKeyOf`)
 * and counts the caller's challenges, then runs `compute` for the user (undefined for a name
 * that belongs to nobody: the decoy) and stores its session key (`key`, 16 bytes) for the
 * user's sub (null for a decoy). Three statements in one transaction. Returns the user and
 * what `compute` returned. `compute` must not use `ctx.db` (PGlite is one connection).
 * @throws IdpError NotAuthorizedException 'Password attempts exceeded' while the key is locked
 *   (a read: it reserves no password check); TooManyRequestsException when the caller already
 *   has `ctx.throttle.srpChallengesPerCaller` unexpired challenges. Either way nothing is
 *   computed or stored.
 */
export async function startSrpChallenge<T extends { key: Buffer }>(
  ctx: IdentityContext,
  name: string,
  secretHash: string,
  compute: (user: UserRow | undefined) => T,
): Promise<{ user: UserRow | undefined; value: T }> {
  const caller = ctx.caller;
  const now = new Date(ctx.clock());
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const started = await ctx.db.transaction(async (tx) => {
    // One start of this caller at a time, in every process: the count sees the ones before.
    // The user is read in the same statement (the lock guards the challenges, not the users).
    const found = await tx
      .select({ user: users })
      .from(
        sql`(SELECT pg_advisory_xact_lock(hashtextextended(${`srp:${caller}`}, 0))) AS srp_lock`,
      )
      .leftJoin(users, userNamed(name));
    const user = pickUser(
      ctx,
      found.flatMap((row) => (row.user ? [row.user] : [])),
      name,
    );
    const result = await tx.execute(sql`
      WITH swept AS (DELETE FROM ${idpSrpChallenges} WHERE ${idpSrpChallenges.expiresAt} < ${nowParam})
      SELECT count(*)::int AS n,
        EXISTS (SELECT 1 FROM ${idpPasswordLockouts} WHERE ${idpPasswordLockouts.key} = ${lockKeyOf(user, name)}
          AND ${idpPasswordLockouts.lockedUntil} > ${nowParam}) AS locked
      FROM ${idpSrpChallenges}
      WHERE ${idpSrpChallenges.caller} = ${caller} AND ${idpSrpChallenges.expiresAt} > ${nowParam}`);
    const [row] = (result as unknown as { rows: { n: number; locked: boolean }[] }).rows;
    if (row.locked) throw idpErrors.passwordAttemptsExceeded();
    if (row.n >= ctx.throttle.srpChallengesPerCaller) return undefined;
    const value = compute(user);
    await tx.insert(idpSrpChallenges).values({
      secretHash,
      sub: user?.sub ?? null,
      sessionKey: value.key.toString('hex'),
      caller,
      expiresAt: new Date(now.getTime() + SRP_CHALLENGE_TTL_MS),
    });
    return { user, value };
  });
  if (!started) {
    throw new IdpError(
      'TooManyRequestsException',
      'Too many sign-ins in progress from this address; try again later.',
    );
  }
  return started;
}
