/**
 * Global per-IP rate limit (@fastify/rate-limit): RATE_LIMIT_MAX requests per minute per client
 * address, 429 JSON `{ message }` beyond (through the error handler). Hashed static assets are
 * not counted. The counters live in this process's memory.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';

/** The rate limit window, in milliseconds. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Static files under these prefixes are free: they are cheap and a page load fetches many. */
const UNLIMITED_PREFIXES = ['/assets/', '/docs/static/'];

/** True for requests the rate limit does not count. */
function unlimited(request: FastifyRequest): boolean {
  return UNLIMITED_PREFIXES.some((prefix) => request.url.startsWith(prefix));
}

/** Registers the global rate limit with `config.rateLimitMax` per minute per IP. */
async function rateLimiter(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: opts.config.rateLimitMax,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    allowList: unlimited,
  });
}

export default fp(rateLimiter, { name: 'rate-limit' });
