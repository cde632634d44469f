/**
 * Regions (spec §3, §7, §9). A region id looks like `xx-name-digit` (AWS region codes).
 */

/** A region as `GET /v1/regionsDetailed/` returns it (spec §3 "Detailed region"). */
export interface RegionDetailed {
  /** Region id, e.g. `eu-west-3`. */
  name: string;
  /** City the region is known by, e.g. `Paris`. */
  city: string;
  /** Country name in English, e.g. `France`. */
  country: string;
  /** Country's two-letter code in lower case, e.g. `fr`. */
  cctld: string;
  /**
   * False while no VPN host of the region is online (or all are full), so Create is refused;
   * absent when the service runs every VPN itself.
   */
  available?: boolean;
}

/** `GET /v1/regions/` response: the region ids. */
export interface RegionsResponse {
  regions: string[];
}

/** `GET /v1/regionsDetailed/` response. */
export interface RegionsDetailedResponse {
  regions: RegionDetailed[];
}

/** The region id pattern of spec §3: `xx-name-digit`, e.g. `us-east-1`, `cn-northwest-1`. */
export const REGION_PATTERN = /^[a-z]{2}-[a-z]+-\d$/;

/** True when `region` has the `xx-name-digit` form of spec §3 (it may still not exist). */
export function isRegionId(region: string): boolean {
  return REGION_PATTERN.test(region);
}

/** Sorts detailed regions by country, then city (spec §2 "Regions table"); returns a new array. */
export function sortRegions<T extends Pick<RegionDetailed, 'country' | 'city'>>(
  regions: readonly T[],
): T[] {
  return [...regions].sort(
    (a, b) => a.country.localeCompare(b.country, 'en') || a.city.localeCompare(b.city, 'en'),
  );
}
