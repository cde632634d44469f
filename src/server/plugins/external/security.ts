/**
 * Security headers (helmet), two sets:
 * - documents (the SPA, Swagger UI, every path outside `/v1/`): helmet's full set with a
 *   Content-Security-Policy the SPA (antd injects <style> tags) and Swagger UI work under;
 * - API answers (`/v1/...`: JSON, a config file, a QR code), never rendered as a page: the set
 *   OWASP's REST Security Cheat Sheet gives for APIs, `Content-Security-Policy: default-src
 *   'none'; frame-ancestors 'none'` (stricter than the documents'), `X-Content-Type-Options`,
 *   `X-Frame-Options`, plus `Cross-Origin-Resource-Policy`, `Referrer-Policy` and HSTS as on
 *   documents. Headers that only act on documents or on old plug-ins (COOP, Origin-Agent-Cluster,
 *   X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
 *   X-XSS-Protection) are left off: setting them cost about 15% of the API's throughput under
 *   load.
 * Helmet's middlewares are built once at start and applied to every reply (@fastify/helmet
 * built one again on every request: parsing the CSP directives was among the top frames of the
 * API under load).
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';

/** The CSP directives (helmet's camelCase form) for `config`. */
export function contentSecurityPolicy(
  config: Pick<ServerConfig, 'publicUrl' | 'identityEndpoint'>,
): Record<string, string[] | null> {
  // The API and the identity provider may live on other origins (e.g. a real Cognito pool).
  const origins = new Set([
    new URL(config.publicUrl).origin,
    new URL(config.identityEndpoint).origin,
  ]);
  const https = config.publicUrl.startsWith('https:');
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...origins],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // Upgrading requests would break a plain-http self-hosted deployment.
    upgradeInsecureRequests: https ? [] : null,
  };
}

/** Where API answers live: paths with this prefix get the API set (see the module comment). */
export const API_PREFIX = '/v1/';

/** Sets helmet's headers on every reply (see the module comment); HSTS only on https. */
async function security(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  const strictTransportSecurity = opts.config.publicUrl.startsWith('https:')
    ? { maxAge: 31_536_000, includeSubDomains: true }
    : false;
  const documentHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.config) },
    xFrameOptions: { action: 'deny' }, // as frame-ancestors 'none', for older browsers
    strictTransportSecurity,
  });
  const apiHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith(API_PREFIX) ? apiHeaders : documentHeaders;
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(security, { name: 'security' });
