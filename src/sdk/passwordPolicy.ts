/**
 * The password rule of /doc-cli (spec §5: at least 8 characters with a digit, a lower case
 * letter, an upper case letter and a symbol), checked on the client before sign-up with the
 * identity provider's own message (Cognito's default policy and wording, which the embedded
 * provider answers too). The rule itself lives in core.
 */

import { passwordPolicyViolation } from '../core/passwordPolicy';

export { PASSWORD_MIN_LENGTH, passwordPolicyViolation } from '../core/passwordPolicy';

/**
 * The identity provider's message for a password that breaks the rule ('Password did not conform
 * with policy: {reason}'), or undefined when it follows the rule.
 */
export function passwordPolicyMessage(password: string): string | undefined {
  const violation = passwordPolicyViolation(password);
  return violation && `Password did not conform with policy: ${violation}`;
}
