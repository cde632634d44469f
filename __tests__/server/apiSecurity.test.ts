/**
 * The API's protections and errors: security headers (the documents' CSP, OWASP's API headers on
 * /v1), the body and rate limits (413, 429), unknown routes (404 JSON) and a failing database
 * (500 with a fixed message); on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { buildApp, type App } from '../../src/server/app';
import { setUpApi } from '../support/apiHelpers';
import { DATABASE_KINDS, openTestDatabase, testConfig } from '../support/helpers';

describe.each(DATABASE_KINDS)('API on %s', (kind) => {
  const suite = setUpApi(kind);
  const { extraApps, build } = suite;
  let app: App;

  beforeAll(() => {
    ({ app } = suite);
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
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(await limited.inject({ method: 'GET', url: '/v1/regions/' }));
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      // Answers within the limit carry no rate-limit headers; the 429 carries all four.
      const rateHeaders = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
      for (const answer of answers.slice(0, 3)) {
        for (const name of [...rateHeaders, 'retry-after']) {
          expect(answer.headers[name]).toBeUndefined();
        }
      }
      const limitedResponse = await limited.inject({ method: 'GET', url: '/v1/nothing-here' });
      expect(limitedResponse.statusCode).toBe(429);
      expect(limitedResponse.headers['retry-after']).toBeDefined();
      expect(limitedResponse.headers['x-ratelimit-limit']).toBe('3');
      expect(limitedResponse.headers['x-ratelimit-remaining']).toBe('0');
      expect(limitedResponse.headers['x-ratelimit-reset']).toBeDefined();
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
});
