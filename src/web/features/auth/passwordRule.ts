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
import { fill, type Texts } from '../../i18n/translator';
import { AUTH_TEXT } from './authText';

/** The hint under new-password fields (English). */
export const PASSWORD_HINT = AUTH_TEXT.policy.hint;

/** The policy's texts (namespace `auth`, `policy`) in some language. */
export type PolicyTexts = Texts<typeof AUTH_TEXT.policy>;

/** The count each rule's text fills in (`{{count}}`). */
const COUNTS: Partial<Record<PasswordRule, number>> = {
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
};

/**
 * What is wrong with `password` under the policy (core's rule) in the words of `texts`
 * (default English), or undefined when it complies.
 */
export function passwordProblem(
  password: string,
  texts: PolicyTexts = AUTH_TEXT.policy,
): string | undefined {
  const rule = brokenPasswordRule(password);
  return rule && fill(texts[rule], { count: COUNTS[rule] ?? '' });
}
