/**
 * The caller's preferences (docs/api.md "Preferences"; authenticated, owner only: the account is
 * the token's `sub`, never a parameter): `GET /v1/account/preferences` and
 * `PATCH /v1/account/preferences`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createPreferences } from '../account/preferences';
import { HttpError } from '../errors';
import { errorResponses } from '../schemas/common';
import {
  AccountPreferencesPatchSchema,
  AccountPreferencesSchema,
} from '../schemas/accountPreferences';

/** The 400 message of a `PATCH` naming no known preference. */
export const NOTHING_TO_CHANGE = `body must have at least one of: ${Object.keys(
  AccountPreferencesPatchSchema.properties,
).join(', ')}`;

/** Registers the preferences routes. */
const accountPreferencesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preferences = createPreferences(app.db);
  const common = {
    tags: ['account'],
    security: [{ idToken: [] }],
  };

  app.get(
    '/v1/account/preferences',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: "The caller's preferences (theme, language), defaults filled in",
        response: { 200: AccountPreferencesSchema, ...errorResponses },
      },
    },
    async (request) => preferences.get(request.identity.sub),
  );

  app.patch(
    '/v1/account/preferences',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: "Changes some of the caller's preferences; answers them all",
        body: AccountPreferencesPatchSchema,
        response: { 200: AccountPreferencesSchema, ...errorResponses },
      },
    },
    async (request) => {
      // Unknown fields are dropped by the validator: a body left empty changes nothing.
      if (Object.keys(request.body).length === 0) throw new HttpError(400, NOTHING_TO_CHANGE);
      return preferences.update(request.identity.sub, request.body);
    },
  );
};

export default accountPreferencesRoutes;
