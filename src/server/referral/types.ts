/**
 * The referral programme's contract (spec §1 terms, §3, §4, §7): its settings, what
 * the service needs, the purchase the billing service reports, and `ReferralService` itself.
 * Re-exported by service.ts, which is where callers import them from.
 */
import type {
  ReferralHistoryResponse,
  ReferralStats,
  ReferralValidation,
} from '../../core/referral';
import type { Database } from '../db';
import type { Executor, LedgerService } from '../ledger/service';

/** The programme's settings (REFERRAL_ENABLED, REFERRAL_REWARD_PEANUTS, REFERRAL_HOLD_S). */
export interface ReferralSettings {
  /** False switches the programme off. */
  enabled: boolean;
  /** Nano-peanuts to each side. */
  rewardNano: number;
  /** Hold period in milliseconds. */
  holdMs: number;
}

/** What the referral service needs. */
export interface ReferralDeps {
  db: Database;
  ledger: LedgerService;
  settings: ReferralSettings;
  /** The server secret of secrets/index.ts `emailHash` (the `referee_emails` record). */
  emailHashKey: Buffer;
  /** Now in epoch milliseconds (default Date.now). */
  clock?: () => number;
}

/** A purchase just credited, as the billing service reports it. */
export interface CreditedPurchase {
  /** Checkout session id. */
  sessionId: string;
  /** The buyer. */
  userSub: string;
  /** The code that came with it (client_reference_id after the sub), when any. */
  referralCode: string | undefined;
}

/** The referral operations. */
export interface ReferralService {
  /** The caller's own code, made on first use (spec §7 GET /v1/referral/referralCode). */
  ownCode(userSub: string, tx?: Executor): Promise<string>;
  /** The code the caller used, or null. */
  referrerCode(userSub: string): Promise<string | null>;
  /** Whether the caller may use `input` (spec §4, §8 reasons). */
  validate(userSub: string, input: string): Promise<ReferralValidation>;
  /** The caller's statistics. */
  stats(userSub: string): Promise<ReferralStats>;
  /** The caller's referrals (either side), newest first; `nextToken` from the previous page. */
  history(userSub: string, limit: number, nextToken?: string): Promise<ReferralHistoryResponse>;
  /**
   * In the purchase's transaction: records the referral its code makes (when valid), then
   * credits the rewards now due to the buyer's referrals on either side. Answers why a code was
   * refused ('' when recorded or none).
   */
  onPurchaseCredited(purchase: CreditedPurchase, tx: Executor): Promise<string>;
  /** In the refund's or dispute's transaction: withholds or reverses its referral's rewards. */
  onPurchaseReversed(sessionId: string, tx: Executor): Promise<void>;
  /**
   * Credits every held reward now due (the hold period over, the conditions met), each referral
   * in its own transaction. Answers the number of rewards credited. `atMs` defaults to now.
   */
  releaseDue(atMs?: number): Promise<number>;
  /** In the account-deleting transaction: the account's side of its referrals goes. */
  onUserDeleted(userSub: string, tx: Executor): Promise<void>;
}
