/**
 * Referral code rules of src/core (spec §5, §8; docs/architecture.md "Decisions"): normalisation of
 * typed and linked codes, the server's 8-hex-digit syntax, and the error message format.
 */
import {
  isReferralCodeSyntax,
  normaliseReferralCode,
  REFERRAL_REASONS,
  referralCodeError,
} from '../../src/core/referral';

describe('referral code rules', () => {
  it.each([
    [' abcd-ef12 ', 'ABCDEF12'],
    ['abcdef1234', 'ABCDEF12'],
    ['ab!cd', 'ABCD'],
    ['', ''],
    ['ÀBCDEF12', 'BCDEF12'],
  ])('normalises %j to %j (upper case, A-Z and 0-9 only, 8 at most)', (input, expected) => {
    expect(normaliseReferralCode(input)).toBe(expected);
  });

  it('normalises a non-string to the empty code', () => {
    expect(normaliseReferralCode(undefined)).toBe('');
    expect(normaliseReferralCode(12345678)).toBe('');
  });

  it.each([
    ['ABCDEF12', true],
    ['00000000', true],
    ['ABCDEFGH', false],
    ['abcdef12', false],
    ['ABCDEF1', false],
    ['ABCDEF123', false],
  ])('checks the syntax of %s: %s', (code, valid) => {
    expect(isReferralCodeSyntax(code)).toBe(valid);
  });

  it("formats 'Error with referral code: {code}: {reason}' with the spec's reasons", () => {
    expect(referralCodeError('ABCDEF12', REFERRAL_REASONS.alreadyUsed('12345678'))).toBe(
      'Error with referral code: ABCDEF12: you have already used a referral code: 12345678',
    );
    expect(REFERRAL_REASONS.syntax).toBe('Code must be of 8 hexadecimal digits, e.g.: ABCDEF12');
    expect(REFERRAL_REASONS.self).toBe("you cannot use you're own referral code");
  });
});
