/**
 * The public read endpoints of the API: the region lists (cached, disabled regions left out),
 * the peanut packs with their purchase links, `/app-config.json`, and the OpenAPI document with
 * Swagger UI; on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL. Security headers,
 * limits and errors are in apiSecurity.test.ts, the single-page app in apiSpa.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../../src/core/appConfig';
import { packDescription, type PeanutsPacksResponse } from '../../../src/core/packs';
import {
  REGION_PATTERN,
  type RegionsDetailedResponse,
  type RegionsResponse,
} from '../../../src/core/regions';
import type { App } from '../../../src/server/app';
import { regions } from '../../../src/server/db/schema';
import { createRegionsService } from '../../../src/server/regions/service';
import { setUpApi } from '../../support/apiHelpers';
import { DATABASE_KINDS, type TestDatabase } from '../../support/helpers';

describe.each(DATABASE_KINDS)('API on %s', (kind) => {
  const suite = setUpApi(kind);
  const { build } = suite;
  let database: TestDatabase;
  let app: App;

  beforeAll(() => {
    ({ database, app } = suite);
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
});
