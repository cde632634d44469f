import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../src/core/appConfig';
import { packDescription, type PeanutsPacksResponse } from '../../src/core/packs';
import {
  REGION_PATTERN,
  type RegionsDetailedResponse,
  type RegionsResponse,
} from '../../src/core/regions';
import { buildApp, type App } from '../../src/server/app';
import { regions } from '../../src/server/db/schema';
import { createRegionsService } from '../../src/server/plugins/services/regions';
import {
  DATABASE_KINDS,
  makeWebDir,
  openTestDatabase,
  removeDir,
  testConfig,
  type TestDatabase,
} from './helpers';

describe.each(DATABASE_KINDS)('API on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  /** Apps built by a test with its own configuration, closed after it. */
  const extraApps: App[] = [];
  const build = async (env: Record<string, string>): Promise<App> => {
    const built = await buildApp(testConfig(env), { database: database.handle });
    extraApps.push(built);
    return built;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp(testConfig(), { database: database.handle });
  });
  afterEach(async () => {
    await Promise.all(extraApps.splice(0).map((extra) => extra.close()));
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  describe('regions', () => {
    it.each(['/v1/regions/', '/v1/regions'])('GET %s lists the 27 region ids', async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json<RegionsResponse>();
      expect(Object.keys(body)).toEqual(['regions']);
      expect(body.regions).toHaveLength(27);
      expect(new Set(body.regions).size).toBe(27);
      for (const id of body.regions) expect(id).toMatch(REGION_PATTERN);
      expect(body.regions).toEqual(
        expect.arrayContaining(['ca-central-1', 'eu-west-3', 'cn-northwest-1']),
      );
    });

    it.each(['/v1/regionsDetailed/', '/v1/regionsDetailed'])(
      'GET %s lists the 27 regions with city, country and cctld',
      async (url) => {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const body = response.json<RegionsDetailedResponse>();
        expect(body.regions).toHaveLength(27);
        for (const region of body.regions) {
          expect(Object.keys(region).sort()).toEqual(['cctld', 'city', 'country', 'name']);
          expect(region.name).toMatch(REGION_PATTERN);
          expect(region.city.length).toBeGreaterThan(0);
          expect(region.country.length).toBeGreaterThan(0);
          expect(region.cctld).toMatch(/^[a-z]{2}$/);
        }
        expect(body.regions).toContainEqual({
          name: 'eu-west-3',
          city: 'Paris',
          country: 'France',
          cctld: 'fr',
        });
        expect(body.regions).toContainEqual({
          name: 'ap-east-1',
          city: 'Hong Kong',
          country: 'Hong Kong',
          cctld: 'hk',
        });
        const ids = body.regions.map((region) => region.name);
        const listed = (
          await app.inject({ method: 'GET', url: '/v1/regions/' })
        ).json<RegionsResponse>();
        expect(ids).toEqual(listed.regions);
      },
    );

    it('omits disabled regions once the cached list is refreshed', async () => {
      const { db } = database.handle;
      const ids = async (): Promise<string[]> =>
        (await app.inject({ method: 'GET', url: '/v1/regions/' })).json<RegionsResponse>().regions;
      expect(await ids()).toContain('me-south-1');
      await db.update(regions).set({ enabled: false }).where(eq(regions.id, 'me-south-1'));
      try {
        // Cached for REGIONS_CACHE_TTL_MS: the change shows after it, or at once on invalidate().
        expect(await ids()).toHaveLength(27);
        app.regions.invalidate();
        expect(await ids()).toHaveLength(26);
        expect(await ids()).not.toContain('me-south-1');
        const detailed = (
          await app.inject({ method: 'GET', url: '/v1/regionsDetailed/' })
        ).json<RegionsDetailedResponse>();
        expect(detailed.regions.map((region) => region.name)).not.toContain('me-south-1');
      } finally {
        await db.update(regions).set({ enabled: true }).where(eq(regions.id, 'me-south-1'));
        app.regions.invalidate();
      }
    });

    it('queries the database once for concurrent readers within the cache period', async () => {
      const service = createRegionsService(database.handle.db, 60_000);
      const spy = jest.spyOn(database.handle.db, 'select');
      try {
        const lists = await Promise.all([
          service.listIds(),
          service.listDetailed(),
          service.listIds(),
        ]);
        await service.listDetailed();
        expect(spy).toHaveBeenCalledTimes(1);
        expect(lists[0]).toHaveLength(27);
        service.invalidate();
        await service.listIds();
        expect(spy).toHaveBeenCalledTimes(2);
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('peanut packs', () => {
    it('GET /v1/peanuts/packs/ lists Starter, Pro and Elite with local checkout links', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/peanuts/packs/' });
      expect(response.statusCode).toBe(200);
      expect(response.json<PeanutsPacksResponse>()).toEqual({
        packs: [
          {
            id: 'starter',
            name: 'Starter',
            description: packDescription(17),
            peanuts: 17,
            price: 2.71,
            url: '/checkout/starter',
          },
          {
            id: 'pro',
            name: 'Pro',
            description: packDescription(34),
            peanuts: 34,
            price: 4.89,
            url: '/checkout/pro',
          },
          {
            id: 'elite',
            name: 'Elite',
            description: packDescription(73),
            peanuts: 73,
            price: 9.87,
            url: '/checkout/elite',
          },
        ],
      });
      expect(response.json<PeanutsPacksResponse>().packs[0].description).toEqual([
        'About 3 hours of an idle VPN',
        'About 2 hours with 1 MiB of traffic per hour',
        'Or up to 32 MiB of traffic',
      ]);
    });

    it('uses the configured purchase links', async () => {
      const custom = await build({
        CHECKOUT_URL_STARTER: 'https://buy.example.com/s',
        CHECKOUT_URL_PRO: 'https://buy.example.com/p',
        CHECKOUT_URL_ELITE: 'https://buy.example.com/e',
      });
      const body = (
        await custom.inject({ method: 'GET', url: '/v1/peanuts/packs' })
      ).json<PeanutsPacksResponse>();
      expect(body.packs.map((pack) => pack.url)).toEqual([
        'https://buy.example.com/s',
        'https://buy.example.com/p',
        'https://buy.example.com/e',
      ]);
    });
  });

  describe('app config', () => {
    it('GET /app-config.json serves the embedded defaults at the origin asked, never cached', async () => {
      for (const host of ['127.0.0.1:8080', 'localhost:8080']) {
        const response = await app.inject({
          method: 'GET',
          url: '/app-config.json',
          headers: { host },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.json<AppConfig>()).toEqual({
          apiBaseUrl: `http://${host}`,
          region: 'ca-central-1',
          userPoolId: 'local_peanutvpn',
          userPoolClientId: 'peanutvpn-local',
          identityEndpoint: `http://${host}/idp/`,
          referral: { enabled: true, rewardPeanuts: 5, holdSeconds: 0 },
        });
      }
    });

    it('follows PUBLIC_URL and the identity settings', async () => {
      const custom = await build({
        PUBLIC_URL: 'https://vpn.example.com/',
        IDP_REGION: 'eu-west-1',
        USER_POOL_ID: 'eu-west-1_AbC123',
        USER_POOL_CLIENT_ID: 'client123',
        IDENTITY_ENDPOINT: 'https://cognito-idp.eu-west-1.amazonaws.com/',
      });
      const response = await custom.inject({ method: 'GET', url: '/app-config.json' });
      expect(response.json<AppConfig>()).toEqual({
        apiBaseUrl: 'https://vpn.example.com',
        region: 'eu-west-1',
        userPoolId: 'eu-west-1_AbC123',
        userPoolClientId: 'client123',
        identityEndpoint: 'https://cognito-idp.eu-west-1.amazonaws.com/',
        referral: { enabled: true, rewardPeanuts: 5, holdSeconds: 0 },
      });
      // The browser may call that identity endpoint; HTTPS deployments get HSTS.
      expect(response.headers['content-security-policy']).toContain(
        "connect-src 'self' https://vpn.example.com https://cognito-idp.eu-west-1.amazonaws.com",
      );
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const api = await custom.inject({ method: 'GET', url: '/v1/regions/' });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });
  });

  describe('OpenAPI', () => {
    it('GET /docs serves Swagger UI, whose assets load', async () => {
      const response = await app.inject({ method: 'GET', url: '/docs' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="swagger-ui">');
      const scripts = [...response.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const src of scripts) {
        const url = new URL(src, 'http://localhost/docs').pathname;
        const asset = await app.inject({ method: 'GET', url });
        expect([url, asset.statusCode]).toEqual([url, 200]);
      }
    });

    it('GET /docs/json describes the API paths with their response schemas', async () => {
      const response = await app.inject({ method: 'GET', url: '/docs/json' });
      expect(response.statusCode).toBe(200);
      const document = response.json<{
        openapi: string;
        paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
      }>();
      expect(document.openapi).toMatch(/^3\./);
      for (const path of [
        '/v1/regions/',
        '/v1/regionsDetailed/',
        '/v1/peanuts/packs/',
        '/app-config.json',
      ]) {
        expect(document.paths[path]?.get?.responses).toHaveProperty('200');
      }
      expect(Object.keys(document.paths).some((path) => path.includes('*'))).toBe(false);
    });
  });

  describe('security and limits', () => {
    it('sets security headers with a CSP the SPA and Swagger UI work under', async () => {
      const response = await app.inject({ method: 'GET', url: '/docs' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests'); // plain-http default
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-dns-prefetch-control']).toBe('off');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it("sets OWASP's API headers on /v1 answers, without the documents' own", async () => {
      for (const url of ['/v1/regions/', '/v1/no-such-route']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.headers['content-security-policy']).toBe(
          "default-src 'none';frame-ancestors 'none'",
        );
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        for (const documentOnly of [
          'cross-origin-opener-policy',
          'origin-agent-cluster',
          'x-dns-prefetch-control',
          'x-download-options',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
          'x-powered-by',
        ]) {
          expect(response.headers[documentOnly]).toBeUndefined();
        }
      }
    });

    it('answers 413 JSON to a body over BODY_LIMIT', async () => {
      const small = await build({ BODY_LIMIT: '1024' });
      const response = await small.inject({
        method: 'POST',
        url: '/v1/no-such-upload',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ padding: 'x'.repeat(2048) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: expect.stringMatching(/too large/i) });
    });

    it('answers 429 JSON past RATE_LIMIT_MAX requests per minute from one IP', async () => {
      const limited = await build({ RATE_LIMIT_MAX: '3' });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await limited.inject({ method: 'GET', url: '/v1/regions/' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limitedResponse = await limited.inject({ method: 'GET', url: '/v1/nothing-here' });
      expect(limitedResponse.statusCode).toBe(429);
      expect(limitedResponse.headers['retry-after']).toBeDefined();
      expect(limitedResponse.json()).toEqual({
        message: expect.stringMatching(/^Rate limit exceeded/),
      });
      // Another address has its own budget.
      const other = await limited.inject({
        method: 'GET',
        url: '/v1/regions/',
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(200);
    });
  });

  describe('errors', () => {
    it.each([
      ['GET', '/v1/nope'],
      ['GET', '/v1/no/such/path'],
      ['POST', '/v1/regions/'],
      ['GET', '/idp/unknown'],
      ['GET', '/dev/unknown'],
      ['GET', '/docs/unknown'],
    ] as const)('%s %s is a 404 JSON even for a browser', async (method, url) => {
      const response = await app.inject({ method, url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual({ message: 'Not Found' });
    });

    it('answers 500 with a fixed message that leaks nothing when the database fails', async () => {
      const broken = await openTestDatabase(kind);
      const brokenApp = await buildApp(testConfig(), { database: broken.handle });
      extraApps.push(brokenApp);
      await broken.cleanup(); // the database is gone: every query fails
      const response = await brokenApp.inject({ method: 'GET', url: '/v1/regionsDetailed/' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'An error happened in the backend' });
    });
  });

  describe('single-page app', () => {
    let webDir: string;
    let web: App;

    beforeAll(async () => {
      webDir = makeWebDir();
      web = await buildApp(testConfig({ WEB_DIR: webDir }), { database: database.handle });
    });
    afterAll(async () => {
      await web?.close();
      removeDir(webDir);
    });

    it.each(['/', '/faq', '/some/unknown', '/referral?ref=ABCDEF12'])(
      'GET %s from a browser serves index.html, not cached',
      async (url) => {
        const response = await web.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('<title>Peanut VPN test</title>');
      },
    );

    it('serves hashed assets with a long immutable cache', async () => {
      const response = await web.inject({ method: 'GET', url: '/assets/main.0123abcd.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe('console.log("peanut");\n');
    });

    it('serves other files revalidated', async () => {
      const response = await web.inject({ method: 'GET', url: '/favicon.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it.each([
      ['/assets/missing.js', 'text/html'],
      ['/faq', 'application/json'],
      ['/v1/unknown', 'text/html'],
    ])('GET %s accepting %s is a 404 JSON, not the SPA', async (url, accept) => {
      const response = await web.inject({ method: 'GET', url, headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not Found' });
    });

    it('answers 503 with a hint when the SPA is not built', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/faq',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toContain('npm run build');
    });
  });
});
