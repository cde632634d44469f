/**
 * RFC 6238 TOTP codes of authenticator apps (otplib): 6 digits, 30 s steps, one step of drift
 * either way, and a code's step is never accepted twice for a user.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { idpErrors } from '../errors';
import { users, type UserRow } from '../schema';
import type { IdentityContext } from './context';

/** The TOTP step, seconds (RFC 6238's default, what authenticator apps use). */
const STEP_S = 30;
/** Bytes of a new TOTP secret (160 bits, RFC 4226's recommendation). */
const SECRET_BYTES = 20;

/** A new TOTP secret, base32 (32 characters). */
export function newTotpSecret(): string {
  return authenticator.generateSecret(SECRET_BYTES);
}

/**
 * The time step a TOTP `code` matches for `secret` at `nowMs` (this step or one either side),
 * or undefined when it matches none.
 */
export function totpStep(secret: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = authenticator.clone({ window: 1, epoch: nowMs, step: STEP_S });
  const delta = totp.checkDelta(code, secret);
  return delta === null ? undefined : Math.floor(nowMs / 1000 / STEP_S) + delta;
}

/**
 * Accepts `code` for `user` once: the step it matches must be later than the last one
 * accepted, recorded atomically. CodeMismatchException otherwise.
 */
export async function acceptTotp(
  ctx: IdentityContext,
  user: UserRow,
  secret: string,
  code: string,
): Promise<void> {
  const step = totpStep(secret, code, ctx.clock());
  if (step === undefined) throw idpErrors.codeMismatch();
  const accepted = await ctx.db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(eq(users.sub, user.sub), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
    )
    .returning({ sub: users.sub });
  if (accepted.length === 0) throw idpErrors.codeMismatch();
}
