/**
 * The security headers are helmet's, recorded once at start: every reply carries exactly the
 * headers (names, values, order) that running helmet's middleware on that reply would set, for
 * the documents' set and the API's, on plain http and on https (HSTS).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify from 'fastify';
import helmet from 'helmet';
import { buildApp, type App } from '../../../src/server/app';
import {
  contentSecurityPolicy,
  recordHeaders,
} from '../../../src/server/plugins/external/security';
import { openTestDatabase, testConfig, type TestDatabase } from '../../support/helpers';

/** The security header names helmet can set, lowercase. */
const HELMET_NAMES = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The helmet headers of `headers`, in their order. */
function helmetHeadersOf(headers: Record<string, unknown>): [string, unknown][] {
  return Object.entries(headers).filter(([name]) => HELMET_NAMES.includes(name));
}

describe('security headers', () => {
  let database: TestDatabase;
  const apps: App[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.cleanup();
  });

  it('records what a helmet middleware sets and removes, and refuses one it cannot run', () => {
    const recorded = recordHeaders(helmet({ contentSecurityPolicy: false, hsts: false }));
    expect(recorded.set).toContainEqual(['X-Content-Type-Options', 'nosniff']);
    expect(recorded.set.map(([name]) => name.toLowerCase())).not.toContain(
      'content-security-policy',
    );
    expect(recorded.removed).toEqual(['X-Powered-By']);
    expect(() =>
      recordHeaders((_req: IncomingMessage, _res: ServerResponse, next) => {
        setTimeout(next, 0);
      }),
    ).toThrow(/synchronously/);
  });

  it.each(['http://localhost:8080', 'https://vpn.example.com'])(
    'sends on %s the headers helmet would set on each reply',
    async (publicUrl) => {
      const app = await buildApp(testConfig({ PUBLIC_URL: publicUrl }), {
        database: database.handle,
      });
      apps.push(app);
      // The same helmet options as the plugin, run on every reply of a bare instance.
      const https = publicUrl.startsWith('https:');
      const strictTransportSecurity = https
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false;
      const documents = helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: contentSecurityPolicy(app.config),
        },
        xFrameOptions: { action: 'deny' },
        strictTransportSecurity,
      });
      const api = helmet({
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
      const reference = Fastify();
      reference.addHook('onRequest', (request, reply, done) => {
        const middleware = request.url.startsWith('/v1/') ? api : documents;
        middleware(request.raw, reply.raw, () => done());
      });
      reference.get('/*', async () => ({}));
      try {
        for (const url of ['/v1/regions/', '/v1/no-such-route', '/docs', '/']) {
          const ours = await app.inject({ method: 'GET', url });
          const theirs = await reference.inject({ method: 'GET', url });
          const expected = helmetHeadersOf(theirs.headers);
          expect(expected.length).toBeGreaterThan(3);
          expect(helmetHeadersOf(ours.headers)).toEqual(expected);
          expect(ours.headers['x-powered-by']).toBeUndefined();
          expect('strict-transport-security' in ours.headers).toBe(https);
        }
      } finally {
        await reference.close();
      }
    },
  );
});
