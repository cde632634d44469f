/**
 * RespondToAuthChallenge with PASSWORD_VERIFIER: the answer of an SRP sign-in (spec §4). The
 * claim is checked first, from the SECRET_BLOCK alone (srpSecretBlock.ts seals the session key
 * and whom the challenge was made for), so the answer knows before it touches the database
 * whether the password was proven:
 *
 * - Proven, and the sign-in can end with the tokens at once (not CUSTOM_AUTH, a pool whose MFA
 *   is not ON): one statement takes the challenge only if it is live, its user is confirmed,
 *   enabled, has no new password to set, no second factor and no locked key
 *   ({@link signsInAtOnceSql}), and the DEVICE_KEY, if any, is the user's and not one that signs
 *   in by device SRP; in the same statement it forgives the key's failures, stores the session
 *   and the new device (or notes the named device's authentication). A start and this answer:
 *   two statements a sign-in.
 * - Otherwise, or when that statement took nothing (it then changed nothing): the challenge is
 *   taken with a password check reserved under the lockout (lockout.ts), and the sign-in goes on
 *   as the proof, the user and the lockout say (challenges.ts's completeSignIn,
 *   customChallenge.ts). A decoy challenge (a name that belongs to nobody) fails there as a
 *   wrong password does.
 */
import { and, eq, exists, gt, isNull, notExists, or, sql } from 'drizzle-orm';
import type { IdentityDb } from '../db';
import { IdpError, idpErrors } from '../errors';
import { idpPasswordLockouts, idpSrpChallenges, users, type UserRow } from '../schema';
import { parseTimestamp, verifyPasswordClaim } from '../srp';
import { hashSecret } from '../tokens';
import { MAX_TIMESTAMP_SKEW_MS, type Body, type IdentityContext } from './context';
import { completeSignIn } from './challenges';
import { issueCustomChallenge, takeCustomSrp } from './customChallenge';
import { knownDeviceSql, knownDeviceWriteOf, newDeviceValues, newDeviceWritesOf } from './devices';
import { loginName, optional, parameters, required } from './input';
import {
  lockKeyOf,
  lockoutValues,
  nameLockKey,
  refundPasswordCheck,
  refundPasswordCheckOf,
  reservePasswordCheckOf,
  userLockKey,
} from './lockout';
import { newSession, sessionStoreOf } from './session';
import { openSecretBlock, secretBlockId } from './srpSecretBlock';
import { signsInAtOnceSql } from './users';
import { prepared, timestamp } from '../../db/prepared';

/**
 * The proven answer's statement of `db` for a client that names no device (`device` 'new') or
 * names one (`device` 'known'), prepared once each (prepared.ts): takes the challenge of
 * `secretHash` when it is live, made for `sub`, answered under its user's username or email
 * `name`, the user signs in at once ({@link signsInAtOnceSql}), the key `refundKey` is not
 * locked and, for 'known', `deviceKey` is the user's and does not sign in by device SRP
 * (devices.ts `knownDeviceSql`); then, gated on that, forgives the key, stores the session
 * (session.ts) and the new device, or notes the known one's authentication (devices.ts). Returns
 * the user's row, or no row when it took nothing (and wrote nothing). Values: secretHash, sub,
 * name, refundKey, now (ISO), the session's values, and the new device's or `deviceKey`.
 */
