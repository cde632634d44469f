/**
 * One-time codes (sign-up confirmation, password reset, attributes): sending under a per-address
 * limit, and checking under two limits that hold under any concurrency: every check
 * is counted atomically *before* the comparison, against the address's budget (which new codes
 * do not reset) and against the code's own attempts. A right code past either limit is refused.
 *
 * Budgets: each budget is counted per (address, caller) — the caller is the
 * client address, an IPv6 /64 as one — and per address under a cap that one caller cannot
 * reach, so nobody stops mail to (or checks by) someone else. Requests that send or check
 * nothing (unknown users) count against the caller's own budget and a shadow of the address's
 * cap, never the real one: they answer exactly as a known address would, and cost its owner
 * nothing. An attribute code is bound to the address it went to.
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

/**
 * SHA-256 of a user's code; an attribute code also binds the `destination` it was sent to, so
 * that it proves that address and no other.
 */
export function codeHash(sub: string, code: string, destination?: string): string {
  return hashSecret(destination === undefined ? `${sub}:${code}` : `${sub}:${destination}:${code}`);
}

/** A budget of an address: its throttle-key prefix and per-caller rule. */
type Budget = 'send' | 'codecheck';

/**
 * Counts one use of the `budget` of `address` by the request's caller: against the caller's own
 * share, then, when that holds, against the address's cap (ThrottleSettings) — the real one
 * when the request sends or checks something (`real`), else its shadow. LimitExceededException
 * past either.
 */
async function spend(
  ctx: IdentityContext,
  budget: Budget,
  address: string,
  real: boolean,
): Promise<void> {
  const { throttle } = ctx;
  const rule = budget === 'send' ? throttle.codeSends : throttle.codeChecks;
  const cap = budget === 'send' ? throttle.codeSendsPerAddress : throttle.codeChecksPerAddress;
  const now = ctx.clock();
  const own = await countAttempt(ctx.db, `${budget}:${address}|${ctx.caller}`, rule, now);
  if (own > rule.limit) throw idpErrors.attemptLimit();
  const key = real ? `${budget}:${address}` : `${budget}-shadow:${address}`;
  if ((await countAttempt(ctx.db, key, cap, now)) > cap.limit) throw idpErrors.attemptLimit();
}

/**
 * Counts one code mail to `address` and throws LimitExceededException beyond the limit. Called
 * for unknown users too (`sends` false: nothing goes out), so that the limit does not tell who
 * exists; those spend only the caller's own budget and the shadow cap.
 */
export async function countCodeSend(
  ctx: IdentityContext,
  address: string,
  sends = true,
): Promise<void> {
  await spend(ctx, 'send', address, sends);
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
  code = newCode(),
  destination?: string,
): Promise<string> {
  const now = ctx.clock();
  const row = {
    codeHash: codeHash(user.sub, code, destination),
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
 * by mail to `destination` for `email`, by SMS for `phone_number`, and only then stores it,
 * bound to `destination` (it proves that address alone). Valid 24 hours (as Cognito's); the
 * same send limit per destination as other codes (spent here unless `count` is false: the
 * caller spent it): past it nothing is sent nor stored (LimitExceededException);
 * CodeDeliveryFailureException when it cannot be sent.
 */
export async function sendAttributeCode(
  ctx: IdentityContext,
  user: UserRow,
  attribute: 'email' | 'phone_number',
  destination: string,
  count = true,
): Promise<Body> {
  if (count) await countCodeSend(ctx, destination);
  const purpose = attribute === 'email' ? 'verify_email' : 'verify_phone';
  const code = newCode();
  try {
    if (attribute === 'email') await ctx.mailer.send(attributeMail(destination, code));
    else await smsSender(ctx).send(verificationSms(destination, code));
  } catch (error) {
    if (error instanceof IdpError) throw error;
    throw idpErrors.codeDeliveryFailure();
  }
  await storeCode(ctx, user, purpose, ATTRIBUTE_CODE_TTL_MS, code, destination);
  return attribute === 'email' ? deliveryDetails(destination) : smsDeliveryDetails(destination);
}

/**
 * Counts one code check of `address` against the caller's budget and the address's cap;
 * LimitExceededException beyond either. Called for unknown users too (`checks` false: then
 * every check fails as a wrong code does, and spends only the caller's budget and the shadow
 * cap).
 */
export async function reserveCodeCheck(
  ctx: IdentityContext,
  address: string,
  checks = true,
): Promise<void> {
  await spend(ctx, 'codecheck', address, checks);
}

/**
 * Checks `code` against the user's pending code of `purpose` and returns its hash (to consume
 * it in a transaction); an attribute code matches only with the `destination` it was sent to.
 * The check is counted before the comparison, atomically, against the address's budget and
 * the code's attempts; CodeMismatchException for a wrong (or no) code, LimitExceededException
 * past a limit, ExpiredCodeException for an expired code.
 */
export async function checkCode(
  ctx: IdentityContext,
  user: UserRow,
  purpose: CodePurpose,
  code: string,
  destination?: string,
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
  const given = Buffer.from(codeHash(user.sub, code, destination), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) throw idpErrors.codeMismatch();
  return row.codeHash;
}

/**
 * Forgives the code checks of `address` by this caller, and the address's cap (its owner just
 * proved a code from here, e.g. an SMS_MFA code); other callers keep their count.
 */
export async function forgiveCodeChecks(
  ctx: IdentityContext,
  address: string,
  db: IdentityTx = ctx.db,
): Promise<void> {
  await resetAttempts(db, `codecheck:${address}|${ctx.caller}`);
  await resetAttempts(db, `codecheck:${address}`);
}

/**
 * Deletes the checked code in `tx` and forgives the address's code checks (its owner proved
 * it); ExpiredCodeException when another request used the code first.
 */
export async function consumeCode(
  ctx: IdentityContext,
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
  await forgiveCodeChecks(ctx, user.email, tx);
}
