/**
 * The password policy (spec §5, /doc-cli; Cognito's default policy, which the embedded identity
 * provider enforces): 8 to 256 characters with a digit, a lower-case letter, an upper-case letter
 * and a symbol. One rule for the server, the SDK and CLI, and the SPA's forms.
 */

/** Shortest password accepted. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (Cognito's limit). */
export const PASSWORD_MAX_LENGTH = 256;

/** The characters Cognito's password policy counts as symbols (space included). */
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** A rule of the policy. */
export type PasswordRule =
  'minLength' | 'maxLength' | 'digit' | 'lowercase' | 'uppercase' | 'symbol';

/** The first rule `password` breaks, in Cognito's order, or undefined when it complies. */
export function brokenPasswordRule(password: string): PasswordRule | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'minLength';
  if (password.length > PASSWORD_MAX_LENGTH) return 'maxLength';
  if (!/[0-9]/.test(password)) return 'digit';
  if (!/[a-z]/.test(password)) return 'lowercase';
  if (!/[A-Z]/.test(password)) return 'uppercase';
  if (!SYMBOL.test(password)) return 'symbol';
  return undefined;
}

/** The identity provider's words for each rule (Cognito's). */
const PROVIDER_WORDS: Readonly<Record<PasswordRule, string>> = {
  minLength: 'Password not long enough',
  maxLength: 'Password is too long',
  digit: 'Password must have numeric characters',
  lowercase: 'Password must have lowercase characters',
  uppercase: 'Password must have uppercase characters',
  symbol: 'Password must have symbol characters',
};

/**
 * Why `password` breaks the policy, as the identity provider words it (e.g. 'Password must
 * have uppercase characters'), or undefined when it complies.
 */
export function passwordPolicyViolation(password: string): string | undefined {
  const rule = brokenPasswordRule(password);
  return rule && PROVIDER_WORDS[rule];
}
