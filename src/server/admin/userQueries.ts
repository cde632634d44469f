/**
 * Reading accounts for the operator console (docs/operator-console.md "Users"): search by email
 * prefix or exact sub, and one account's whole picture (balance, statement, VPNs, purchases,
 * referral relationships). Amounts in nano-peanuts; routes convert.
 */
import { and, asc, desc, eq, gt, like, or, sql, type SQL } from 'drizzle-orm';
import { readStatement, type StatementLine } from '../billing/statement';
import type { Database } from '../db';
import {
  purchases,
  referrals,
  users,
  vpns,
  type PurchaseRow,
  type ReferralRow,
  type VpnRow,
} from '../db/schema';
import type { LedgerService } from '../ledger/service';

/** A UUID (a `sub`). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One account as the console lists it. */
export interface AccountSummary {
  sub: string;
  email: string;
  createdAt: Date;
  confirmed: boolean;
  disabled: boolean;
  /** True when sign-in asks for a second factor (TOTP or SMS). */
  mfaEnabled: boolean;
}

const summaryColumns = {
  sub: users.sub,
  email: users.email,
  createdAt: users.createdAt,
  confirmed: users.confirmed,
  disabled: users.disabled,
  mfaEnabled: sql<boolean>`(${users.totpEnabled} OR ${users.smsMfaEnabled})`,
};

/** `text` with LIKE's wildcards escaped. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A page of accounts, by email. */
export interface AccountsPage {
  accounts: AccountSummary[];
  /** The email to pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * Up to `limit` accounts whose email starts with `query` (lower-cased) or whose sub is `query`,
 * by email, after the email `after` (undefined: from the first).
 */
export async function searchAccounts(
  db: Database,
  query: string,
  limit: number,
  after?: string,
): Promise<AccountsPage> {
  const term = query.trim().toLowerCase();
  const matches: SQL | undefined = UUID.test(term)
    ? or(eq(users.sub, term), like(users.email, `${likeLiteral(term)}%`))
    : like(users.email, `${likeLiteral(term)}%`);
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(and(matches, after === undefined ? undefined : gt(users.email, after)))
    .orderBy(asc(users.email))
    .limit(limit + 1);
  const accounts = rows.slice(0, limit).map((row) => ({ ...row, mfaEnabled: !!row.mfaEnabled }));
  return {
    accounts,
    nextCursor: rows.length > limit ? accounts[accounts.length - 1].email : null,
  };
}

/** The account `sub`, if any. */
export async function accountOf(db: Database, sub: string): Promise<AccountSummary | undefined> {
  if (!UUID.test(sub)) return undefined;
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.sub, sub));
  return row && { ...row, mfaEnabled: !!row.mfaEnabled };
}

/** Everything the console shows of one account. */
export interface AccountDetail {
  account: AccountSummary;
  /** Balance in nano-peanuts (ledger/service.ts balanceNano). */
  balanceNano: number;
  /** The newest statement lines (billing/statement.ts). */
  statement: StatementLine[];
  /** Its VPNs in every state, newest first. */
  vpns: VpnRow[];
  /** Its purchases, newest first, with their refund and dispute state. */
  purchases: PurchaseRow[];
  /** Referral relationships where it is the referrer or the referee, newest first. */
  referrals: ReferralRow[];
}

/** Lines, VPNs and purchases shown on a user's page at most. */
export const DETAIL_ROWS = 100;

/** The whole picture of account `sub`, or undefined when there is none. */
export async function accountDetail(
  db: Database,
  ledger: LedgerService,
  sub: string,
): Promise<AccountDetail | undefined> {
  const account = await accountOf(db, sub);
  if (!account) return undefined;
  const balanceNano = await ledger.balanceNano(sub);
  const statement = await readStatement(db, sub, DETAIL_ROWS, undefined);
  const vpnRows = await db
    .select()
    .from(vpns)
    .where(eq(vpns.userSub, sub))
    .orderBy(desc(vpns.createdAt))
    .limit(DETAIL_ROWS);
  const purchaseRows = await db
    .select()
    .from(purchases)
    .where(eq(purchases.userSub, sub))
    .orderBy(desc(purchases.createdAt))
    .limit(DETAIL_ROWS);
  const referralRows = await db
    .select()
    .from(referrals)
    .where(or(eq(referrals.referrerSub, sub), eq(referrals.refereeSub, sub)))
    .orderBy(desc(referrals.seq))
    .limit(DETAIL_ROWS);
  return {
    account,
    balanceNano,
    statement: statement.lines,
    vpns: vpnRows,
    purchases: purchaseRows,
    referrals: referralRows,
  };
}
