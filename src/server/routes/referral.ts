/**
 * The referral API (spec §7; authenticated): the caller's own code, the code they used,
 * validation of a code, statistics and history. Each call reads or writes only the caller's own
 * data (`request.identity.sub`). With `REFERRAL_ENABLED=false` the reads answer 403
 * `{message: 'Referral service is currently disabled.'}` and validation answers it as the error
 * of an invalid result.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REFERRAL_DISABLED_MESSAGE } from '../../core/referral';
import { assertFiniteQuery, HttpError } from '../errors';
import { errorResponses } from '../schemas/common';
import {
  ReferralCodeSchema,
  ReferralHistoryQuerySchema,
  ReferralHistorySchema,
  ReferralStatsSchema,
  ReferralValidateBodySchema,
  ReferralValidationSchema,
  ReferrerCodeSchema,
} from '../schemas/referral';

/** Registers the `/v1/referral/*` routes. */
const referralRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['referral'], security: [{ idToken: [] }] };
  /** 403 with the spec's message while the programme is switched off. */
  const requireEnabled = async () => {
    if (!app.config.referralEnabled) throw new HttpError(403, REFERRAL_DISABLED_MESSAGE);
  };

  app.get(
    '/v1/referral/referralCode',
    {
      preHandler: [app.authenticate, requireEnabled],
      schema: {
        ...common,
        summary: "The caller's own referral code (made on first use)",
        response: { 200: ReferralCodeSchema, ...errorResponses },
      },
    },
    async (request) => ({ referralCode: await app.referral.ownCode(request.identity.sub) }),
  );

  app.get(
    '/v1/referral/referrerCode',
    {
      preHandler: [app.authenticate, requireEnabled],
      schema: {
        ...common,
        summary: 'The referral code the caller used, or null',
        response: { 200: ReferrerCodeSchema, ...errorResponses },
      },
    },
    async (request) => ({ referrerCode: await app.referral.referrerCode(request.identity.sub) }),
  );

  app.post(
    '/v1/referral/validate',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Whether the caller may use a referral code (spec §4 error codes)',
        body: ReferralValidateBodySchema,
        response: { 200: ReferralValidationSchema, ...errorResponses },
      },
    },
    async (request) => app.referral.validate(request.identity.sub, request.body.referralCode),
  );

  app.get(
    '/v1/referral/stats',
    {
      preHandler: [app.authenticate, requireEnabled],
      schema: {
        ...common,
        summary: "The caller's referral statistics",
        response: { 200: ReferralStatsSchema, ...errorResponses },
      },
    },
    async (request) => app.referral.stats(request.identity.sub),
  );

  app.get(
    '/v1/referral/history',
    {
      preHandler: [app.authenticate, requireEnabled],
      schema: {
        ...common,
        summary: "The caller's referrals (as referrer or referee), newest first",
        querystring: ReferralHistoryQuerySchema,
        response: { 200: ReferralHistorySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit = 10, nextToken } = request.query;
      assertFiniteQuery(limit, 'limit', [1, 100]);
      return app.referral.history(request.identity.sub, limit, nextToken);
    },
  );
};

export default referralRoutes;
