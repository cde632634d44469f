/**
 * `GET /v1/account/role` (authenticated, any account): whether the caller is an operator now
 * (docs/operator-console.md "Operators"), so that the web app shows the Admin entry and the
 * console to operators only, without a 403 for every customer's page load. The `/v1/admin/`
 * paths check the role again on every request.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../schemas/common';
import { operatorOf } from './operators';

/** Registers `GET /v1/account/role`. */
const accountRoleRoute: FastifyPluginAsyncTypebox = async (app) => {
  const rule = { adminEmails: app.config.adminEmails, cognitoIssuer: app.config.cognitoIssuer };
  app.get(
    '/v1/account/role',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Whether the caller is an operator (the console and /v1/admin/ are theirs)',
        security: [{ idToken: [] }],
        response: {
          200: Type.Object({ operator: Type.Boolean() }, { title: 'AccountRole' }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      operator:
        (await operatorOf(app.db, rule, request.identity.sub, request.identity.claims)) !==
        undefined,
    }),
  );
};

export default accountRoleRoute;
