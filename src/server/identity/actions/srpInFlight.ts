/**
 * The SRP sign-ins in flight per caller address (issue 25): an SRP start costs the server its
 * modular exponentiations and a challenge row, so a caller gets at most
 * `throttle.srpChallengesPerCaller` unfinished challenges (not yet answered, not expired) at a
 * time. The challenge row is reserved before any exponentiation, under a lock per caller, so the
 * bound holds across processes and concurrent requests.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { IdpError } from '../errors';
import { idpSrpChallenges } from '../schema';
import { SRP_CHALLENGE_TTL_MS, type IdentityContext } from './context';

/** The caller recorded when a context has no request (a call outside the plugin). */
const UNKNOWN_CALLER = 'unknown';

/**
 * Reserves the challenge row `secretHash` (for `sub`, null for a decoy) of the caller
 * (`ctx.callerAddress`), its session key still empty (`setSrpChallengeKey` fills it).
 * @throws IdpError TooManyRequestsException when the caller already has
 *   `ctx.throttle.srpChallengesPerCaller` unexpired challenges; nothing is written then.
 */
export async function reserveSrpChallenge(
  ctx: IdentityContext,
  secretHash: string,
  sub: string | null,
): Promise<void> {
  const caller = ctx.callerAddress ?? UNKNOWN_CALLER;
  const now = ctx.clock();
  const reserved = await ctx.db.transaction(async (tx) => {
    // One start of this caller at a time, in every process: the count sees the ones before.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`srp:${caller}`}, 0))`);
    const [inFlight] = await tx
      .select({ n: count() })
      .from(idpSrpChallenges)
      .where(
        and(eq(idpSrpChallenges.caller, caller), gt(idpSrpChallenges.expiresAt, new Date(now))),
      );
    if (inFlight.n >= ctx.throttle.srpChallengesPerCaller) return false;
    await tx.insert(idpSrpChallenges).values({
      secretHash,
      sub,
      sessionKey: '',
      caller,
      expiresAt: new Date(now + SRP_CHALLENGE_TTL_MS),
    });
    return true;
  });
  if (!reserved) {
    throw new IdpError(
      'TooManyRequestsException',
      'Too many sign-ins in progress from this address; try again later.',
    );
  }
}

/** Stores the session key (hex) of the reserved challenge `secretHash`. */
export async function setSrpChallengeKey(
  ctx: IdentityContext,
  secretHash: string,
  sessionKey: string,
): Promise<void> {
  await ctx.db
    .update(idpSrpChallenges)
    .set({ sessionKey })
    .where(eq(idpSrpChallenges.secretHash, secretHash));
}
