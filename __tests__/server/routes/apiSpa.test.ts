/**
 * The single-page app served by the API server: index.html for a browser's page routes (never
 * cached), hashed assets cached for good, other files revalidated, 404 JSON for what is not a
 * page, and 503 with a hint when the SPA is not built; on PGlite and, when TEST_DATABASE_URL is
 * set, on PostgreSQL.
 */
import { buildApp, type App } from '../../../src/server/app';
import { setUpApi } from '../../support/apiHelpers';
import {
  DATABASE_KINDS,
  makeWebDir,
  removeDir,
  testConfig,
  type TestDatabase,
} from '../../support/helpers';

describe.each(DATABASE_KINDS)('API on %s', (kind) => {
  const suite = setUpApi(kind);
  let database: TestDatabase;
  let app: App;

  beforeAll(() => {
    ({ database, app } = suite);
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

    it.each([undefined, '*/*', 'application/json'])(
      'GET / accepting %s serves index.html (the address npm start prints)',
      async (accept) => {
        const response = await web.inject({
          method: 'GET',
          url: '/',
          headers: accept === undefined ? {} : { accept },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
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
