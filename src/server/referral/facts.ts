/**
 * The facts the referral rules (rules.ts) decide over, read from the database (spec §1,
 * §4): an account's standing, the code a user used, the email-hash record of past referees, and
 * the validation of a code for a would-be referee built from them.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { normaliseReferralCode, type ReferralValidation } from '../../core/referral';
import { purchases, users } from '../db/schema';
import { emailHash, emailHashes } from '../secrets';
import type { Executor } from '../ledger/service';
import { refereeEmails, referralCodes, referrals } from './schema';
import { validateReferralCode, type AccountFacts, type CodeFacts } from './rules';

/**
 * An account's standing (rules.ts) and whether it has a qualifying purchase (spec §1: each side
 * must buy a pack): one paid and never refunded, in part or in full, nor disputed (as
 * for the referee, whose referral is reversed by any refund or dispute of its purchase).
 */
export type AccountStanding = AccountFacts & { hasBought: boolean };

/** The standing of each of `subs` (absent: no such account) and whether it has bought. */
export async function accountsOf(
  tx: Executor,
  subs: string[],
): Promise<Map<string, AccountStanding>> {
  const facts = new Map<string, AccountStanding>();
  if (subs.length === 0) return facts;
  const rows = await tx
    .select({
      sub: users.sub,
      verified: sql<boolean>`${users.confirmed} AND ${users.emailVerified}`,
      disputed: sql<boolean>`EXISTS (SELECT 1 FROM ${purchases} WHERE ${purchases.userSub} = ${users.sub} AND ${purchases.state} = 'disputed')`,
      hasBought: sql<boolean>`EXISTS (SELECT 1 FROM ${purchases} WHERE ${purchases.userSub} = ${users.sub} AND ${purchases.state} = 'paid' AND ${purchases.refundedNano} = 0 AND ${purchases.dispute} = 'none')`,
    })
    .from(users)
    .where(inArray(users.sub, subs));
  for (const row of rows) {
    facts.set(row.sub, {
      verified: Boolean(row.verified),
      disputed: Boolean(row.disputed),
      hasBought: Boolean(row.hasBought),
    });
  }
  return facts;
}

/** The code `userSub` used as a referee (undefined: none). */
export async function usedCodeOf(tx: Executor, userSub: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ code: referrals.code })
    .from(referrals)
    .where(eq(referrals.refereeSub, userSub));
  return row?.code;
}

/**
 * The keyed hash (secrets/index.ts `emailHash` under `key`) of `userSub`'s email address
 * (undefined: no such account).
 */
export async function emailHashOf(
  tx: Executor,
  key: Buffer,
  userSub: string,
): Promise<string | undefined> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.sub, userSub));
  return row && emailHash(key, row.email);
}

/**
 * True when the mailbox of `userSub`'s address was a referee before (on an account since
 * deleted), under any spelling (secrets/index.ts `emailHashes`).
 */
async function wasReferee(tx: Executor, key: Buffer, userSub: string): Promise<boolean> {
  const [account] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.sub, userSub));
  if (!account) return false;
  const [row] = await tx
    .select({ emailHash: refereeEmails.emailHash })
    .from(refereeEmails)
    .where(inArray(refereeEmails.emailHash, emailHashes(key, account.email)));
  return row !== undefined;
}

/** What a code check depends on besides the database. */
export interface CheckContext {
  /** `REFERRAL_ENABLED`. */
  enabled: boolean;
  /** The key of the caller's email hash. */
  emailHashKey: Buffer;
  /** Now in epoch milliseconds. */
  clock: () => number;
}

/** A code check: the validation, the normalised code, its owner and the caller's email hash. */
export interface CodeCheck {
  /** The answer of rules.ts `validateReferralCode`. */
  result: ReferralValidation;
  /** `input` normalised (spec §5). */
  code: string;
  /** The code's owner, when the code exists. */
  referrerSub: string | undefined;
  /** The caller's email hash, undefined when the caller has no account. */
  callerEmailHash: string | undefined;
}

/**
 * The validation of `input` for `userSub` (spec §4, §8), with the code's owner when found and
 * the caller's email hash.
 */
export async function checkCode(
  tx: Executor,
  ctx: CheckContext,
  userSub: string,
  input: string,
): Promise<CodeCheck> {
  const code = normaliseReferralCode(input);
  const [found] = await tx.select().from(referralCodes).where(eq(referralCodes.code, code));
  const accounts = await accountsOf(tx, found ? [userSub, found.userSub] : [userSub]);
  const codeFacts: CodeFacts | undefined = found && {
    ownerSub: found.userSub,
    active: found.active,
    expiresAt: found.expiresAt,
    owner: accounts.get(found.userSub),
  };
  const callerEmailHash = await emailHashOf(tx, ctx.emailHashKey, userSub);
  const result = validateReferralCode(input, {
    enabled: ctx.enabled,
    callerSub: userSub,
    caller: accounts.get(userSub),
    usedCode: await usedCodeOf(tx, userSub),
    emailWasReferee: await wasReferee(tx, ctx.emailHashKey, userSub),
    code: codeFacts,
    now: new Date(ctx.clock()),
  });
  return { result, code, referrerSub: found?.userSub, callerEmailHash };
}
