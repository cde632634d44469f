/**
 * The caller's peanut statement (authenticated): `GET /v1/peanuts/history`,
 * paginated, newest first.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromNano } from '../../core/peanuts';
import type { PurchaseState } from '../../core/statement';
import { readStatement } from '../billing/statement';
import { assertFiniteQuery } from '../errors';
import { errorResponses } from '../schemas/common';
import { PeanutsHistoryQuerySchema, PeanutsHistoryResponseSchema } from '../schemas/peanutsHistory';

/** Registers `GET /v1/peanuts/history`. */
const peanutsHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/peanuts/history',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['peanuts'],
        summary: "The caller's peanut statement, newest first",
        security: [{ idToken: [] }],
        querystring: PeanutsHistoryQuerySchema,
        response: { 200: PeanutsHistoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit = 20, cursor } = request.query;
      assertFiniteQuery(limit, 'limit', [1, 100]);
      const page = await readStatement(
        app.db,
        request.identity.sub,
        limit,
        cursor === undefined ? undefined : Number(cursor),
      );
      return {
        entries: page.lines.map((line) => ({
          date: line.date.toISOString(),
          kind: line.kind,
          amount: fromNano(line.amountNano),
          balanceAfter: fromNano(line.balanceAfterNano),
          reference: line.reference,
          ...(line.packId === null ? {} : { pack: line.packId }),
          ...(line.purchaseState === null
            ? {}
            : { purchaseState: line.purchaseState as PurchaseState }),
        })),
        nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
      };
    },
  );
};

export default peanutsHistoryRoutes;
