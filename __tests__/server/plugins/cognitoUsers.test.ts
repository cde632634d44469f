/**
 * Users of a real Cognito pool (COGNITO_ISSUER, with a JWKS this test serves
 * and tokens it signs) get their account row, and the sign-up bonus exactly once, on first use,
 * even when their first requests race; on PGlite, and on PostgreSQL when TEST_DATABASE_URL is
 * set (where the requests really run in parallel).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet, type KeyLike } from 'jose';
import { startLiveServer, type LiveServer } from '../../support/liveServer';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';

const CLIENT = 'cognito-client';

describe.each(DATABASE_KINDS)('real Cognito users on %s', (kind) => {
  let jwksServer: http.Server;
  let issuer: string;
  let privateKey: KeyLike;
  let jwks: JSONWebKeySet;
  let database: TestDatabase | undefined;
  let server: LiveServer;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    jwks = {
      keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }],
    };
    jwksServer = http.createServer((request, response) => {
      if (request.url?.endsWith('/.well-known/jwks.json')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(jwks));
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/us-east-1_TestPool`;
    if (kind === 'postgres') database = await openTestDatabase(kind);
    server = await startLiveServer({
      COGNITO_ISSUER: issuer,
      USER_POOL_CLIENT_ID: CLIENT,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.cleanup();
    await new Promise((resolve) => jwksServer?.close(resolve));
  });

  /** An id token of the Cognito pool for `sub`. */
  const tokenFor = (sub: string, email: string) =>
    new SignJWT({ token_use: 'id', email, email_verified: true, 'cognito:username': sub })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject(sub)
      .setIssuer(issuer)
      .setAudience(CLIENT)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);

  const balance = async (token: string) => {
    const response = await fetch(`${server.origin}/v1/peanuts`, {
      headers: { authorization: token },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('makes the account once, with one sign-up bonus, under a race of first requests', async () => {
    const sub = randomUUID();
    const token = await tokenFor(sub, `carol-${sub}@example.com`);
    const answers = await Promise.all(Array.from({ length: 6 }, () => balance(token)));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { balance: 10 } });
    expect(await balance(token)).toEqual({ status: 200, body: { balance: 10 } });
    expect(await server.app.ledger.balanceNano(sub)).toBe(10_000_000_000);
    const vpns = await fetch(`${server.origin}/v1/vpns`, { headers: { authorization: token } });
    expect(vpns.status).toBe(200);
  }, 120_000);

  it('gives no second bonus to a second pool account of the same address', async () => {
    const email = `dave-${randomUUID()}@example.com`;
    const first = randomUUID();
    const second = randomUUID();
    expect((await balance(await tokenFor(first, email))).body).toEqual({ balance: 10 });
    expect(await balance(await tokenFor(second, email))).toEqual({
      status: 200,
      body: { balance: 0 },
    });
  }, 120_000);

  it('refuses a token whose sub is not a Cognito sub', async () => {
    const answer = await balance(await tokenFor('not-a-uuid', 'eve@example.com'));
    expect(answer.status).toBe(401);
  }, 120_000);
});
