/**
 * The regions service: the enabled regions of the `regions` table (spec §3, §7).
 *
 * The list is public, read on most page loads and rarely changes, while PGlite runs one query at
 * a time; so it is cached for REGIONS_CACHE_TTL_MS (one query per period however many readers).
 * A change made by this process shows at once after `invalidate()`; other processes of a fleet
 * see it within the period.
 */
import { asc, eq } from 'drizzle-orm';
import type { RegionDetailed } from '../../core/regions';
import type { Database } from '../db';
import { regions } from '../db/schema';

/** Reads regions. */
export interface RegionsService {
  /** The enabled regions, ordered by id. */
  listDetailed(): Promise<RegionDetailed[]>;
  /** The ids of the enabled regions, ordered. */
  listIds(): Promise<string[]>;
  /**
   * The ids of the listed regions an operator has disabled (docs/operator-console.md
   * "Regions"): shown unavailable, they take no new VPN.
   */
  disabledIds(): Promise<Set<string>>;
  /** Forgets the cached list: the next read queries the database. */
  invalidate(): void;
}

/** How long the region list is cached, in milliseconds. */
export const REGIONS_CACHE_TTL_MS = 10_000;

/** Creates the regions service on `db`, caching for `ttlMs` milliseconds (0: no cache). */
export function createRegionsService(db: Database, ttlMs = REGIONS_CACHE_TTL_MS): RegionsService {
  const query = async (): Promise<(RegionDetailed & { operatorDisabled: boolean })[]> =>
    db
      .select({
        name: regions.id,
        city: regions.city,
        country: regions.country,
        cctld: regions.cctld,
        operatorDisabled: regions.operatorDisabled,
      })
      .from(regions)
      .where(eq(regions.enabled, true))
      .orderBy(asc(regions.id));

  // One pending or fresh query shared by every reader; a failed query is not cached.
  let cached: { list: ReturnType<typeof query>; expires: number } | undefined;
  const read = (): ReturnType<typeof query> => {
    const now = Date.now();
    if (cached && now < cached.expires) return cached.list;
    const entry = { list: query(), expires: now + ttlMs };
    cached = entry;
    entry.list.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.list;
  };

  return {
    listDetailed: async () =>
      (await read()).map(({ operatorDisabled: _disabled, ...region }) => region),
    listIds: async () => (await read()).map((region) => region.name),
    disabledIds: async () =>
      new Set((await read()).filter((region) => region.operatorDisabled).map(({ name }) => name)),
    invalidate: () => {
      cached = undefined;
    },
  };
}
