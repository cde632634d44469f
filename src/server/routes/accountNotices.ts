/**
 * The caller's email notices (docs/api.md "Notices"; authenticated, owner only: the account is
 * the token's `sub`, never a parameter): `GET /v1/account/notices` and
 * `PATCH /v1/account/notices`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../errors';
import { errorResponses } from '../schemas/common';
import { AccountNoticesPatchSchema, AccountNoticesSchema } from '../schemas/accountNotices';

/** The 400 message of a `PATCH` naming no known setting. */
export const NO_NOTICE_TO_CHANGE = `body must have at least one of: ${Object.keys(
  AccountNoticesPatchSchema.properties,
).join(', ')}`;

/** Registers the notices routes. */
const accountNoticesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = {
    tags: ['account'],
    security: [{ idToken: [] }],
  };

  app.get(
    '/v1/account/notices',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: "The caller's email notice settings, defaults filled in",
        response: { 200: AccountNoticesSchema, ...errorResponses },
      },
    },
    async (request) => app.notices.settings.get(request.identity.sub),
  );

  app.patch(
    '/v1/account/notices',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: "Changes some of the caller's email notice settings; answers them all",
        body: AccountNoticesPatchSchema,
        response: { 200: AccountNoticesSchema, ...errorResponses },
      },
    },
    async (request) => {
      // Unknown fields are dropped by the validator: a body left empty changes nothing.
      if (Object.keys(request.body).length === 0) throw new HttpError(400, NO_NOTICE_TO_CHANGE);
      return app.notices.settings.update(request.identity.sub, request.body);
    },
  );
};

export default accountNoticesRoutes;
