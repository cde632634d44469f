/**
 * Peanut packs (spec §2 "Pricing", §3 "Peanuts pack", §9).
 */
import { NANO_PER_BYTE, NANO_PER_SECOND, toNano } from './peanuts';

/** A pack of peanuts for sale (spec §3). */
export interface PeanutsPack {
  /** Stable pack id, e.g. `starter`. */
  id: string;
  /** Display name, e.g. `Starter`. */
  name: string;
  /** Duration estimates, one bullet each (informational: they vary by region). */
  description: string[];
  /** Peanuts credited on purchase. */
  peanuts: number;
  /** Price in US dollars. */
  price: number;
  /** Purchase link (a checkout page). */
  url: string;
}

/** `GET /v1/peanuts/packs/` response. */
export interface PeanutsPacksResponse {
  packs: PeanutsPack[];
}

/** A rough duration: whole hours, or whole minutes under an hour. */
export interface RoughDuration {
  unit: 'hour' | 'minute';
  count: number;
}

/** Whole hours, or minutes under an hour, of `seconds` (truncated). */
export function roughDurationOf(seconds: number): RoughDuration {
  const hours = Math.floor(seconds / 3600);
  if (hours >= 1) return { unit: 'hour', count: hours };
  return { unit: 'minute', count: Math.floor(seconds / 60) };
}

/** Formats whole hours or minutes for an estimate, e.g. `3 hours`, `45 minutes`, `1 hour`. */
function roughDuration(seconds: number): string {
  const { unit, count } = roughDurationOf(seconds);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** A pack's estimates (packDescription's numbers): seconds idle, seconds at 1 MiB/h, MiB. */
export interface PackEstimates {
  idleSeconds: number;
  lightSeconds: number;
  trafficMiB: number;
}

/** The estimates of a pack of `peanuts` at the spec §9 rates. */
export function packEstimates(peanuts: number): PackEstimates {
  const nano = toNano(peanuts);
  const mib = 1024 * 1024;
  return {
    idleSeconds: nano / NANO_PER_SECOND,
    lightSeconds: nano / (NANO_PER_SECOND + (mib * NANO_PER_BYTE) / 3600), // 1 MiB per hour
    trafficMiB: Math.floor(nano / NANO_PER_BYTE / mib),
  };
}

/**
 * The bullet list of duration estimates for a pack of `peanuts` at the spec §9 rates
 * (0.0015 peanut per second, 5e-7 peanut per byte).
 */
export function packDescription(peanuts: number): string[] {
  const { idleSeconds, lightSeconds, trafficMiB } = packEstimates(peanuts);
  return [
    `About ${roughDuration(idleSeconds)} of an idle VPN`,
    `About ${roughDuration(lightSeconds)} with 1 MiB of traffic per hour`,
    `Or up to ${trafficMiB} MiB of traffic`,
  ];
}
