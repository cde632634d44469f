/**
 * Peanut pack routes (spec §7, unauthenticated): `GET /v1/peanuts/packs/`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../schemas/common';
import { PeanutsPacksResponseSchema } from '../schemas/packs';

/** Registers the pack routes. */
const packRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/peanuts/packs/',
    {
      schema: {
        tags: ['peanuts'],
        summary: 'Peanut packs for sale, cheapest first',
        response: { 200: PeanutsPacksResponseSchema, ...errorResponses },
      },
    },
    async () => ({ packs: app.packs.list() }),
  );
};

export default packRoutes;