function provenStatement(db: IdentityDb, device: 'new' | 'known') {
  return prepared(db, `srp-proven:${device}`, () => {
    const p = sql.placeholder;
    const now = sql`${p('now')}::timestamptz`;
    const taken = db.$with('taken').as(
      db
        .delete(idpSrpChallenges)
        .where(
          and(
            eq(idpSrpChallenges.secretHash, p('secretHash')),
            eq(idpSrpChallenges.sub, p('sub')),
            gt(idpSrpChallenges.expiresAt, now),
            exists(
              db
                .select({ one: sql`1` })
                .from(users)
                .where(
                  and(
                    eq(users.sub, p('sub')),
                    or(eq(users.username, p('name')), eq(users.email, p('name'))),
                    signsInAtOnceSql,
                  ),
                ),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(idpPasswordLockouts)
                .where(
                  and(
                    eq(idpPasswordLockouts.key, p('refundKey')),
                    gt(idpPasswordLockouts.lockedUntil, now),
                  ),
                ),
            ),
            device === 'known' ? knownDeviceSql(db) : undefined,
          ),
        )
        .returning({ sub: idpSrpChallenges.sub }),
    );
    const deviceWrites =
      device === 'known' ? [knownDeviceWriteOf(db, taken)] : newDeviceWritesOf(db, taken);
    return db
      .with(taken, refundPasswordCheckOf(db, taken), ...sessionStoreOf(db, taken), ...deviceWrites)
      .select({ user: users })
      .from(taken)
      .innerJoin(users, eq(users.sub, taken.sub));
  });
}

/**
 * The proven sign-in of user `sub` (the claim checked) from the device `deviceKey` the client
 * named, if any, ended in one statement ({@link provenStatement}): the tokens (with
 * NewDeviceMetadata when no device was named), or undefined when the statement took nothing (the
 * answer then goes the general way).
 */
async function finishProven(
  ctx: IdentityContext,
  sub: string,
  secretHash: string,
  name: string,
  deviceKey: string | undefined,
): Promise<Body | undefined> {
  const session = newSession(ctx, sub);
  const values = {
    ...session.values,
    secretHash,
    name,
    refundKey: userLockKey(sub),
  };
  if (deviceKey !== undefined) {
    const [row] = await provenStatement(ctx.db, 'known').execute({ ...values, deviceKey });
    return row && { ChallengeParameters: {}, AuthenticationResult: await session.tokens(row.user) };
  }
  const device = newDeviceValues(ctx, session.values.now);
  const [row] = await provenStatement(ctx.db, 'new').execute({ ...values, ...device });
  if (!row) return undefined;
  const result = await session.tokens(row.user);
  return {
    ChallengeParameters: {},
    AuthenticationResult: {
      ...result,
      NewDeviceMetadata: { DeviceKey: device.newDeviceKey, DeviceGroupKey: device.groupKey },
    },
  };
}

/**
 * The general answer's statement of `db`, prepared once (prepared.ts): deleting the challenge of
 * `secretHash` makes its secret block single-use (a replay finds nothing); its user, whether
 * CUSTOM_AUTH started it, and the password check reserved under the lockout (for a live
 * challenge answered under its user's name `name`; a decoy's: under the name) are one
 * statement. Its values: secretHash, name, nameLockKey, userLockPrefix, now (ISO) and
 * lockout.ts's LockoutValues.
 */
function answerStatement(db: IdentityDb) {
  return prepared(db, 'srp-answer', () => {
    const p = sql.placeholder;
    const custom = takeCustomSrp(db, p('secretHash'));
    const taken = db.$with('taken').as(
      db
        .delete(idpSrpChallenges)
        .where(eq(idpSrpChallenges.secretHash, p('secretHash')))
        .returning({ sub: idpSrpChallenges.sub, expiresAt: idpSrpChallenges.expiresAt }),
    );
    const checked = reservePasswordCheckOf(
      db,
      db
        .select({
          key: sql<string>`CASE WHEN ${users.sub} IS NULL THEN ${p('nameLockKey')} ELSE ${p('userLockPrefix')} || ${users.sub} END`.as(
            'key',
          ),
        })
        .from(taken)
        .leftJoin(users, eq(users.sub, taken.sub))
        .where(
          and(
            gt(taken.expiresAt, p('now')),
            or(isNull(users.sub), eq(users.username, p('name')), eq(users.email, p('name'))),
          ),
        ),
    );
    return db
      .with(taken, custom, checked)
      .select({
        expiresAt: taken.expiresAt,
        user: users,
        custom: sql<boolean>`EXISTS (SELECT 1 FROM ${custom} WHERE ${custom.sub} = ${taken.sub})`,
        reserved: sql<boolean>`EXISTS (SELECT 1 FROM ${checked})`,
      })
      .from(taken)
      .leftJoin(users, eq(users.sub, taken.sub));
  });
}

