import { deleteAfterSlider, effectiveMaxPeanuts, maxPeanutsSlider } from '../../src/core/vpnPanel';
import {
  DEFAULT_VPN_CONFIG_LIMITS,
  MOCK_VPN_CONFIG_LIMITS,
  type VpnConfigLimits,
} from '../../src/core/limits';

const limits = (
  deleteAfterFieldMinValue: number,
  deleteAfterFieldMaxValue: number,
): VpnConfigLimits => ({
  ...DEFAULT_VPN_CONFIG_LIMITS,
  deleteAfterFieldMinValue,
  deleteAfterFieldMaxValue,
});

describe('configuration panel (spec §2)', () => {
  describe('delete-after slider', () => {
    it('uses 14400 s and a 60 s step when the minimum is 300 or more (product limits)', () => {
      expect(deleteAfterSlider(DEFAULT_VPN_CONFIG_LIMITS)).toEqual({
        min: 300,
        max: 86400,
        step: 60,
        default: 14400,
      });
      expect(deleteAfterSlider(limits(600, 20000))).toEqual({
        min: 600,
        max: 20000,
        step: 60,
        default: 14400,
      });
    });

    it('uses half the range and a 1 s step when the minimum is below 300 (mock limits)', () => {
      expect(deleteAfterSlider(MOCK_VPN_CONFIG_LIMITS)).toEqual({
        min: 60,
        max: 300,
        step: 1,
        default: 180,
      });
      expect(deleteAfterSlider(limits(299, 86400))).toMatchObject({ step: 1, default: 43350 });
    });

    it('rounds half the range to the step', () => {
      expect(deleteAfterSlider(limits(60, 301)).default).toBe(181); // 60 + 120.5 -> 181
      expect(deleteAfterSlider(limits(0, 3)).default).toBe(2); // 1.5 -> 2
    });

    it('keeps the default within the range', () => {
      expect(deleteAfterSlider(limits(300, 3600)).default).toBe(3600);
      expect(deleteAfterSlider(limits(20000, 30000)).default).toBe(20000);
      expect(deleteAfterSlider(limits(100, 100)).default).toBe(100);
    });
  });

  describe('max-peanuts slider', () => {
    it('runs from 0 to the lower of the maximum limit and the balance, step 1, initial 0', () => {
      expect(maxPeanutsSlider(MOCK_VPN_CONFIG_LIMITS, 37)).toEqual({
        min: 0,
        max: 2,
        step: 1,
        default: 0,
      });
      expect(maxPeanutsSlider(DEFAULT_VPN_CONFIG_LIMITS, 10)).toEqual({
        min: 0,
        max: 10,
        step: 1,
        default: 0,
      });
    });

    it('floors a fractional bound to the step and never goes below 0', () => {
      expect(maxPeanutsSlider(DEFAULT_VPN_CONFIG_LIMITS, 10.75).max).toBe(10);
      expect(maxPeanutsSlider(MOCK_VPN_CONFIG_LIMITS, 0.5).max).toBe(0);
      expect(maxPeanutsSlider(MOCK_VPN_CONFIG_LIMITS, 0).max).toBe(0);
      expect(maxPeanutsSlider(MOCK_VPN_CONFIG_LIMITS, -3).max).toBe(0);
      expect(
        maxPeanutsSlider({ ...MOCK_VPN_CONFIG_LIMITS, maxPeanutsFieldMaxValue: 2.5 }, 37).max,
      ).toBe(2);
    });
  });

  describe('effectiveMaxPeanuts', () => {
    it('sends a value above 0 as is', () => {
      expect(effectiveMaxPeanuts(1, 37, 2)).toBe(1);
      expect(effectiveMaxPeanuts(2, 1.5, 2)).toBe(2);
    });

    it('turns 0 into all peanuts (0, unlimited) when the balance is below the limit', () => {
      expect(effectiveMaxPeanuts(0, 1.5, 2)).toBe(0);
      expect(effectiveMaxPeanuts(0, 0.05, 2)).toBe(0);
    });

    it('turns 0 into the maximum when the balance is at or above the limit', () => {
      expect(effectiveMaxPeanuts(0, 37, 2)).toBe(2);
      expect(effectiveMaxPeanuts(0, 2, 2)).toBe(2);
      expect(effectiveMaxPeanuts(0, 10, 100)).toBe(0);
    });
  });
});
