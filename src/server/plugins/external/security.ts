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
 * Helmet's middlewares are run once at start, on a recording response, and the headers they
 * set are then copied onto every reply (as Fastify reply headers, lowercase, sent in the one
 * `writeHead` of the answer): the same names and values, without helmet's middleware
 * chain per request (@fastify/helmet built the middlewares again on every request, parsing the
 * CSP directives; running the prebuilt chain per request was still about 5% of the API's CPU
 * under load). Helmet's headers do not depend on the request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/** What a helmet middleware does to a response: the headers it sets and those it removes. */
export interface HeaderSet {
  /** `[name, value]` in the order helmet sets them (names as helmet spells them). */
  set: readonly (readonly [string, string])[];
  /** Names helmet removes (`X-Powered-By`). */
  removed: readonly string[];
}

/**
 * The headers `middleware` (a helmet instance) sets and removes, recorded by running it once on
 * a stand-in response. Throws when the middleware fails or does not finish synchronously (a
 * helmet option that would depend on the request, such as a CSP nonce function, cannot be
 * precomputed).
 */
export function recordHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): HeaderSet {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('security headers: helmet did not finish synchronously');
  return { set, removed };
}

/** `headers` as Fastify sets them on a reply: one object of lowercase names, in helmet's order. */
interface ReplyHeaders {
  set: Record<string, string>;
  removed: readonly string[];
}

/** The reply form of `headers`. */
function replyHeadersOf(headers: HeaderSet): ReplyHeaders {
  return {
    set: Object.fromEntries(headers.set.map(([name, value]) => [name.toLowerCase(), value])),
    removed: headers.removed,
  };
}

/**
 * Applies `headers` to `reply`: through Fastify's reply headers, written with the answer's own
 * in one `writeHead` (a header set on the raw response makes Node take every header of the
 * answer through `setHeader` again).
 */
function applyHeaders(reply: FastifyReply, headers: ReplyHeaders): void {
  for (const name of headers.removed) reply.raw.removeHeader(name);
  reply.headers(headers.set);
}

/** Sets helmet's headers on every reply (see the module comment); HSTS only on https. */
async function security(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  const strictTransportSecurity = opts.config.publicUrl.startsWith('https:')
    ? { maxAge: 31_536_000, includeSubDomains: true }
    : false;
  const documentHeaders = recordHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.config) },
      xFrameOptions: { action: 'deny' }, // as frame-ancestors 'none', for older browsers
      strictTransportSecurity,
    }),
  );
  const apiHeaders = recordHeaders(
    helmet({
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
    }),
  );
  const api = replyHeadersOf(apiHeaders);
  const documents = replyHeadersOf(documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(reply, request.url.startsWith(API_PREFIX) ? api : documents);
    done();
  });
}

export default fp(security, { name: 'security' });
