/**
 * The settings of the next VPN (spec §2 "Configuration panel"), computed once for both the
 * configuration panel (what it shows) and the create saga (what it sends), so the two never
 * disagree: the max-peanuts value is clamped to the slider's range (the lower of the limit and
 * the balance) before it is shown and before it is sent.
 */
import { createSelector } from '@reduxjs/toolkit';
import type { VpnConfigLimits } from '../../../core/limits';
import {
  deleteAfterSlider,
  effectiveMaxPeanuts,
  maxPeanutsSlider,
  type SliderSpec,
} from '../../../core/vpnPanel';
import { balanceApi } from '../balance';
import type { RootState } from '../../app/store';
import { selectDeleteAfter, selectMaxPeanuts, selectVpnLimits } from './vpnsSlice';

/** A slider with its current value (within its range). */
export interface SliderSetting extends SliderSpec {
  value: number;
}

/** The next VPN's settings. */
export interface CreateSettings {
  limits: VpnConfigLimits;
  /** The balance they were computed with (peanuts). */
  balance: number;
  /** Seconds. */
  deleteAfter: SliderSetting;
  /** Peanuts; 0 means all peanuts or the maximum (spec §2). */
  maxPeanuts: SliderSetting;
  /** What the creation request carries: deleteAfter (seconds) and maxPeanuts (peanuts). */
  request: { deleteAfter: number; maxPeanuts: number };
}

const clamp = (value: number, { min, max }: SliderSpec) => Math.min(max, Math.max(min, value));

/**
 * The settings for `limits` and `balance` (peanuts) given the sliders' values as moved
 * (`deleteAfter` null: its default). Null without limits.
 */
export function createSettings(
  limits: VpnConfigLimits | null,
  balance: number,
  deleteAfter: number | null,
  maxPeanuts: number,
): CreateSettings | null {
  if (!limits) return null;
  const after = deleteAfterSlider(limits);
  const peanuts = maxPeanutsSlider(limits, balance);
  const afterValue = clamp(deleteAfter ?? after.default, after);
  const peanutsValue = clamp(maxPeanuts, peanuts);
  return {
    limits,
    balance,
    deleteAfter: { ...after, value: afterValue },
    maxPeanuts: { ...peanuts, value: peanutsValue },
    request: {
      deleteAfter: afterValue,
      maxPeanuts: effectiveMaxPeanuts(peanutsValue, balance, limits.maxPeanutsFieldMaxValue),
    },
  };
}

const selectCachedBalance = balanceApi.endpoints.getBalance.select();

/** The balance in the RTK Query cache (peanuts), undefined until loaded. */
export const selectBalance = (state: RootState): number | undefined =>
  selectCachedBalance(state).data;

/**
 * The next VPN's settings from the store; `balance` (peanuts) overrides the cached balance (the
 * create saga passes the one it has just read). Null without limits or without a balance.
 */
export const selectCreateSettings = createSelector(
  [
    selectVpnLimits,
    (state: RootState, balance?: number) => balance ?? selectBalance(state),
    selectDeleteAfter,
    selectMaxPeanuts,
  ],
  (limits, balance, deleteAfter, maxPeanuts) =>
    balance === undefined ? null : createSettings(limits, balance, deleteAfter, maxPeanuts),
);
