/**
 * The Session strings of sign-in challenges (SMS_MFA, SOFTWARE_TOKEN_MFA, SELECT_MFA_TYPE,
 * MFA_SETUP, DEVICE_SRP_AUTH, DEVICE_PASSWORD_VERIFIER, CUSTOM_CHALLENGE): random, stored only
 * as hashes, valid 3 minutes, and used once: taking one deletes it atomically, so two answers
 * cannot both use it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { idpErrors } from '../errors';
import { idpAuthSessions, type UserRow } from '../schema';
import { hashSecret } from '../tokens';
import type { IdentityContext } from './context';
import { userBySub } from './users';

/** Lifetime of a challenge's Session string. */
export const AUTH_SESSION_TTL_MS = 3 * 60_000;

/** What a session carries besides its user and challenge. */
export interface AuthSessionData {
  /** Hash of the code sent (SMS_MFA, CUSTOM_CHALLENGE; the SRP secret block of CUSTOM_SRP). */
  codeHash?: string | null;
  /** The device the client signs in from. */
  deviceKey?: string | null;
  /** A TOTP secret associated during sign-in (MFA_SETUP). */
  pendingTotpSecret?: string | null;
}

/** A taken session: its user and data. */
export interface TakenSession extends AuthSessionData {
  user: UserRow;
  challenge: string;
  /** When it expires (a session put back keeps it). */
  expiresAt: Date;
}

/** Creates a Session string for `challenge` of `user`. */
export async function createAuthSession(
  ctx: IdentityContext,
  user: UserRow,
  challenge: string,
  data: AuthSessionData = {},
  expiresAt = new Date(ctx.clock() + AUTH_SESSION_TTL_MS),
): Promise<string> {
  const session = randomBytes(48).toString('base64');
  await ctx.db.delete(idpAuthSessions).where(lt(idpAuthSessions.expiresAt, new Date(ctx.clock())));
  await ctx.db.insert(idpAuthSessions).values({
    sessionHash: hashSecret(session),
    sub: user.sub,
    challenge,
    codeHash: data.codeHash ?? null,
    deviceKey: data.deviceKey ?? null,
    pendingTotpSecret: data.pendingTotpSecret ?? null,
    expiresAt,
  });
  return session;
}

/**
 * Takes (deletes) the live session `session` of one of `challenges`; NotAuthorizedException
 * 'Invalid session for the user.' when it is unknown, used, expired, or `name` (when given) is
 * not its user's username or email.
 */
export async function takeAuthSession(
  ctx: IdentityContext,
  session: string,
  challenges: string[],
  name?: string,
): Promise<TakenSession> {
  const [row] = await ctx.db
    .delete(idpAuthSessions)
    .where(
      and(
        eq(idpAuthSessions.sessionHash, hashSecret(session)),
        inArray(idpAuthSessions.challenge, challenges),
        gt(idpAuthSessions.expiresAt, new Date(ctx.clock())),
      ),
    )
    .returning();
  const user = row && (await userBySub(ctx.db, row.sub));
  if (!row || !user) throw idpErrors.invalidSession();
  if (name !== undefined && name !== user.username && name !== user.email) {
    throw idpErrors.invalidSession();
  }
  return {
    user,
    challenge: row.challenge,
    codeHash: row.codeHash,
    deviceKey: row.deviceKey,
    pendingTotpSecret: row.pendingTotpSecret,
    expiresAt: row.expiresAt,
  };
}

/** Puts a taken session back under the same string, expiry unchanged (a retry after a typo). */
export async function restoreAuthSession(
  ctx: IdentityContext,
  session: string,
  taken: TakenSession,
): Promise<void> {
  await ctx.db.insert(idpAuthSessions).values({
    sessionHash: hashSecret(session),
    sub: taken.user.sub,
    challenge: taken.challenge,
    codeHash: taken.codeHash ?? null,
    deviceKey: taken.deviceKey ?? null,
    pendingTotpSecret: taken.pendingTotpSecret ?? null,
    expiresAt: taken.expiresAt,
  });
}
