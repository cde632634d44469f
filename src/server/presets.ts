/**
 * The constants presets (docs/architecture.md "Fixed points", `PRESET`): the product's constants,
 * or the mock backend's of spec §9 (tests and demos).
 */
import { SIGNUP_BONUS_PEANUTS } from '../core/constants';
import {
  DEFAULT_VPN_CONFIG_LIMITS,
  MOCK_VPN_CONFIG_LIMITS,
  type VpnConfigLimits,
} from '../core/limits';
import type { PresetName } from './config';

/** A range of milliseconds, both ends included. */
export interface MsRange {
  min: number;
  max: number;
}

/** The business constants a preset sets. */
export interface Preset {
  name: PresetName;
  /** Peanuts credited once when a sign-up is confirmed (spec §1: 10; spec §9 mock: 37). */
  signupBonusPeanuts: number;
  /** The VPN limits put in the id token's `custom:config` claim (spec §3, §5). */
  limits: Readonly<VpnConfigLimits>;
  /** Delay added to every `/v1/` answer, in milliseconds (spec §9 mock: 50 to 150), or none. */
  apiLatencyMs: Readonly<MsRange> | undefined;
}

/** The product's constants (docs/architecture.md "Fixed points"). */
export const PRODUCT_PRESET: Readonly<Preset> = Object.freeze({
  name: 'product',
  signupBonusPeanuts: SIGNUP_BONUS_PEANUTS,
  limits: DEFAULT_VPN_CONFIG_LIMITS,
  apiLatencyMs: undefined,
});

/** Spec §9's mock backend: starting balance 37, limits 0.1-2 peanuts and 60-300 s, 50-150 ms. */
export const MOCK_PRESET: Readonly<Preset> = Object.freeze({
  name: 'mock',
  signupBonusPeanuts: 37,
  limits: MOCK_VPN_CONFIG_LIMITS,
  apiLatencyMs: Object.freeze({ min: 50, max: 150 }),
});

/** The preset named `name`. */
export function presetOf(name: PresetName): Readonly<Preset> {
  return name === 'mock' ? MOCK_PRESET : PRODUCT_PRESET;
}
