/**
 * The local checkout's sessions in the database: `local_checkout_sessions`, so that a
 * session paid before a restart can still be shown, refunded or disputed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import type { Executor } from '../ledger/service';
import { localCheckoutSessions } from '../db/schema';
import type { LocalSession, LocalSessionStore } from './localCheckout';

/** The session store of the local checkout over `db`. */
export function databaseSessionStore(db: Database): LocalSessionStore {
  return {
    async get(id) {
      const [row] = await db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.id, id));
      if (!row) return undefined;
      const { createdAt: _createdAt, state, ...rest } = row;
      return { ...rest, state: state as LocalSession['state'] };
    },
    async insert(session) {
      await db.insert(localCheckoutSessions).values(session);
    },
    async move(id, from, to) {
      const changed = await db
        .update(localCheckoutSessions)
        .set({ state: to })
        .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.state, from)))
        .returning({ id: localCheckoutSessions.id });
      return changed.length === 1;
    },
  };
}

/**
 * Deletes the local checkout sessions of the account `sub` (whose `client_reference_id` starts
 * with it) in the account-deleting transaction `tx`: they hold its email.
 */
export async function deleteLocalSessionsOf(sub: string, tx: Executor): Promise<void> {
  await tx
    .delete(localCheckoutSessions)
    .where(sql`left(${localCheckoutSessions.clientReferenceId}, 36) = ${sub}`);
}
