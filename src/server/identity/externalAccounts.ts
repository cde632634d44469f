/**
 * Accounts of a real Cognito pool's users: a user whose valid id token comes
 * from `COGNITO_ISSUER` gets their `users` row on first use, so the ledger, VPNs and purchases
 * (which reference `users.sub`) work for them as for ours, and the account hook (sign-up bonus,
 * pending purchases) runs exactly once: the row is inserted with ON CONFLICT DO NOTHING in the
 * hook's transaction, so of two first requests racing only the one that inserted runs it.
 *
 * The row can never sign in at our own identity provider: its username is `cognito:<sub>` and
 * its SRP verifier a random number whose discrete logarithm (the password) nobody knows.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { IdentityDb, IdentityTx } from './db';
import type { HookUser } from './actions';
import { users } from './schema';
import { generateSalt, N } from './srp';

/** The username prefix of a pool user's row: `cognito:<sub>`. */
const EXTERNAL_USERNAME_PREFIX = 'cognito:';

/** True when `username` is that of a real Cognito pool user's row (made here on first use). */
export function isExternalUsername(username: string): boolean {
  return username.startsWith(EXTERNAL_USERNAME_PREFIX);
}

/** A Cognito `sub` (a UUID). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user of a verified external id token. */
export interface ExternalUser {
  /** The token's `sub`. */
  sub: string;
  /** The token's `email` (may be empty). */
  email: string;
  /** The token's `email_verified`. */
  emailVerified: boolean;
}

/** Ensures external users' rows, remembering the subs it has seen. */
export interface ExternalAccounts {
  /**
   * Makes `user`'s row on first use (running `onCreated` once, in the inserting transaction);
   * false when the sub is not a UUID (no row can be made: the caller refuses the token).
   */
  ensure(user: ExternalUser): Promise<boolean>;
}

/** A random verifier in [2, N-1] that matches no known password. */
function unusableVerifier(): string {
  return ((BigInt(`0x${randomBytes(400).toString('hex')}`) % (N - 2n)) + 2n).toString(16);
}

/** Creates the external accounts service over `db`. */
export function createExternalAccounts(
  db: IdentityDb,
  onCreated: (user: HookUser, tx: IdentityTx) => Promise<void>,
): ExternalAccounts {
  const known = new Set<string>();
  return {
    async ensure(user) {
      const sub = user.sub.toLowerCase();
      if (!UUID.test(sub)) return false;
      if (known.has(sub)) return true;
      const [existing] = await db.select({ sub: users.sub }).from(users).where(eq(users.sub, sub));
      if (!existing) {
        await db.transaction(async (tx) => {
          const email = user.email.trim().toLowerCase();
          const row = {
            sub,
            username: `${EXTERNAL_USERNAME_PREFIX}${sub}`,
            emailVerified: user.emailVerified,
            confirmed: true,
            srpSalt: generateSalt(),
            srpVerifier: unusableVerifier(),
          };
          // Another account of ours may hold the address: the row then gets a placeholder.
          let inserted = await tx
            .insert(users)
            .values({ ...row, email: email || `${sub}@cognito.invalid` })
            .onConflictDoNothing()
            .returning({ sub: users.sub });
          if (inserted.length === 0) {
            const [mine] = await tx
              .select({ sub: users.sub })
              .from(users)
              .where(eq(users.sub, sub));
            if (mine) return;
            inserted = await tx
              .insert(users)
              .values({ ...row, email: `${sub}@cognito.invalid` })
              .onConflictDoNothing({ target: users.sub })
              .returning({ sub: users.sub });
          }
          if (inserted.length === 1) await onCreated({ sub, email }, tx);
        });
      }
      known.add(sub);
      return true;
    },
  };
}