/**
 * RespondToAuthChallenge with PASSWORD_VERIFIER: checks the password claim (each challenge
 * once, TIMESTAMP within 5 minutes, a locked key refused), answers the tokens or the next
 * challenge. NotAuthorizedException, in this order: 'Invalid session for the user.' (unknown or
 * used challenge), '... session is expired.', 'Incorrect username or password.' (another user's
 * name), 'Password attempts exceeded' (locked key), 'Invalid TIMESTAMP ...', 'Incorrect username
 * or password.' (claim not proven, or a decoy); then UserNotConfirmedException, and
 * NotAuthorizedException for a disabled user.
 */
export async function answerPasswordVerifier(ctx: IdentityContext, input: Body): Promise<Body> {
  const responses = parameters(input, 'ChallengeResponses');
  const name = loginName(required(responses, 'USERNAME'));
  const secretBlock = required(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const signature = required(responses, 'PASSWORD_CLAIM_SIGNATURE');
  const claimTimestamp = required(responses, 'TIMESTAMP');
  const deviceKey = optional(responses, 'DEVICE_KEY');

  const block = Buffer.from(secretBlock, 'base64');
  const secretHash = hashSecret(secretBlockId(block));
  const now = ctx.clock();
  const time = parseTimestamp(claimTimestamp);
  const timely = time !== undefined && Math.abs(time - now) <= MAX_TIMESTAMP_SKEW_MS;
  // The claim, from the block alone: the session key and USER_ID_FOR_SRP it seals.
  const sealed = await openSecretBlock(ctx, block);
  const proven =
    sealed !== undefined &&
    timely &&
    verifyPasswordClaim(
      sealed.key,
      ctx.poolName,
      sealed.userIdForSrp,
      secretBlock,
      claimTimestamp,
      signature,
    );
  if (proven && sealed.sub && !sealed.custom && ctx.mfaConfiguration !== 'ON') {
    const finished = await finishProven(ctx, sealed.sub, secretHash, name, deviceKey);
    if (finished) return finished;
  }

  // The challenge taken (single-use) and the password check reserved: one statement.
  const [challenge] = await answerStatement(ctx.db).execute({
    secretHash,
    name,
    nameLockKey: nameLockKey(name),
    userLockPrefix: userLockKey(''),
    now: timestamp(now),
    ...lockoutValues(ctx),
  });
  if (!challenge) throw idpErrors.invalidSession();
  if (challenge.expiresAt.getTime() <= now) throw idpErrors.expiredSession();
  const user: UserRow | undefined = challenge.user ?? undefined;
  if (user && name !== user.username && name !== user.email) {
    throw idpErrors.incorrectCredentials();
  }
  const lockKey = lockKeyOf(user, name);
  if (!challenge.reserved) throw idpErrors.passwordAttemptsExceeded();
  if (!timely) {
    throw new IdpError('NotAuthorizedException', 'Invalid TIMESTAMP: malformed or out of range.');
  }
  if (!user || !proven) throw idpErrors.incorrectCredentials();
  if (!user.confirmed || user.disabled || challenge.custom) {
    await refundPasswordCheck(ctx, lockKey);
    if (!user.confirmed) throw idpErrors.notConfirmed();
    if (user.disabled) throw idpErrors.disabled();
    return issueCustomChallenge(ctx, user, deviceKey);
  }
  // The check is forgiven in the statement that stores the session (completeSignIn).
  return completeSignIn(ctx, user, deviceKey, lockKey);
}
