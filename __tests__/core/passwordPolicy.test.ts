import { brokenPasswordRule, passwordPolicyViolation } from '../../src/core/passwordPolicy';

describe('the password policy (spec §5)', () => {
  it.each([
    ['Sh0rt!a', 'minLength', 'Password not long enough'],
    [`Aa1!${'x'.repeat(253)}`, 'maxLength', 'Password is too long'],
    ['NoDigits!!', 'digit', 'Password must have numeric characters'],
    ['NOLOWER1!', 'lowercase', 'Password must have lowercase characters'],
    ['noupper1!', 'uppercase', 'Password must have uppercase characters'],
    ['NoSymbol11', 'symbol', 'Password must have symbol characters'],
  ])('%s breaks %s: %s', (password, rule, words) => {
    expect(brokenPasswordRule(password)).toBe(rule);
    expect(passwordPolicyViolation(password)).toBe(words);
  });

  it('accepts a compliant password, a space counting as a symbol', () => {
    expect(passwordPolicyViolation('Peanut-Passw0rd')).toBeUndefined();
    expect(passwordPolicyViolation('Peanut Passw0rd')).toBeUndefined();
    expect(brokenPasswordRule(`Aa1!${'x'.repeat(252)}`)).toBeUndefined();
  });
});
