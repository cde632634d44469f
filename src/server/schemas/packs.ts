/**
 * Schemas of the peanut pack routes (spec §3 "Peanuts pack", §7).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { SameShape } from './common';
import type { PeanutsPack, PeanutsPacksResponse } from '../../core/packs';

/** `PeanutsPack` of src/core/packs.ts. */
export const PeanutsPackSchema = Type.Object(
  {
    id: Type.String({ examples: ['starter'] }),
    name: Type.String({ examples: ['Starter'] }),
    description: Type.Array(Type.String(), { description: 'Duration estimates, one per bullet' }),
    peanuts: Type.Number({ description: 'Peanuts credited on purchase', examples: [17] }),
    price: Type.Number({ description: 'Price in US dollars', examples: [2.71] }),
    url: Type.String({ description: 'Purchase link', examples: ['/checkout/starter'] }),
  },
  { title: 'PeanutsPack', description: 'A pack of peanuts for sale' },
);

/** `GET /v1/peanuts/packs/` response. */
export const PeanutsPacksResponseSchema = Type.Object(
  { packs: Type.Array(PeanutsPackSchema) },
  { title: 'PeanutsPacksResponse', description: 'The packs for sale, cheapest first' },
);

// Compile-time checks that the schemas and the shared core types stay the same shape.
const _pack: SameShape<Static<typeof PeanutsPackSchema>, PeanutsPack> = true;
const _packs: SameShape<Static<typeof PeanutsPacksResponseSchema>, PeanutsPacksResponse> = true;
