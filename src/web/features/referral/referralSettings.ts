/**
 * The referral settings the server publishes in `/app-config.json` as
 * `referral: {enabled, rewardPeanuts, holdSeconds}` (docs/architecture.md "referral settings"),
 * read tolerantly: a missing or malformed block gives the defaults (5 peanuts each side, no hold).
 */

/** The referral programme's settings as the SPA uses them. */
export interface ReferralSettings {
  /** False when the programme is switched off (`REFERRAL_ENABLED=false`). */
  enabled: boolean;
  /** Peanuts granted to each side (referrer and referee). */
  rewardPeanuts: number;
  /** Seconds a reward is held before it is released; 0 for none. */
  holdSeconds: number;
}

/** The defaults (docs/architecture.md: 5 peanuts to each side, no hold in the embedded default). */
export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  enabled: true,
  rewardPeanuts: 5,
  holdSeconds: 0,
};

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The settings of a loaded app config (any shape; null before boot). */
export function referralSettingsOf(appConfig: unknown): ReferralSettings {
  const block =
    typeof appConfig === 'object' && appConfig !== null
      ? (appConfig as { referral?: unknown }).referral
      : undefined;
  if (typeof block !== 'object' || block === null) return DEFAULT_REFERRAL_SETTINGS;
  const { enabled, rewardPeanuts, holdSeconds } = block as Record<string, unknown>;
  return {
    enabled: typeof enabled === 'boolean' ? enabled : DEFAULT_REFERRAL_SETTINGS.enabled,
    rewardPeanuts: isNumber(rewardPeanuts)
      ? rewardPeanuts
      : DEFAULT_REFERRAL_SETTINGS.rewardPeanuts,
    holdSeconds: isNumber(holdSeconds) ? holdSeconds : DEFAULT_REFERRAL_SETTINGS.holdSeconds,
  };
}
