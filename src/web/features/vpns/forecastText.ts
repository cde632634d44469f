/** The forecast of a Running VPN in words (docs/product.md "VPN list"). */
import type { VpnForecast } from '../../../core/vpnUsage';
import { humanDuration } from '../../lib/time';
import type { Language } from '../../i18n/languages';
import { fill, type Texts } from '../../i18n/translator';

/** The forecast's texts (English; namespace `forecast`). */
export const FORECAST_TEXT = {
  endsIn: 'ends in about {{duration}}: {{reason}}',
  endsNow: 'ends now: {{reason}}',
  reasons: { 'max-peanuts': 'max-peanuts', balance: 'balance', deadline: 'deadline' },
} as const;

/**
 * E.g. "ends in about 2 hours: max-peanuts", from `nowMs` (epoch ms), in the language of `text`
 * (its durations in `language`'s words).
 */
export function forecastText(
  forecast: VpnForecast,
  nowMs: number,
  text: Texts<typeof FORECAST_TEXT> = FORECAST_TEXT,
  language: Language = 'en',
): string {
  const reason = text.reasons[forecast.reason];
  const seconds = Math.round((Date.parse(forecast.endsAt) - nowMs) / 1000);
  if (seconds <= 0) return fill(text.endsNow, { reason });
  return fill(text.endsIn, { duration: humanDuration(seconds, language), reason });
}
