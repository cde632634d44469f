/**
 * The peanuts ledger service (docs/architecture.md "Money", spec §1, §9): a balance is the sum of
 * the user's integer nano-peanut ledger entries (read from `ledger_totals`, the running sum the
 * database keeps of them) less the charges of their Running VPNs not yet settled into the ledger
 * (vpns/metering.ts "Settling"); credits and charges are idempotent by key. ledger/plugin.ts
 * decorates `app.ledger` with it.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { SIGNUP_BONUS_PEANUTS } from '../../core/constants';
import { toNano } from '../../core/peanuts';
import { rowsOf, type Database } from '../db';
import { ledgerEntries, signupBonusGrants } from '../db/schema';
import { emailHash, emailHashes } from '../secrets';
import { recordEvent } from '../metrics/events';

/** A database or an open transaction of one. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

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
  /**
   * The balance of `userSub` in nano-peanuts (0 for an account with no entries): the ledger less
   * the unsettled charges of their Running VPNs, read in one statement (one snapshot: a
   * settlement moving a charge from a VPN row to the ledger is never counted twice or missed).
   */
  balanceNano(userSub: string, tx?: Executor): Promise<number>;
  /**
   * Credits the sign-up bonus (spec §1: 10 peanuts; the mock preset's starting balance of spec
   * §9: 37) to `userSub`, once per account and once per mailbox ever (secrets/index.ts
   * mailboxOf; the record of addresses outlives the account, so deleting it and signing up again
   * gets nothing). Returns true when credited.
   */
  creditSignupBonus(userSub: string, email: string, tx?: Executor): Promise<boolean>;
}

/** Options of the ledger. */
export interface LedgerOptions {
  /** Peanuts credited on a confirmed sign-up (default 10, spec §1). */
  signupBonusPeanuts?: number;
}

/** What the ledger needs besides its options. */
export interface LedgerDeps {
  /** The key of the bonus record's address hashes (the server secret `email-hash`). */
  emailHashKey: Buffer;
}

/**
 * The balance of the account `sub` (an SQL expression: a value or a column) as an SQL
 * expression of nano-peanuts: its ledger total (`ledger_totals`, 0 without a row) less the
 * unsettled charges of its Running VPNs. Used by `balanceNano` and, per account, by statements
 * over many accounts (notices/service.ts).
 */
export function balanceSql(sub: SQL): SQL {
  return sql`(coalesce((SELECT total_nano FROM ledger_totals WHERE user_sub = ${sub}), 0)
    - (SELECT coalesce(sum(consumed_nano - settled_nano), 0) FROM vpns
       WHERE user_sub = ${sub} AND state = 'Running'))`;
}

/** Makes the ledger service over `db`. */
export function createLedger(
  db: Database,
  deps: LedgerDeps,
  options: LedgerOptions = {},
): LedgerService {
  const signupBonusNano = toNano(options.signupBonusPeanuts ?? SIGNUP_BONUS_PEANUTS);
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
      if (written.length === 1 && entry.amountNano > 0) {
        recordEvent('peanutsCredited', { kind: entry.kind, amountNano: entry.amountNano });
      }
      return written.length === 1;
    },
    async balanceNano(userSub, tx = db) {
      const [row] = rowsOf<{ total: string }>(
        await tx.execute(sql`SELECT ${balanceSql(sql`${userSub}`)}::text AS total`),
      );
      return Number(row?.total ?? 0);
    },
    async creditSignupBonus(userSub, email, tx = db) {
      // Once per mailbox: a record under the address as typed (before) counts too.
      const earlier = await tx
        .select({ emailHash: signupBonusGrants.emailHash })
        .from(signupBonusGrants)
        .where(inArray(signupBonusGrants.emailHash, emailHashes(deps.emailHashKey, email)));
      if (earlier.length > 0) return false;
      const first = await tx
        .insert(signupBonusGrants)
        .values({ emailHash: emailHash(deps.emailHashKey, email) })
        .onConflictDoNothing({ target: signupBonusGrants.emailHash })
        .returning({ emailHash: signupBonusGrants.emailHash });
      if (first.length === 0) return false;
      return ledger.append(
        {
          userSub,
          amountNano: signupBonusNano,
          kind: 'signup_bonus',
          key: `signup_bonus:${userSub}`,
        },
        tx,
      );
    },
  };
  return ledger;
}
