/**
 * The product's password policy (spec §5, the CLI docs; the identity provider enforces it):
 * at least 8 characters with a digit, a lower-case letter, an upper-case letter and a symbol.
 * Forms check it as the user types; the provider's message is shown when it still refuses.
 */
import {
  brokenPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordRule,
} from '../../../core/passwordPolicy';

/** The hint under new-password fields. */
export const PASSWORD_HINT =
  'At least 8 characters with a digit, a lower-case letter, an upper-case letter and a symbol.';

/** The forms' words for each rule of the policy. */
const PROBLEMS: Readonly<Record<PasswordRule, string>> = {
  minLength: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  maxLength: `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  digit: 'The password must have a digit.',
  lowercase: 'The password must have a lower-case letter.',
  uppercase: 'The password must have an upper-case letter.',
  symbol: 'The password must have a symbol.',
};

/** What is wrong with `password` under the policy (core's rule), or undefined when it complies. */
export function passwordProblem(password: string): string | undefined {
  const rule = brokenPasswordRule(password);
  return rule && PROBLEMS[rule];
}
