/**
 * Referral programme rules shared by the server and the clients (spec §1 "Referral programme",
 * §3, §4 error codes, §5 code syntax, §7 API shapes, §8 messages; docs/architecture.md "Decisions":
 * codes are generated as 8 uppercase hexadecimal digits). No I/O.
 */

/** Length of a referral code (spec §9). */
export const REFERRAL_CODE_LENGTH = 8;

/** A code the server issues and accepts: 8 uppercase hexadecimal digits (docs/architecture.md). */
export const REFERRAL_CODE_PATTERN = /^[0-9A-F]{8}$/;

/**
 * Normalises a typed or linked code (spec §5): uppercased, stripped of everything except A-Z
 * and 0-9, cut to 8 characters. Non-strings give ''.
 */
export function normaliseReferralCode(input: unknown): string {
  if (typeof input !== 'string') return '';
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, REFERRAL_CODE_LENGTH);
}

/** True when `code` is exactly 8 uppercase hexadecimal digits (the server's syntax). */
export function isReferralCodeSyntax(code: string): boolean {
  return REFERRAL_CODE_PATTERN.test(code);
}

/** The referral error codes of spec §4. */
export const ReferralErrorCode = {
  UNKNOWN: 0,
  INVALID_CODE: 1,
  CODE_EXPIRED: 2,
  CODE_ALREADY_USED: 3,
  SELF_REFERRAL: 4,
  INACTIVE_CODE: 5,
  USER_NOT_ELIGIBLE: 6,
  REWARD_DISTRIBUTION_FAILED: 7,
  SUSPICIOUS_ACTIVITY: 8,
} as const;
/** A referral error code (spec §4), 0-8. */
export type ReferralErrorCode = (typeof ReferralErrorCode)[keyof typeof ReferralErrorCode];

/** The reasons of spec §8, exactly (the spec's "you're" is kept). */
export const REFERRAL_REASONS = {
  syntax: 'Code must be of 8 hexadecimal digits, e.g.: ABCDEF12',
  unknown: 'Unknown code',
  expired: 'expired',
  alreadyUsed: (usedCode: string): string => `you have already used a referral code: ${usedCode}`,
  self: "you cannot use you're own referral code",
  inactive: 'inactive',
  ineligible: 'ineligible. See referral program conditions.',
} as const;

/** The message when the programme is switched off (spec §8), answered as is. */
export const REFERRAL_DISABLED_MESSAGE = 'Referral service is currently disabled.';

/** 'Error with referral code: {code}: {reason}' (spec §8). */
export function referralCodeError(code: string, reason: string): string {
  return `Error with referral code: ${code}: ${reason}`;
}

/** `POST /v1/referral/validate` body. */
export interface ReferralValidateRequest {
  /** The code to check (normalised by the server per spec §5 before checking). */
  referralCode: string;
}

/**
 * `POST /v1/referral/validate` answer (spec §3 "Referral validation result"): `error` is '' when
 * valid; `errorCode` (spec §4) is present only when not valid.
 */
export interface ReferralValidation {
  isValid: boolean;
  error: string;
  errorCode?: ReferralErrorCode;
}

/** `GET /v1/referral/referralCode` answer: the caller's own code. */
export interface ReferralCodeResponse {
  referralCode: string;
}

/** `GET /v1/referral/referrerCode` answer: the code the caller used, or null. */
export interface ReferrerCodeResponse {
  referrerCode: string | null;
}

/** `GET /v1/referral/stats` answer (spec §3). */
export interface ReferralStats {
  /** Referrals the caller takes part in (either side), not reversed. */
  totalReferrals: number;
  /** Peanuts the programme credited to the caller, net of reversals. */
  totalRewardsEarned: number;
}

/** Where a referral stands: rewards held, credited, or withheld/reversed. */
export type ReferralStatus = 'pending' | 'rewarded' | 'reversed';

/** One history item (spec §3), amounts in peanuts (0 when reversed). */
export interface ReferralHistoryItem {
  relationshipId: string;
  /** The code used. */
  referralCode: string;
  /** ISO 8601. */
  createdAt: string;
  /** The referrer's reward. */
  referrerReward: number;
  /** The referee's reward. */
  refereeReward: number;
  /** The caller's side (extension: the spec's item has no such field). */
  role: 'referrer' | 'referee';
  /** Extension: pending (held), rewarded (credited) or reversed. */
  status: ReferralStatus;
}

/** `GET /v1/referral/history` answer (spec §3): newest first. */
export interface ReferralHistoryResponse {
  history: ReferralHistoryItem[];
  pagination: {
    /** Pass as `nextToken` for the next (older) page; null on the last page. */
    nextToken: string | null;
    hasMore: boolean;
  };
}

/** The programme's settings as `/app-config.json` states them (for /referral/terms). */
export interface ReferralAppConfig {
  /** False when `REFERRAL_ENABLED=false`. */
  enabled: boolean;
  /** Peanuts given to each side (`REFERRAL_REWARD_PEANUTS`). */
  rewardPeanuts: number;
  /** Seconds rewards are held before release (`REFERRAL_HOLD_S`). */
  holdSeconds: number;
}
