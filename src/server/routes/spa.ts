/**
 * The single-page app and every unknown path (spec §2 routes, §8 errors).
 *
 * Files of WEB_DIR are served as they are: hashed files under /assets/ with a long immutable
 * cache, anything else (index.html included) revalidated on each use. Any other GET or HEAD that
 * accepts text/html and is not under an API prefix gets index.html (history fallback), so the
 * SPA's router shows the page or its own 'Page not found'; `/` gets it whatever it accepts.
 * Unknown API paths and other requests that do not want HTML get 404 JSON
 * `{ message: 'Not Found' }`. Without a built SPA, the fallback
 * answers 503 with a hint to run `npm run build`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_MESSAGE } from '../errors';
import type { ErrorBody } from '../schemas/common';

/** Path prefixes that never get the SPA: unknown paths under them are 404 JSON. */
export const NON_SPA_PREFIXES = ['/v1', '/idp', '/dev', '/docs', '/assets'] as const;

/** Cache-Control of content-hashed files (they never change under the same name). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Text of the 503 answer when WEB_DIR has no index.html. */
export const NOT_BUILT_MESSAGE =
  'The web app is not built. Run `npm run build` (or `npm start`, which builds it), then reload.\n';

/** The path of a URL without its query string. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** True when `pathname` is `prefix` or below it. */
function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * True when the history fallback applies: a GET/HEAD page navigation outside the API, or `/`
 * whatever it accepts (the address `npm start` prints, opened with curl or a link preview).
 */
export function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = pathOf(request.url);
  if (pathname === '/') return true;
  if (NON_SPA_PREFIXES.some((prefix) => isUnder(pathname, prefix))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** Registers the static files of `webDir` and the not-found handler (with the rate limit). */
export default async function spa(app: FastifyInstance, opts: { webDir: string }): Promise<void> {
  const root = path.resolve(opts.webDir);
  const assets = path.join(root, 'assets') + path.sep;
  const indexPath = path.join(root, 'index.html');

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false, // `/` goes through the fallback below, like every other page
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (response, filePath) => {
      response.setHeader(
        'cache-control',
        filePath.startsWith(assets) ? IMMUTABLE_CACHE : 'no-cache',
      );
    },
  });

  const spaOrNotFound = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    if (!wantsSpa(request)) {
      const body: ErrorBody = { message: NOT_FOUND_MESSAGE };
      return reply.code(404).send(body);
    }
    try {
      await fs.access(indexPath);
    } catch {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(NOT_BUILT_MESSAGE);
    }
    return reply.sendFile('index.html');
  };
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, spaOrNotFound);
  // `/` is a directory to the static handler (which would answer 403): give it the fallback.
  app.get('/', { schema: { hide: true } }, spaOrNotFound);
}
