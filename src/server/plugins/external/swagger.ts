/**
 * OpenAPI document generated from the route schemas (@fastify/swagger), with Swagger UI at
 * `/docs` and the JSON document at `/docs/json` (@fastify/swagger-ui).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VERSION as version } from '../../version';
import type { ServerConfig } from '../../config';

/** Where Swagger UI is served. */
export const DOCS_PREFIX = '/docs';

/** Registers the OpenAPI generator and its UI. */
async function openApi(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Peanut VPN API',
        description: 'Rent short-lived WireGuard VPN servers, paid with prepaid peanuts.',
        version,
      },
      servers: [{ url: opts.config.publicUrl }],
      tags: [
        { name: 'regions', description: 'Where VPNs can run' },
        { name: 'peanuts', description: 'Peanut packs and balance' },
        { name: 'config', description: 'Runtime configuration for clients' },
        { name: 'vpns', description: "The caller's VPNs: create, list, get, delete, config" },
        { name: 'referral', description: "The referral programme: the caller's codes, rewards" },
        { name: 'account', description: "The caller's preferences, kept on the account" },
      ],
      components: {
        securitySchemes: {
          idToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The id token of the signed-in user, as is (no Bearer prefix needed)',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, deepLinking: true },
    // The global CSP of the security plugin applies; Swagger UI needs nothing inline.
    staticCSP: false,
  });
}

export default fp(openApi, { name: 'openapi' });
