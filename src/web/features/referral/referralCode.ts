/**
 * Referral code rules on the client (spec §3, §5, docs/architecture.md "Decisions"): normalising
 * typed and linked codes, the syntax check made before the backend is asked, the link of a code,
 * and the messages of the referrer code widget (spec §2, §5, §8). The rules shared with the server
 * (normalisation, the message shape and reasons) are core's.
 */
import { normaliseReferralCode, REFERRAL_REASONS, referralCodeError } from '../../../core/referral';

export { referralCodeError };
/** Query parameters of a landing link that may carry a code, in order of preference (spec §2). */
export const REFERRAL_QUERY_PARAMS = ['ref', 'referral', 'referralCode'] as const;
/** Delay between the last keystroke and the validation, in milliseconds (spec §5, §9). */
export const VALIDATION_DEBOUNCE_MS = 1500;

// The widget's texts (English, spec §2) are translated as referralText.ts's `friend` texts; they
// stay here, where the landing's code (which the shell loads) needs none of the page's others.
/** Widget info text (spec §2). */
export const REFERRER_INFO_TEXT = "Enter a friend's referral code below and earn peanuts!";
/** Widget text for a valid code (spec §2). */
export const REFERRER_VALID_TEXT = 'This code is valid! Get bonus peanuts on your first purchase.';
/** Widget text when the backend holds the code the user used (spec §2). */
export const REFERRER_ALREADY_USED_TEXT =
  "You've already used a referral code. For more peanuts, share yours!";
/** Placeholder of the referrer code field (spec §2). */
export const REFERRER_PLACEHOLDER = 'Enter 8-character code';
/** Validation asked before the session is ready (spec §5, §8). */
export const SESSION_NOT_READY_MESSAGE = 'Session not ready. Please wait and try again.';
/** The validation call failed (spec §5, §8). */
export const VALIDATION_FAILED_MESSAGE = 'Unable to validate referral code. Please try again.';
/** The referrer code could not be loaded (spec §8). */
export const REFERRER_LOAD_FAILED_MESSAGE = 'Failed to load referrer code';
/**
 * Normalises a typed or linked code (spec §5, core's rule): uppercased, stripped of everything
 * but A-Z and 0-9, cut to 8 characters. `'ab-cd ef12 99'` -> `'ABCDEF12'`.
 */
export const normalizeReferralCode: (raw: string) => string = normaliseReferralCode;

/**
 * The syntax rule checked before the backend (spec §5): present, not blank, exactly 8 uppercase
 * letters or digits. Returns the error message ('Error with referral code: {code}: Code must be
 * of 8 hexadecimal digits, e.g.: ABCDEF12'), or null when the code passes.
 */
export function referralCodeSyntaxError(code: string): string | null {
  return /^[A-Z0-9]{8}$/.test(code) ? null : referralCodeError(code, REFERRAL_REASONS.syntax);
}

/**
 * The code of a landing link's query string (spec §2, §5): the first of `ref`, `referral`,
 * `referralCode` that is present, normalised; null when none carries a code.
 */
export function referralCodeFromQuery(search: string): string | null {
  const params = new URLSearchParams(search);
  for (const name of REFERRAL_QUERY_PARAMS) {
    const value = params.get(name);
    if (value !== null) {
      const code = normalizeReferralCode(value);
      if (code !== '') return code;
    }
  }
  return null;
}

/** The referral link of `code` on `origin` (spec §3): `{origin}/referral?ref={code}`. */
export function referralLink(origin: string, code: string): string {
  return `${origin}/referral?ref=${encodeURIComponent(code)}`;
}
