/**
 * The peanuts ledger service (DESIGN.md "Money", spec §1, §9): balances are sums of integer
 * nano-peanut entries; credits and charges are idempotent by key. Decorates `app.ledger`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { SIGNUP_BONUS_PEANUTS } from '../../../core/constants';
import { toNano } from '../../../core/peanuts';
import type { Database } from '../../db';
import { ledgerEntries } from '../../db/schema';

/** A database or an open transaction of one. */
export type Executor = Pick<Database, 'select' | 'insert'>;

/** One ledger entry to append. */
export interface LedgerEntry {
  /** The account's `sub`. */
  userSub: string;
  /** Signed amount in nano-peanuts (credits positive, charges negative). */
  amountNano: number;
  /** Entry kind, e.g. `signup_bonus`. */
  kind: string;
  /** Idempotency key, unique over the ledger. */
  key: string;
}

/** The ledger operations. */
export interface LedgerService {
  /**
   * Appends `entry` unless an entry with its key exists. Returns true when it was written.
   * Use the caller's transaction `tx` inside a transaction (PGlite has one connection).
   */
  append(entry: LedgerEntry, tx?: Executor): Promise<boolean>;
  /** The balance of `userSub` in nano-peanuts (0 for an account with no entries). */
  balanceNano(userSub: string, tx?: Executor): Promise<number>;
  /** Credits the sign-up bonus of spec §1 (10 peanuts) to `userSub`, once ever. */
  creditSignupBonus(userSub: string, tx?: Executor): Promise<boolean>;
}

/** Makes the ledger service over `db`. */
export function createLedger(db: Database): LedgerService {
  const ledger: LedgerService = {
    async append(entry, tx = db) {
      if (!Number.isSafeInteger(entry.amountNano)) {
        throw new Error(`ledger amounts are whole nano-peanuts, got ${entry.amountNano}`);
      }
      const written = await tx
        .insert(ledgerEntries)
        .values(entry)
        .onConflictDoNothing({ target: ledgerEntries.key })
        .returning({ id: ledgerEntries.id });
      return written.length === 1;
    },
    async balanceNano(userSub, tx = db) {
      const [row] = await tx
        .select({ total: sql<string | null>`sum(${ledgerEntries.amountNano})` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userSub, userSub));
      return Number(row?.total ?? 0);
    },
    creditSignupBonus(userSub, tx = db) {
      return ledger.append(
        {
          userSub,
          amountNano: toNano(SIGNUP_BONUS_PEANUTS),
          kind: 'signup_bonus',
          key: `signup_bonus:${userSub}`,
        },
        tx,
      );
    },
  };
  return ledger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The peanuts ledger. */
    ledger: LedgerService;
  }
}

/** Decorates `app.ledger` over `app.db`. */
async function ledgerService(app: FastifyInstance): Promise<void> {
  app.decorate('ledger', createLedger(app.db));
}

export default fp(ledgerService, { name: 'ledger', dependencies: ['database'] });
