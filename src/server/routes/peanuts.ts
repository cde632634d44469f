/**
 * The caller's peanuts (spec §7, authenticated): `GET /v1/peanuts`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromNano } from '../../core/peanuts';
import { errorResponses } from '../schemas/common';
import { PeanutsBalanceResponseSchema } from '../schemas/peanuts';

/** Registers `GET /v1/peanuts`. */
const peanutsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/peanuts',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['peanuts'],
        summary: "The caller's balance",
        security: [{ idToken: [] }],
        response: { 200: PeanutsBalanceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      balance: fromNano(await app.ledger.balanceNano(request.identity.sub)),
    }),
  );
};

export default peanutsRoutes;
