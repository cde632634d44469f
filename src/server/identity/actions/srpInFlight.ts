/**
 * The SRP sign-ins in flight per caller address (issue 25): an SRP start costs the server its
 * modular exponentiations and a challenge row, so a caller gets at most
 * `throttle.srpChallengesPerCaller` unfinished challenges (not yet answered, not expired) at a
 * time. The caller's challenges are counted, and the new one computed and stored, in one
 * transaction under a lock per caller, so the bound holds across processes and concurrent
 * requests, and a refused start costs no exponentiation. The same statement reads the
 * sign-in's lockout (a locked key gets no challenge), so a start costs one round trip fewer.
 */
import { sql } from 'drizzle-orm';
import { IdpError, idpErrors } from '../errors';
import { idpPasswordLockouts, idpSrpChallenges } from '../schema';
import { SRP_CHALLENGE_TTL_MS, type IdentityContext } from './context';

/**
 * Starts the SRP challenge `secretHash` (for `sub`, null for a decoy) of the caller
 * (`ctx.caller`), whose password checks count under the lockout key `lockKey` (lockout.ts):
 * deletes the expired challenges, reads the lock and counts the caller's challenges (one
 * statement), then runs `compute` (the exponentiations) and stores its session key (`key`,
 * 16 bytes). Returns what `compute` returned.
 * @throws IdpError NotAuthorizedException 'Password attempts exceeded' while `lockKey` is locked
 *   (a read: it reserves no password check); TooManyRequestsException when the
 *   caller already has `ctx.throttle.srpChallengesPerCaller` unexpired challenges. Either way
 *   nothing is computed or stored.
 */
export async function startSrpChallenge<T extends { key: Buffer }>(
  ctx: IdentityContext,
  secretHash: string,
  sub: string | null,
  lockKey: string,
  compute: () => T,
): Promise<T> {
  const caller = ctx.caller;
  const now = new Date(ctx.clock());
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const started = await ctx.db.transaction(async (tx) => {
    // One start of this caller at a time, in every process: the count sees the ones before.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`srp:${caller}`}, 0))`);
    const result = await tx.execute(sql`
      WITH swept AS (DELETE FROM ${idpSrpChallenges} WHERE ${idpSrpChallenges.expiresAt} < ${nowParam})
      SELECT count(*)::int AS n,
        EXISTS (SELECT 1 FROM ${idpPasswordLockouts} WHERE ${idpPasswordLockouts.key} = ${lockKey}
          AND ${idpPasswordLockouts.lockedUntil} > ${nowParam}) AS locked
      FROM ${idpSrpChallenges}
      WHERE ${idpSrpChallenges.caller} = ${caller} AND ${idpSrpChallenges.expiresAt} > ${nowParam}`);
    const [row] = (result as unknown as { rows: { n: number; locked: boolean }[] }).rows;
    if (row.locked) throw idpErrors.passwordAttemptsExceeded();
    if (row.n >= ctx.throttle.srpChallengesPerCaller) return undefined;
    const value = compute();
    await tx.insert(idpSrpChallenges).values({
      secretHash,
      sub,
      sessionKey: value.key.toString('hex'),
      caller,
      expiresAt: new Date(now.getTime() + SRP_CHALLENGE_TTL_MS),
    });
    return value;
  });
  if (!started) {
    throw new IdpError(
      'TooManyRequestsException',
      'Too many sign-ins in progress from this address; try again later.',
    );
  }
  return started;
}
