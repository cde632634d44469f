/**
 * The configuration panel's sliders (spec §2 "Configuration panel") as pure functions of the
 * limits and the balance.
 */
import type { VpnConfigLimits } from './limits';

/** A slider's range, step and initial value. */
export interface SliderSpec {
  min: number;
  max: number;
  step: number;
  /** Initial (default) value. */
  default: number;
}

/** Default deleteAfter (seconds) when the minimum limit is at least 300 s (spec §2). */
export const DELETE_AFTER_DEFAULT_S = 14400;
/** Minimum limit (seconds) from which the product defaults and the 60 s step apply (spec §2). */
export const DELETE_AFTER_PRODUCT_MIN_S = 300;
/** deleteAfter step (seconds) when the minimum is at least 300 s, else 1 (spec §2). */
export const DELETE_AFTER_STEP_S = 60;
/** max-peanuts slider step (peanuts; spec §2). */
export const MAX_PEANUTS_STEP = 1;

/**
 * The delete-after slider (seconds; spec §2): from the minimum to the maximum limit; step 60 if
 * the minimum is 300 or more, else 1; initial 14400 if the minimum is 300 or more, else half the
 * range (min + (max - min) / 2, rounded to the step). The initial value is clamped to the range
 * (e.g. a maximum below 14400 gives the maximum).
 */
export function deleteAfterSlider(limits: VpnConfigLimits): SliderSpec {
  const min = limits.deleteAfterFieldMinValue;
  const max = limits.deleteAfterFieldMaxValue;
  const product = min >= DELETE_AFTER_PRODUCT_MIN_S;
  const step = product ? DELETE_AFTER_STEP_S : 1;
  const wanted = product ? DELETE_AFTER_DEFAULT_S : min + Math.round((max - min) / 2 / step) * step;
  return { min, max, step, default: Math.min(max, Math.max(min, wanted)) };
}

/**
 * The max-peanuts slider (peanuts; spec §2): from 0 to the lower of the maximum limit and the
 * balance, step 1, initial 0. The maximum is floored to a whole step (a slider only reaches
 * multiples of its step) and is never below 0 (a balance at or below 0 gives 0 to 0).
 */
export function maxPeanutsSlider(limits: VpnConfigLimits, balance: number): SliderSpec {
  const upper = Math.min(limits.maxPeanutsFieldMaxValue, balance);
  const max = Math.max(0, Math.floor(upper / MAX_PEANUTS_STEP) * MAX_PEANUTS_STEP);
  return { min: 0, max, step: MAX_PEANUTS_STEP, default: 0 };
}

/**
 * The maxPeanuts to send for a slider value (spec §2: "0 means all peanuts if the balance is below
 * the limit, otherwise the maximum"):
 * - a value above 0 is sent as is;
 * - 0 with a balance below `limitMax` gives 0, which the server stores as -1 (unlimited: the VPN
 *   may consume the whole balance, spec §4) - this never fails with 'Not enough peanuts' when the
 *   balance moves meanwhile;
 * - 0 otherwise gives `limitMax`.
 */
export function effectiveMaxPeanuts(
  sliderValue: number,
  balance: number,
  limitMax: number,
): number {
  if (sliderValue > 0) return sliderValue;
  return balance < limitMax ? 0 : limitMax;
}
