/**
 * The SRP sign-ins in flight per caller address: an SRP start costs the server its
 * modular exponentiations and a challenge row, so a caller gets at most
 * `throttle.srpChallengesPerCaller` unfinished challenges (not yet answered, not expired) at a
 * time. One statement finds the user, reads the sign-in's lockout, counts the caller's
 * challenges under a lock per caller (the database function `idp_srp_in_flight`, migration
 * 0020: the count takes a fresh snapshot once the lock is granted) and stores the new
 * challenge when the bound allows; the lock is held until that statement commits, so the
 * bound holds across processes and concurrent requests. A refused start costs no
 * exponentiation. The challenge's session key is not stored: it travels sealed in the
 * SECRET_BLOCK (srpSecretBlock.ts). The statement is prepared once per database (prepared.ts).
 */
import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { IdpError, idpErrors } from '../errors';
import type { IdentityDb } from '../db';
import { idpPasswordLockouts, idpSrpChallenges, users, type UserRow } from '../schema';
import { CONFIRMATION_CODE_TTL_MS, SRP_CHALLENGE_TTL_MS, type IdentityContext } from './context';
import { nameLockKey, userLockKey } from './lockout';
import { prepared, timestamp } from '../../db/prepared';

/**
 * Starts the SRP challenge `secretHash` of the caller (`ctx.caller`) signing in as `name` (a
 * login name), in one statement: under the caller's lock, finds the user (as users.ts's
 * findUser), deletes the expired challenges, reads the lock of the sign-in's lockout key
 * (lockout.ts's `lockKeyOf`), counts the caller's challenges and stores the new one for the
 * user's sub (null for a name that belongs to nobody: the decoy). Returns the user; the caller
 * then computes the exchange.
 * @throws IdpError NotAuthorizedException 'Password attempts exceeded' while the key is locked
 *   (a read: it reserves no password check); TooManyRequestsException when the caller already
 *   has `ctx.throttle.srpChallengesPerCaller` unexpired challenges. Either way nothing is
 *   stored, and the caller computes nothing.
 */
export async function startSrpChallenge(
  ctx: IdentityContext,
  name: string,
  secretHash: string,
): Promise<UserRow | undefined> {
  const now = ctx.clock();
  const [row] = await startStatement(ctx.db).execute({
    name,
    nameLockKey: nameLockKey(name),
    userLockPrefix: userLockKey(''),
    caller: ctx.caller,
    now: timestamp(now),
    liveSince: timestamp(now - CONFIRMATION_CODE_TTL_MS),
    secretHash,
    expiresAt: timestamp(now + SRP_CHALLENGE_TTL_MS),
    limit: ctx.throttle.srpChallengesPerCaller,
  });
  if (row.locked) throw idpErrors.passwordAttemptsExceeded();
  if (!row.started) {
    throw new IdpError(
      'TooManyRequestsException',
      'Too many sign-ins in progress from this address; try again later.',
    );
  }
  return row.user ?? undefined;
}

/** The start's statement of `db`, prepared once (prepared.ts); its values are placeholders. */
function startStatement(db: IdentityDb) {
  return prepared(db, 'srp-start', () => {
    const p = sql.placeholder;
    const nowParam = sql`${p('now')}::timestamptz`;
    const table = idpSrpChallenges;
    // users.ts's findUser in SQL: not an expired sign-up, the username before the email.
    const found = db.$with('srp_user').as(
      db
        .select({ sub: users.sub })
        .from(users)
        .where(
          and(
            or(eq(users.username, p('name')), eq(users.email, p('name'))),
            or(eq(users.confirmed, true), gt(users.createdAt, p('liveSince'))),
          ),
        )
        .orderBy(desc(sql`${users.username} = ${p('name')}`))
        .limit(1),
    );
    const lockKey = sql`CASE WHEN (SELECT sub FROM ${found}) IS NULL THEN ${p('nameLockKey')} ELSE ${p('userLockPrefix')} || (SELECT sub FROM ${found}) END`;
    const state = db
      .$with('srp_state', {
        userSub: sql<string | null>`user_sub`.as('user_sub'),
        inFlight: sql<number>`in_flight`.as('in_flight'),
        locked: sql<boolean>`locked`.as('locked'),
      })
      .as(
        sql`SELECT (SELECT sub FROM ${found}) AS user_sub, idp_srp_in_flight(${p('caller')}, ${nowParam}) AS in_flight,
        EXISTS (SELECT 1 FROM ${idpPasswordLockouts} WHERE ${idpPasswordLockouts.key} = ${lockKey}
          AND ${idpPasswordLockouts.lockedUntil} > ${nowParam}) AS locked`,
      );
    const swept = db.$with('srp_swept').as(
      db
        .delete(table)
        .where(lt(table.expiresAt, p('now')))
        .returning({ hash: table.secretHash }),
    );
    // The columns in the table's order; no session key (it is in the SECRET_BLOCK), no device.
    const inserted = db.$with('srp_started').as(
      db
        .insert(table)
        .select(
          sql`SELECT ${p('secretHash')}, ${state.userSub}, '', NULL, ${p('expiresAt')}::timestamptz, ${p('caller')}
          FROM ${state} WHERE NOT ${state.locked} AND ${state.inFlight} < ${p('limit')}`,
        )
        .returning({ hash: table.secretHash }),
    );
    return db
      .with(found, state, swept, inserted)
      .select({
        user: users,
        locked: state.locked,
        started: sql<boolean>`EXISTS (SELECT 1 FROM ${inserted})`,
      })
      .from(state)
      .leftJoin(users, eq(users.sub, state.userSub));
  });
}
