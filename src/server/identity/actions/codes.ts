/**
 * One-time codes (sign-up confirmation, password reset): sending under a per-address limit, and
 * checking under two limits that hold under any concurrency (issue 16): every check is counted
 * atomically *before* the comparison, against the address's budget (which new codes do not
 * reset) and against the code's own attempts. A right code past either limit is refused.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { IdentityTx } from '../db';
import { IdpError, idpErrors } from '../errors';
import { attributeMail, confirmationMail, resetMail } from '../mailer';
import { verificationSms } from '../sms';
import { idpCodes, type CodePurpose, type UserRow } from '../schema';
import { countAttempt, resetAttempts } from '../throttle';
import { hashSecret } from '../tokens';
import {
  ATTRIBUTE_CODE_TTL_MS,
  CONFIRMATION_CODE_TTL_MS,
  RESET_CODE_TTL_MS,
  type Body,
  type IdentityContext,
} from './context';
import { deliveryDetails, smsDeliveryDetails, smsSender } from './users';

/** SHA-256 of a user's code. */
export function codeHash(sub: string, code: string): string {
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

/** A new random 6-digit code. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Stores a new code of `purpose` for `user` (replacing the previous one), valid `ttlMs`, and
 * returns it (to be sent; only its hash is kept).
 */
async function storeCode(
  ctx: IdentityContext,
  user: UserRow,
  purpose: CodePurpose,
  ttlMs: number,
): Promise<string> {
  const now = ctx.clock();
  const code = newCode();
  const row = {
    codeHash: codeHash(user.sub, code),
    expiresAt: new Date(now + ttlMs),
    attempts: 0,
    createdAt: new Date(now),
  };
  await ctx.db
    .insert(idpCodes)
    .values({ sub: user.sub, purpose, ...row })
    .onConflictDoUpdate({ target: [idpCodes.sub, idpCodes.purpose], set: row });
  return code;
}

/**
 * Creates a new code of `purpose` for `user` (replacing the previous one) and mails it;
 * LimitExceededException beyond the send limit, CodeDeliveryFailureException when the mail
 * cannot be sent.
 */
export async function sendCode(
  ctx: IdentityContext,
  user: UserRow,
  purpose: 'confirm' | 'reset',
): Promise<Body> {
  await countCodeSend(ctx, user.email);
  const ttl = purpose === 'confirm' ? CONFIRMATION_CODE_TTL_MS : RESET_CODE_TTL_MS;
  const code = await storeCode(ctx, user, purpose, ttl);
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
 * Sends a code proving an attribute (UpdateUserAttributes, GetUserAttributeVerificationCode):
 * by mail to `destination` for `email`, by SMS for `phone_number`. Valid 24 hours (as
 * Cognito's); the same send limit per destination as other codes.
 */
export async function sendAttributeCode(
  ctx: IdentityContext,
  user: UserRow,
  attribute: 'email' | 'phone_number',
  destination: string,
): Promise<Body> {
  await countCodeSend(ctx, destination);
  const purpose = attribute === 'email' ? 'verify_email' : 'verify_phone';
  const code = await storeCode(ctx, user, purpose, ATTRIBUTE_CODE_TTL_MS);
  try {
    if (attribute === 'email') await ctx.mailer.send(attributeMail(destination, code));
    else await smsSender(ctx).send(verificationSms(destination, code));
  } catch (error) {
    if (error instanceof IdpError) throw error;
    throw idpErrors.codeDeliveryFailure();
  }
  return attribute === 'email' ? deliveryDetails(destination) : smsDeliveryDetails(destination);
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

/** Forgives the code checks of `address` (its owner just proved a code, e.g. an SMS_MFA code). */
export async function forgiveCodeChecks(db: IdentityTx, address: string): Promise<void> {
  await resetAttempts(db, checkKey(address));
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
