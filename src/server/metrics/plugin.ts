/**
 * `GET /metrics` (docs/operations.md "Metrics"): the service's metrics in Prometheus text
 * format, and the HTTP request duration of every answered request by route pattern. Answers
 * loopback callers only (net/loopback.ts: a request carrying X-Forwarded-For or Forwarded counts
 * only when TRUST_PROXY resolves it to loopback) unless `METRICS_TOKEN` is set; then it answers
 * a matching `Authorization: Bearer <METRICS_TOKEN>` from anywhere, and nothing else.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackCaller, proxyTrust } from '../net/loopback';
import { LIFECYCLE_QUEUE } from '../vpns/jobs';
import { createServiceMetrics, type ServiceMetrics } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's metrics (metrics/service.ts). */
    metrics: ServiceMetrics;
  }
}

/** The answer to a caller that is not loopback when no METRICS_TOKEN is set. */
export const METRICS_LOOPBACK_ONLY_MESSAGE =
  'Metrics are served to callers on this machine only; set METRICS_TOKEN to scrape from elsewhere';
/** The answer to a missing or wrong bearer token. */
export const METRICS_TOKEN_MESSAGE = 'Missing or wrong metrics bearer token';

/** True when `header` is `Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1].trim()), digest(token));
}

/** Registers the metrics, the request duration hook and `GET /metrics`. */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const metrics = createServiceMetrics(app.db, LIFECYCLE_QUEUE);
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.close());
  // Synchronous (no promise per request).
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern (`/v1/vpns/:vpnId`), never the URL: no VPN id in a label.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const { metricsToken, trustProxy } = app.config;
  const trust = proxyTrust(trustProxy);
  const allowed = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (metricsToken !== undefined) {
      if (bearerMatches(request.headers.authorization, metricsToken)) return true;
      void reply.code(401).send({ message: METRICS_TOKEN_MESSAGE });
      return false;
    }
    if (isLoopbackCaller(request.raw, trust)) return true;
    void reply.code(403).send({ message: METRICS_LOOPBACK_ONLY_MESSAGE });
    return false;
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, reply)) return reply;
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['config', 'database'] });
