/**
 * Security headers (helmet) with a Content-Security-Policy the SPA (antd injects <style> tags)
 * and Swagger UI work under. Helmet's middleware is built once at start and applied to every
 * reply (@fastify/helmet built it again on every request: parsing the CSP directives was among
 * the top frames of the API under load, issue 11).
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

/** Sets helmet's headers on every reply: CSP above, HSTS only when PUBLIC_URL is https. */
async function security(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.config) },
    xFrameOptions: { action: 'deny' }, // as frame-ancestors 'none', for older browsers
    strictTransportSecurity: opts.config.publicUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(security, { name: 'security' });
