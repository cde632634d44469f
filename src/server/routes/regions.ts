/**
 * Region routes (spec §7, unauthenticated): `GET /v1/regions/` and `GET /v1/regionsDetailed/`
 * (with or without the trailing slash).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../schemas/common';
import { RegionsDetailedResponseSchema, RegionsResponseSchema } from '../schemas/regions';

/** Registers the region routes. */
const regionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/regions/',
    {
      schema: {
        tags: ['regions'],
        summary: 'Ids of the regions where a VPN can run',
        response: { 200: RegionsResponseSchema, ...errorResponses },
      },
    },
    async () => ({ regions: await app.regions.listIds() }),
  );

  app.get(
    '/v1/regionsDetailed/',
    {
      schema: {
        tags: ['regions'],
        summary: 'Regions where a VPN can run, with city, country and country code',
        response: { 200: RegionsDetailedResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const disabled = await app.regions.disabledIds();
      return {
        regions: (await app.regions.listDetailed()).map((region) => {
          // A region an operator disabled is listed, unavailable (docs/operator-console.md).
          const available = disabled.has(region.name)
            ? false
            : app.vpns.regionAvailable(region.name);
          return available === undefined ? region : { ...region, available };
        }),
      };
    },
  );
};

export default regionRoutes;
