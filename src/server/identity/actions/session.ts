/**
 * Sessions: starting one (all three tokens), authenticating an access token, and the actions of
 * a signed-in user: GetUser, GlobalSignOut, RevokeToken, DeleteUser.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql, type WithSubquery } from 'drizzle-orm';
import { whenGate, type IdentityDb } from '../db';
import { idpErrors } from '../errors';
import { idpPasswordLockouts, idpRefreshTokens, users, type UserRow } from '../schema';
import { hashSecret, newRefreshToken, REFRESH_TOKEN_TTL_MS } from '../tokens';
import type { Action, Body, IdentityContext } from './context';
import { checkClient, required } from './input';
import { userLockKey } from './lockout';
import { timestamp } from '../../db/prepared';
import { attributesOf, mfaSettingsOf, userBySub } from './users';

/**
 * The values of a new session's row, as the placeholders of `sessionStoreOf` take them:
 * `sessionHash` (the refresh token's SHA-256), `originJti`, `sub`, and the ISO timestamps
 * `now` (its authentication) and `sessionExpiresAt`.
 */
export interface SessionValues {
  sessionHash: string;
  originJti: string;
  sub: string;
  now: string;
  sessionExpiresAt: string;
}

/**
 * A sign-in session of user `sub`, who proved their password, not stored yet: `values` are
 * those of its row, stored by the common table expressions of `sessionStoreOf` riding on another
 * statement (devices.ts's `trackDevice`, passwordVerifier.ts's proven answer); `tokens(user)`
 * then issues all three tokens for the stored user row.
 */
export function newSession(
  ctx: IdentityContext,
  sub: string,
): { values: SessionValues; tokens: (user: UserRow) => Promise<Body> } {
  const now = ctx.clock();
  const refreshToken = newRefreshToken();
  const originJti = randomUUID();
  return {
    values: {
      sessionHash: hashSecret(refreshToken),
      originJti,
      sub,
      now: timestamp(now),
      sessionExpiresAt: timestamp(now + REFRESH_TOKEN_TTL_MS),
    },
    async tokens(user) {
      const tokens = await ctx.tokens.issue(user, { originJti, authTime: now });
      return {
        AccessToken: tokens.accessToken,
        ExpiresIn: tokens.expiresIn,
        IdToken: tokens.idToken,
        RefreshToken: refreshToken,
        TokenType: 'Bearer',
      };
    },
  };
}

/**
 * The common table expressions that store a session of `SessionValues` (placeholders of a
 * prepared statement, prepared.ts): the user's expired sessions, of no further use, deleted;
 * the new one inserted. With a `gate` (a common table expression of the same statement), both
 * happen only when it has a row.
 */
export function sessionStoreOf(db: IdentityDb, gate?: WithSubquery): WithSubquery[] {
  const p = sql.placeholder;
  const now = sql`${p('now')}::timestamptz`;
  const expired = db.$with('expired_sessions').as(
    db
      .delete(idpRefreshTokens)
      .where(
        and(
          eq(idpRefreshTokens.sub, p('sub')),
          lt(idpRefreshTokens.expiresAt, now),
          whenGate(gate),
        ),
      )
      .returning({ tokenHash: idpRefreshTokens.tokenHash }),
  );
  const row = {
    tokenHash: sql<string>`${p('sessionHash')}`,
    originJti: sql<string>`${p('originJti')}::uuid`,
    sub: sql<string>`${p('sub')}::uuid`,
    authTime: now,
    expiresAt: sql<Date>`${p('sessionExpiresAt')}::timestamptz`,
  };
  const insert = db.insert(idpRefreshTokens);
  const stored = db.$with('new_session').as(
    (gate
      ? insert.select(
          db
            .select({
              tokenHash: row.tokenHash.as('token_hash'),
              originJti: row.originJti.as('origin_jti'),
              sub: row.sub.as('sub'),
              authTime: sql<Date>`${now}`.as('auth_time'),
              expiresAt: row.expiresAt.as('expires_at'),
              revoked: sql<boolean>`false`.as('revoked'),
            })
            .from(gate),
        )
      : insert.values(row)
    ).returning({ tokenHash: idpRefreshTokens.tokenHash }),
  );
  return [expired, stored];
}

/** A caller proven by their access token. */
export interface AuthenticatedCaller {
  user: UserRow;
  /** The session (`origin_jti`) the access token belongs to. */
  originJti: string;
}

/**
 * The user and session of a valid access token whose session was not revoked (GlobalSignOut,
 * RevokeToken, a password change elsewhere) and whose user still exists.
 */
export async function authenticate(
  ctx: IdentityContext,
  input: Body,
): Promise<AuthenticatedCaller> {
  const claims = await ctx.tokens.verifyAccessToken(input.AccessToken);
  const [session] = await ctx.db
    .select({ revoked: idpRefreshTokens.revoked })
    .from(idpRefreshTokens)
    .where(eq(idpRefreshTokens.originJti, claims.originJti));
  const user = await userBySub(ctx.db, claims.sub);
  if (!user) throw idpErrors.userNotFound();
  if (!session || session.revoked) throw idpErrors.revokedAccessToken();
  return { user, originJti: claims.originJti };
}

/** GetUser: the user's username, attributes (sub, email, phone and their verification) and MFA settings. */
export const getUser: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  return {
    Username: user.username,
    UserAttributes: attributesOf(user),
    ...mfaSettingsOf(user),
  };
};

/** GlobalSignOut: revokes every session of the user (their refresh and access tokens). */
export const globalSignOut: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  await ctx.db
    .update(idpRefreshTokens)
    .set({ revoked: true })
    .where(eq(idpRefreshTokens.sub, user.sub));
  return {};
};

/** RevokeToken: revokes the session of a refresh token (unknown tokens are ignored). */
export const revokeToken: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const token = required(input, 'Token');
  await ctx.db
    .update(idpRefreshTokens)
    .set({ revoked: true })
    .where(eq(idpRefreshTokens.tokenHash, hashSecret(token)));
  return {};
};

/**
 * DeleteUser: runs onUserDeleted, then deletes the user with their codes and sessions; once that
 * has committed, runs afterUserDeleted.
 */
export const deleteUser: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  await ctx.db.transaction(async (tx) => {
    await ctx.hooks.onUserDeleted?.(user.sub, tx);
    await tx.delete(users).where(eq(users.sub, user.sub));
    await tx.delete(idpPasswordLockouts).where(eq(idpPasswordLockouts.key, userLockKey(user.sub)));
  });
  ctx.hooks.afterUserDeleted?.(user.sub);
  return {};
};
