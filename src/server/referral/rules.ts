/**
 * The referral programme's decisions as pure functions over facts read from the database (spec
 * §1 "Referral programme" terms, §4 error codes, §8 messages). The service reads the facts, these
 * rules decide, so each term is stated once.
 */
import {
  isReferralCodeSyntax,
  normaliseReferralCode,
  REFERRAL_DISABLED_MESSAGE,
  REFERRAL_REASONS,
  referralCodeError,
  ReferralErrorCode,
  type ReferralValidation,
} from '../../core/referral';

/** What decides whether an account takes part (spec §1 "verified accounts in good standing"). */
export interface AccountFacts {
  /** The sign-up was confirmed and the email address proven. */
  verified: boolean;
  /** A purchase of the account is disputed (a chargeback): not in good standing. */
  disputed: boolean;
}

/** True for a verified account in good standing (spec §1). */
export function inGoodStanding(account: AccountFacts | undefined): boolean {
  return account !== undefined && account.verified && !account.disputed;
}

/** A code as found in the database, with its owner's standing. */
export interface CodeFacts {
  /** The owner's sub. */
  ownerSub: string;
  /** False: switched off. */
  active: boolean;
  /** Expiry, when any. */
  expiresAt: Date | null;
  /** The owner's standing. */
  owner: AccountFacts | undefined;
}

/** Everything the validation of a code for a would-be referee depends on. */
export interface ValidationFacts {
  /** `REFERRAL_ENABLED`. */
  enabled: boolean;
  /** The caller (the would-be referee). */
  callerSub: string;
  /** The caller's standing. */
  caller: AccountFacts | undefined;
  /** The code the caller already used, if any. */
  usedCode: string | undefined;
  /** The caller's email address was a referee before, on an account since deleted. */
  emailWasReferee: boolean;
  /** The code looked up, or undefined when unknown. */
  code: CodeFacts | undefined;
  /** Now. */
  now: Date;
}

/** A valid answer. */
const VALID: ReferralValidation = { isValid: true, error: '' };

/** An invalid answer with `message` and `errorCode`. */
function invalid(error: string, errorCode: ReferralErrorCode): ReferralValidation {
  return { isValid: false, error, errorCode };
}

/**
 * Whether `input` (normalised per spec §5 first) may be used by the caller, in the order: the
 * programme is on; the syntax is 8 hexadecimal digits; the caller has not used a code yet (once
 * per referee); the code exists; it is not the caller's own (self-referral); it has not expired;
 * it is active and its owner is in good standing; the caller is a verified account in good
 * standing whose email address was never a referee before (an account deleted and signed up
 * again is the same referee). `facts.code` must be the lookup of `normaliseReferralCode(input)`.
 */
export function validateReferralCode(input: string, facts: ValidationFacts): ReferralValidation {
  if (!facts.enabled) return invalid(REFERRAL_DISABLED_MESSAGE, ReferralErrorCode.UNKNOWN);
  const code = normaliseReferralCode(input);
  const fail = (reason: string, errorCode: ReferralErrorCode) =>
    invalid(referralCodeError(code, reason), errorCode);
  if (!isReferralCodeSyntax(code))
    return fail(REFERRAL_REASONS.syntax, ReferralErrorCode.INVALID_CODE);
  if (facts.usedCode !== undefined) {
    return fail(REFERRAL_REASONS.alreadyUsed(facts.usedCode), ReferralErrorCode.CODE_ALREADY_USED);
  }
  const found = facts.code;
  if (!found) return fail(REFERRAL_REASONS.unknown, ReferralErrorCode.INVALID_CODE);
  if (found.ownerSub === facts.callerSub) {
    return fail(REFERRAL_REASONS.self, ReferralErrorCode.SELF_REFERRAL);
  }
  if (found.expiresAt !== null && found.expiresAt.getTime() <= facts.now.getTime()) {
    return fail(REFERRAL_REASONS.expired, ReferralErrorCode.CODE_EXPIRED);
  }
  if (!found.active || !inGoodStanding(found.owner)) {
    return fail(REFERRAL_REASONS.inactive, ReferralErrorCode.INACTIVE_CODE);
  }
  if (!inGoodStanding(facts.caller) || facts.emailWasReferee) {
    return fail(REFERRAL_REASONS.ineligible, ReferralErrorCode.USER_NOT_ELIGIBLE);
  }
  return VALID;
}

/** What decides whether a held reward of one side may be credited now. */
export interface ReleaseFacts {
  /** The hold period is over. */
  holdOver: boolean;
  /** The qualifying purchase is still paid (not refunded or disputed, nor gone). */
  purchasePaid: boolean;
  /** The side's account, undefined when deleted. */
  account: AccountFacts | undefined;
  /** The side has at least one paid purchase (spec §1: each must buy a pack). */
  hasBought: boolean;
  /** Already credited. */
  credited: boolean;
  /** The side was forfeited (the referrer's qualifying purchases all reversed). */
  forfeited?: boolean;
}

/**
 * True when a side's reward is credited now (spec §1): after the hold period, while the
 * qualifying purchase stands, to a verified account in good standing that bought at least one
 * pack (and kept it), once, unless the side was forfeited.
 */
export function mayRelease(facts: ReleaseFacts): boolean {
  return (
    !facts.credited &&
    facts.forfeited !== true &&
    facts.holdOver &&
    facts.purchasePaid &&
    inGoodStanding(facts.account) &&
    facts.hasBought
  );
}

/** The ledger key of a side's reward: once per referral, and a referral is once per referee. */
export function rewardKey(relationshipId: string, side: 'referrer' | 'referee'): string {
  return `referral_reward:${relationshipId}:${side}`;
}

/** The ledger key of the debit that reverses a side's credited reward. */
export function reversalKey(relationshipId: string, side: 'referrer' | 'referee'): string {
  return `referral_reversal:${relationshipId}:${side}`;
}
