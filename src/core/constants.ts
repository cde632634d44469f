/**
 * Business and UI constants of spec §9 that every part shares.
 */

/** Peanuts credited once when a sign-up is confirmed (spec §1, §9). */
export const SIGNUP_BONUS_PEANUTS = 10;
/** VPN list page size in the UI (spec §2, §9). */
export const UI_VPN_PAGE_SIZE = 4;
/** VPN list page size the library asks for by default (spec §7, §9). */
export const LIBRARY_VPN_PAGE_SIZE = 1000;
/** Debounce of the FAQ and docs search box, in milliseconds (spec §9). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Time after which a lazy chunk load fails with ChunkLoadError, in milliseconds (spec §8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Delay before scrolling to an anchor, in milliseconds (spec §9). */
export const ANCHOR_SCROLL_DELAY_MS = 0;
/** Balance badge: at or below this it is an error (spec §2, §9). */
export const BALANCE_ERROR_AT_OR_BELOW = 0;
/** Balance badge: above 0 and up to this it is a warning; above it, info (spec §2, §9). */
export const BALANCE_WARNING_UP_TO = 5;

/** Responsive breakpoints in CSS pixels (spec §9). */
export const BREAKPOINTS = {
  base: 0,
  sm: 480,
  md: 768,
  lg: 992,
  xl: 1280,
  xxl: 1536,
} as const;
