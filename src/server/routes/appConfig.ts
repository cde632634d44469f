/**
 * `GET /app-config.json` (docs/architecture.md "Fixed points"): the runtime configuration the SPA
 * and the CLI load at start, so that one build serves any deployment.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../../core/appConfig';
import type { ServerConfig } from '../config';
import { isLoopbackHost } from '../net/loopback';
import { AppConfigSchema } from '../schemas/appConfig';
import { errorResponses } from '../schemas/common';

/**
 * The origin of a request that `/app-config.json` may name instead of the configured ones:
 * only when the origins are not fixed (embedded mode, see `ServerConfig.originsFixed`) and the
 * Host is loopback or one of `ALLOWED_HOSTS` (a reflected foreign Host would let a
 * caching proxy be poisoned into sending sign-ins elsewhere).
 */
export function reflectableOrigin(
  config: Pick<ServerConfig, 'originsFixed' | 'allowedHosts'>,
  protocol: string,
  host: string,
): string | undefined {
  if (config.originsFixed) return undefined;
  const name = host.toLowerCase();
  if (!isLoopbackHost(name) && !config.allowedHosts.includes(name)) return undefined;
  return `${protocol}://${name}`;
}

/**
 * The client configuration for `config`. `requestOrigin` (e.g. `http://127.0.0.1:8080`, from
 * `reflectableOrigin`) replaces the configured origins.
 */
export function appConfigOf(config: ServerConfig, requestOrigin?: string): AppConfig {
  const origin = requestOrigin;
  return {
    apiBaseUrl: origin ?? config.publicUrl,
    region: config.idpRegion,
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    identityEndpoint: origin ? `${origin}/idp/` : config.identityEndpoint,
    // Only when it is not the default, so older clients see what they always saw.
    ...(config.idpAuthFlow === 'CUSTOM_AUTH' ? { authFlow: config.idpAuthFlow } : {}),
    referral: {
      enabled: config.referralEnabled,
      rewardPeanuts: config.referralRewardPeanuts,
      holdSeconds: config.referralHoldS,
    },
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
      // The answer depends on the Host header: caches must key on it.
      reply.header('cache-control', 'no-cache').header('vary', 'Host');
      return appConfigOf(app.config, reflectableOrigin(app.config, request.protocol, request.host));
    },
  );
};

export default appConfigRoutes;
