/**
 * `GET /app-config.json` (DESIGN.md "Fixed points"): the runtime configuration the SPA and the
 * CLI load at start, so that one build serves any deployment.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../../core/appConfig';
import type { ServerConfig } from '../config';
import { AppConfigSchema } from '../schemas/appConfig';
import { errorResponses } from '../schemas/common';

/**
 * The client configuration for `config`. `requestOrigin` (e.g. `http://127.0.0.1:8080`) replaces
 * the configured origins when they are not fixed (embedded mode, see `ServerConfig.originsFixed`).
 */
export function appConfigOf(config: ServerConfig, requestOrigin?: string): AppConfig {
  const origin = !config.originsFixed && requestOrigin ? requestOrigin : undefined;
  return {
    apiBaseUrl: origin ?? config.publicUrl,
    region: config.idpRegion,
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    identityEndpoint: origin ? `${origin}/idp/` : config.identityEndpoint,
  };
}

/** Registers `GET /app-config.json` (never cached: a redeploy may change it). */
const appConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/app-config.json',
    {
      schema: {
        tags: ['config'],
        summary: 'Runtime configuration for the SPA and the CLI',
        response: { 200: AppConfigSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return appConfigOf(app.config, `${request.protocol}://${request.host}`);
    },
  );
};

export default appConfigRoutes;
