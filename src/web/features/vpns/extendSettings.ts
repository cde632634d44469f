/**
 * The sliders of the Extend form (docs/product.md "VPN list"), the Configuration panel's two
 * sliders prefilled with a VPN's config and bounded by what the server accepts
 * (core's vpnExtend.ts): deleteAfter from the higher of the minimum limit and the running time
 * to the maximum limit; maxPeanuts from the higher of the minimum limit and what it consumed to
 * the lower of the maximum limit and consumed + balance, in steps of 0.1 peanut.
 */
import type { VpnConfigLimits } from '../../../core/limits';
import { deleteAfterSlider, type SliderSpec } from '../../../core/vpnPanel';
import type { VpnWithMetrics } from '../../../core/vpn';

/** The step of the Extend form's max-peanuts slider (peanuts). */
export const EXTEND_PEANUTS_STEP = 0.1;

/** A slider of the Extend form, with its value as prefilled. */
export interface ExtendSlider extends SliderSpec {
  value: number;
}

/** The two sliders; `maxPeanuts` null when nothing can be added (no room in the balance). */
export interface ExtendSettings {
  deleteAfter: ExtendSlider;
  maxPeanuts: ExtendSlider | null;
}

const up = (value: number, step: number) => Math.ceil(value / step - 1e-9) * step;
const down = (value: number, step: number) => Math.floor(value / step + 1e-9) * step;
const tidy = (value: number) => Math.round(value * 100) / 100;

/** The Extend form's sliders for `item`, `limits` and `balance` (peanuts). */
export function extendSettings(
  item: VpnWithMetrics,
  limits: VpnConfigLimits,
  balance: number,
): ExtendSettings {
  const { config } = item.vpn;
  const ran = Number.isFinite(item.metrics?.duration) ? (item.metrics?.duration ?? 0) : 0;
  const consumed = Number.isFinite(item.metrics?.peanuts) ? (item.metrics?.peanuts ?? 0) : 0;
  const after = deleteAfterSlider(limits);
  const afterMin = Math.min(after.max, Math.max(after.min, up(ran, after.step)));
  const deleteAfter = {
    min: afterMin,
    max: after.max,
    step: after.step,
    default: config.deleteAfter,
    value: Math.min(after.max, Math.max(afterMin, config.deleteAfter)),
  };
  const step = EXTEND_PEANUTS_STEP;
  const min = tidy(up(Math.max(limits.maxPeanutsFieldMinValue, consumed), step));
  const max = tidy(down(Math.min(limits.maxPeanutsFieldMaxValue, consumed + balance), step));
  if (max < min) return { deleteAfter, maxPeanuts: null };
  const current = config.maxPeanuts > 0 ? config.maxPeanuts : max;
  return {
    deleteAfter,
    maxPeanuts: {
      min,
      max,
      step,
      default: current,
      value: tidy(Math.min(max, Math.max(min, current))),
    },
  };
}
