/**
 * One-time codes (sign-up confirmation, password reset): sending under a per-address limit, and
 * checking under two limits that hold under any concurrency (issue 16): every check is counted
 * atomically *before* the comparison, against the address's budget (which new codes do not
 * reset) and against the code's own attempts. A right code past either limit is refused.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { IdentityTx } from '../db';
import { idpErrors } from '../errors';
import { confirmationMail, resetMail } from '../mailer';
import { idpCodes, type CodePurpose, type UserRow } from '../schema';
import { countAttempt, resetAttempts } from '../throttle';
import { hashSecret } from '../tokens';
import {
  CONFIRMATION_CODE_TTL_MS,
  RESET_CODE_TTL_MS,
  type Body,
  type IdentityContext,
} from './context';
import { deliveryDetails } from './users';

/** SHA-256 of a user's code. */
function codeHash(sub: string, code: string): string {
  return hashSecret(`${sub}:${code}`);
}

/** Throttle key of the code mails to an address (a login name for unknown users). */
const sendKey = (address: string): string => `send:${address}`;
/** Throttle key of the code checks of an address (a login name for unknown users). */
const checkKey = (address: string): string => `codecheck:${address}`;

/**
 * Counts one code mail to `address` and throws LimitExceededException beyond the limit. Called
 * for unknown users too, so that the limit does not tell who exists.
 */
export async function countCodeSend(ctx: IdentityContext, address: string): Promise<void> {
  const sends = await countAttempt(ctx.db, sendKey(address), ctx.throttle.codeSends, ctx.clock());
  if (sends > ctx.throttle.codeSends.limit) throw idpErrors.attemptLimit();
}

/**
 * Creates a new code of `purpose` for `user` (replacing the previous one) and mails it;
 * LimitExceededException beyond the send limit, CodeDeliveryFailureException when the mail
 * cannot be sent.
 */
export async function sendCode(
  ctx: IdentityContext,
  user: UserRow,
  purpose: CodePurpose,
): Promise<Body> {
  await countCodeSend(ctx, user.email);
  const now = ctx.clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const ttl = purpose === 'confirm' ? CONFIRMATION_CODE_TTL_MS : RESET_CODE_TTL_MS;
  const row = {
    codeHash: codeHash(user.sub, code),
    expiresAt: new Date(now + ttl),
    attempts: 0,
    createdAt: new Date(now),
  };
  await ctx.db
    .insert(idpCodes)
    .values({ sub: user.sub, purpose, ...row })
    .onConflictDoUpdate({ target: [idpCodes.sub, idpCodes.purpose], set: row });
  const mail =
    purpose === 'confirm' ? confirmationMail(user.email, code) : resetMail(user.email, code);
  try {
    await ctx.mailer.send(mail);
  } catch {
    throw idpErrors.codeDeliveryFailure();
  }
  return deliveryDetails(user.email);
}

/**
 * Counts one code check of `address` against its budget; LimitExceededException beyond it.
 * Called for unknown users too (then every check fails as a wrong code does).
 */
export async function reserveCodeCheck(ctx: IdentityContext, address: string): Promise<void> {
  const checks = await countAttempt(
    ctx.db,
    checkKey(address),
    ctx.throttle.codeChecks,
    ctx.clock(),
  );
  if (checks > ctx.throttle.codeChecks.limit) throw idpErrors.attemptLimit();
}

/**
 * Checks `code` against the user's pending code of `purpose` and returns its hash (to consume
 * it in a transaction). The check is counted before the comparison, atomically, against the
 * address's budget and the code's attempts; CodeMismatchException for a wrong (or no) code,
 * LimitExceededException past a limit, ExpiredCodeException for an expired code.
 */
export async function checkCode(
  ctx: IdentityContext,
  user: UserRow,
  purpose: CodePurpose,
  code: string,
): Promise<string> {
  await reserveCodeCheck(ctx, user.email);
  const where = and(eq(idpCodes.sub, user.sub), eq(idpCodes.purpose, purpose));
  const [row] = await ctx.db
    .update(idpCodes)
    .set({ attempts: sql`${idpCodes.attempts} + 1` })
    .where(and(where, lt(idpCodes.attempts, ctx.throttle.codeAttempts)))
    .returning();
  if (!row) {
    const [dead] = await ctx.db.select({ sub: idpCodes.sub }).from(idpCodes).where(where);
    throw dead ? idpErrors.attemptLimit() : idpErrors.codeMismatch();
  }
  if (row.expiresAt.getTime() <= ctx.clock()) throw idpErrors.codeExpired();
  const given = Buffer.from(codeHash(user.sub, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) throw idpErrors.codeMismatch();
  return row.codeHash;
}

/**
 * Deletes the checked code in `tx` and forgives the address's code checks (its owner proved
 * it); ExpiredCodeException when another request used the code first.
 */
export async function consumeCode(
  tx: IdentityTx,
  user: UserRow,
  purpose: CodePurpose,
  hash: string,
): Promise<void> {
  const deleted = await tx
    .delete(idpCodes)
    .where(
      and(eq(idpCodes.sub, user.sub), eq(idpCodes.purpose, purpose), eq(idpCodes.codeHash, hash)),
    )
    .returning({ sub: idpCodes.sub });
  if (deleted.length === 0) throw idpErrors.codeExpired();
  await resetAttempts(tx, checkKey(user.email));
}
