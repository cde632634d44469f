/**
 * The SRP sign-ins in flight per caller address: an SRP start costs the server its
 * modular exponentiations and a challenge row, so a caller gets at most
 * `throttle.srpChallengesPerCaller` unfinished challenges (not yet answered, not expired) at a
 * time. The caller's challenges are counted, and the new one computed and stored, in one
 * transaction under a lock per caller, so the bound holds across processes and concurrent
 * requests, and a refused start costs no exponentiation.
 */
import { sql } from 'drizzle-orm';
import { IdpError } from '../errors';
import { idpSrpChallenges } from '../schema';
import { SRP_CHALLENGE_TTL_MS, type IdentityContext } from './context';

/**
 * Starts the SRP challenge `secretHash` (for `sub`, null for a decoy) of the caller
 * (`ctx.caller`): deletes the expired challenges, counts the caller's, then runs
 * `compute` (the exponentiations) and stores its session key (`key`, 16 bytes). Returns what
 * `compute` returned.
 * @throws IdpError TooManyRequestsException when the caller already has
 *   `ctx.throttle.srpChallengesPerCaller` unexpired challenges; nothing is computed or stored.
 */
export async function startSrpChallenge<T extends { key: Buffer }>(
  ctx: IdentityContext,
  secretHash: string,
  sub: string | null,
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
      SELECT count(*)::int AS n FROM ${idpSrpChallenges}
      WHERE ${idpSrpChallenges.caller} = ${caller} AND ${idpSrpChallenges.expiresAt} > ${nowParam}`);
    const [row] = (result as unknown as { rows: { n: number }[] }).rows;
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
