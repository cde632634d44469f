/**
 * The product's password policy (spec §5, the CLI docs; the identity provider enforces it):
 * at least 8 characters with a digit, a lower-case letter, an upper-case letter and a symbol.
 * Forms check it as the user types; the provider's message is shown when it still refuses.
 */

/** The hint under new-password fields. */
export const PASSWORD_HINT =
  'At least 8 characters with a digit, a lower-case letter, an upper-case letter and a symbol.';

/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;

/** The characters Cognito's password policy counts as symbols. */
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** What is wrong with `password` under the policy, or undefined when it complies. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (!/[0-9]/.test(password)) return 'The password must have a digit.';
  if (!/[a-z]/.test(password)) return 'The password must have a lower-case letter.';
  if (!/[A-Z]/.test(password)) return 'The password must have an upper-case letter.';
  if (!SYMBOL.test(password)) return 'The password must have a symbol.';
  return undefined;
}
