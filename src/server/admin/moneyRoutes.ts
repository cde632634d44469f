/**
 * The operator API's money paths (docs/operator-console.md "Payments", "Stats"): unmatched paid
 * checkout sessions and crediting one by hand; daily figures.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { fromNano } from '../../core/peanuts';
import { listUnmatched } from '../billing/unmatched';
import { HttpError } from '../errors';
import { errorResponses } from '../schemas/common';
import { auditJson } from './json';
import { requireOperator } from './operators';
import { creditPayment } from './payments';
import { ActionResultSchema, ReasonSchema } from './schemas';
import { MAX_STATS_DAYS, readStats } from './stats';
import { ADMIN_SCHEMA } from './userRoutes';

const DAY = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  description: 'YYYY-MM-DD (UTC)',
});
const PeanutsByKey = Type.Record(Type.String(), Type.Number());

/** The message of a 400 answer to a bad stats range. */
export const STATS_RANGE_MESSAGE = `from and to must be days (YYYY-MM-DD), from <= to, at most ${MAX_STATS_DAYS} days`;

/** Registers the payment and stats paths of `/v1/admin/`. */
const adminMoneyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const onRequest = requireOperator(app);

  app.get(
    '/v1/admin/payments',
    {
      onRequest,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'Paid checkout sessions that credited nothing (no user, no pack, wrong amount)',
        querystring: Type.Object({
          state: Type.Optional(
            Type.Union([Type.Literal('unmatched'), Type.Literal('all')], {
              description: 'unmatched (default): not credited by hand yet; all: those too',
            }),
          ),
        }),
        response: {
          200: Type.Object({
            payments: Type.Array(
              Type.Object({
                sessionId: Type.String(),
                userSub: Type.Union([Type.String(), Type.Null()]),
                packId: Type.Union([Type.String(), Type.Null()]),
                amountTotal: Type.Integer(),
                currency: Type.String(),
                reason: Type.String(),
                receivedAt: Type.String({ format: 'date-time' }),
                creditedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      payments: (
        await listUnmatched(app.db, { includeCredited: request.query.state === 'all' })
      ).map((row) => ({
        sessionId: row.sessionId,
        userSub: row.userSub,
        packId: row.packId,
        amountTotal: row.amountTotal,
        currency: row.currency,
        reason: row.reason,
        receivedAt: row.receivedAt.toISOString(),
        creditedAt: row.creditedAt?.toISOString() ?? null,
      })),
    }),
  );

  app.post(
    '/v1/admin/payments/:sessionId/credit',
    {
      onRequest,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'Credits an unmatched paid session to an account as a pack, once',
        params: Type.Object({ sessionId: Type.String({ maxLength: 255 }) }),
        body: Type.Object({
          sub: Type.String({ maxLength: 64 }),
          packId: Type.String({ maxLength: 40 }),
          reason: ReasonSchema,
        }),
        response: { 200: ActionResultSchema, ...errorResponses },
      },
    },
    async (request) => ({
      audit: auditJson(
        await creditPayment(app.db, app.ledger, app.packs, request.operator, {
          sessionId: request.params.sessionId,
          sub: request.body.sub,
          packId: request.body.packId,
          reason: request.body.reason.trim(),
        }),
      ),
    }),
  );

  app.get(
    '/v1/admin/stats',
    {
      onRequest,
      schema: {
        ...ADMIN_SCHEMA,
        summary:
          'Per UTC day: sign-ups, sales, revenue, refunds, consumption, VPN-hours, referrals',
        querystring: Type.Object({ from: DAY, to: DAY }),
        response: {
          200: Type.Object({
            days: Type.Array(
              Type.Object({
                day: Type.String(),
                signups: Type.Integer(),
                peanutsSoldByPack: PeanutsByKey,
                revenueByCurrency: Type.Record(Type.String(), Type.Integer(), {
                  description: "In each currency's smallest unit (cents)",
                }),
                peanutsRefunded: Type.Number(),
                peanutsConsumed: Type.Number(),
                vpnHoursByRegion: PeanutsByKey,
                referralRewardsPaid: Type.Number(),
                referralRewardsReversed: Type.Number(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const count = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
      if (!(count >= 1 && count <= MAX_STATS_DAYS)) throw new HttpError(400, STATS_RANGE_MESSAGE);
      const peanuts = (byKey: Record<string, number>) =>
        Object.fromEntries(Object.entries(byKey).map(([key, nano]) => [key, fromNano(nano)]));
      return {
        days: (await readStats(app.db, from, to)).map((day) => ({
          day: day.day,
          signups: day.signups,
          peanutsSoldByPack: peanuts(day.soldNanoByPack),
          revenueByCurrency: day.revenueByCurrency,
          peanutsRefunded: fromNano(day.refundedNano),
          peanutsConsumed: fromNano(day.consumedNano),
          vpnHoursByRegion: day.vpnHoursByRegion,
          referralRewardsPaid: fromNano(day.referralPaidNano),
          referralRewardsReversed: fromNano(day.referralReversedNano),
        })),
      };
    },
  );
};

export default adminMoneyRoutes;
