/**
 * Schemas of the region routes (spec §3 "Detailed region", §7).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { SameShape } from './common';
import type { RegionDetailed, RegionsDetailedResponse, RegionsResponse } from '../../core/regions';

/** A region id, `xx-name-digit` (spec §3). */
const RegionId = Type.String({ pattern: '^[a-z]{2}-[a-z]+-\\d$', examples: ['eu-west-3'] });

/** `RegionDetailed` of src/core/regions.ts. */
export const RegionDetailedSchema = Type.Object(
  {
    name: RegionId,
    city: Type.String({ examples: ['Paris'] }),
    country: Type.String({ examples: ['France'] }),
    cctld: Type.String({ pattern: '^[a-z]{2}$', examples: ['fr'] }),
    available: Type.Optional(
      Type.Boolean({
        description:
          'False while no VPN host of the region is online (Create is refused); absent when the service runs every VPN itself',
      }),
    ),
  },
  { title: 'RegionDetailed', description: 'A region and where it is' },
);

/** `GET /v1/regions/` response. */
export const RegionsResponseSchema = Type.Object(
  { regions: Type.Array(RegionId) },
  { title: 'RegionsResponse', description: 'The ids of the enabled regions' },
);

/** `GET /v1/regionsDetailed/` response. */
export const RegionsDetailedResponseSchema = Type.Object(
  { regions: Type.Array(RegionDetailedSchema) },
  { title: 'RegionsDetailedResponse', description: 'The enabled regions with city and country' },
);

// Compile-time checks that the schemas and the shared core types stay the same shape.
const _regionDetailed: SameShape<Static<typeof RegionDetailedSchema>, RegionDetailed> = true;
const _regions: SameShape<Static<typeof RegionsResponseSchema>, RegionsResponse> = true;
const _detailed: SameShape<
  Static<typeof RegionsDetailedResponseSchema>,
  RegionsDetailedResponse
> = true;
