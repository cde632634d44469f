/**
 * Disabling an account of a real Cognito pool (docs/operator-console.md "Disabling an
 * account"): the pool is a real HTTP server of this test that serves the pool's JWKS (the test
 * signs its users' id tokens) and its user-pool JSON API, records AdminDisableUser and
 * AdminEnableUser and checks their Signature Version 4 with an implementation of its own. A
 * disabled pool user's token is refused at once by the process that disabled it and within
 * ACCOUNT_CHECK_TTL_MS by another process on the same database; enabling gives access back; a
 * pool that refuses answers 502 and a retry completes the change. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet, type KeyLike } from 'jose';
import type { App } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { users } from '../../../src/server/db/schema';
import { parseCognitoIssuer } from '../../../src/server/identity/cognitoPool';
import {
  ACCOUNT_CHECK_TTL_MS,
  UNAUTHENTICATED_MESSAGE,
} from '../../../src/server/plugins/services/auth';
import { DATABASE_KINDS, setUpDatabase } from '../../support/helpers';
import { api, buildVpnApp, signUpUser, type TestUser } from '../../support/vpnHelpers';
import { CLIENT_ID } from '../identity/helpers';

const POOL_ID = 'us-east-1_TestPool';
const ACCESS_KEY = 'AKIDPEANUTTEST';
const SECRET_KEY = 'peanut-test-secret-key';

/** A user-pool API call the fake pool received. */
interface PoolCall {
  action: string;
  body: Record<string, unknown>;
  /** The Signature Version 4 checked against SECRET_KEY. */
  signed: boolean;
  /** The credential scope, `<key>/<day>/<region>/<service>/aws4_request`. */
  credential: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/**
 * Checks the AWS Signature Version 4 of a POST to `/` (no query) of `body` with `secret`,
 * as AWS documents it: canonical request, string to sign, derived key.
 */
function checkSignature(
  headers: http.IncomingHttpHeaders,
  body: Buffer,
  secret: string,
): { signed: boolean; credential: string } {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(headers.authorization ?? ''),
    );
  if (!match) return { signed: false, credential: '' };
  const [, credential, signedHeaders, signature] = match;
  const [, day, region, service] = credential.split('/');
  const amzDate = String(headers['x-amz-date']);
  const canonicalHeaders = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(body)].join(
    '\n',
  );
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  return { signed: hmac(key, toSign).toString('hex') === signature, credential };
}

describe('the pool named by COGNITO_ISSUER', () => {
  it('is read from the issuer, and an issuer naming no pool is refused at start', () => {
    expect(
      parseCognitoIssuer('https://cognito-idp.ca-central-1.amazonaws.com/ca-central-1_AbC123'),
    ).toEqual({
      poolId: 'ca-central-1_AbC123',
      region: 'ca-central-1',
      endpoint: 'https://cognito-idp.ca-central-1.amazonaws.com',
    });
    for (const issuer of [
      'https://cognito-idp.ca-central-1.amazonaws.com/',
      'https://cognito-idp.ca-central-1.amazonaws.com/AbC123',
      'https://example.com/ca-central-1_AbC123/extra',
      'ftp://example.com/ca-central-1_AbC123',
      'not a url',
    ]) {
      expect(parseCognitoIssuer(issuer)).toBeUndefined();
      expect(() => loadConfig({ COGNITO_ISSUER: issuer })).toThrow(
        /COGNITO_ISSUER must be a Cognito pool's issuer/,
      );
    }
  });
});

describe.each(DATABASE_KINDS)('disabling a real Cognito pool user on %s', (kind) => {
  const suite = setUpDatabase(kind);
  let pool: http.Server;
  let issuer: string;
  let privateKey: KeyLike;
  let jwks: JSONWebKeySet;
  const calls: PoolCall[] = [];
  /** Cognito's error the pool answers to the next Admin calls, when set. */
  let refuseWith: string | undefined;
  let app: App;
  let other: App;
  let operatorToken: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    jwks = {
      keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }],
    };
    pool = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method === 'GET' && request.url === `/${POOL_ID}/.well-known/jwks.json`) {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(jwks));
          return;
        }
        const target = String(request.headers['x-amz-target'] ?? '');
        const body = Buffer.concat(chunks);
        if (request.method !== 'POST' || request.url !== '/' || !target) {
          response.writeHead(404);
          response.end();
          return;
        }
        calls.push({
          action: target.replace('AWSCognitoIdentityProviderService.', ''),
          body: JSON.parse(body.toString('utf8')) as Record<string, unknown>,
          ...checkSignature(request.headers, body, SECRET_KEY),
        });
        const type = 'application/x-amz-json-1.1';
        if (refuseWith) {
          response.writeHead(400, { 'content-type': type, 'x-amzn-errortype': `${refuseWith}:` });
          response.end(JSON.stringify({ __type: refuseWith, message: 'User does not exist.' }));
          return;
        }
        response.writeHead(200, { 'content-type': type });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => pool.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(pool.address() as AddressInfo).port}/${POOL_ID}`;
    // The SDK's default credential chain reads these first (as on a server given keys).
    process.env.AWS_ACCESS_KEY_ID = ACCESS_KEY;
    process.env.AWS_SECRET_ACCESS_KEY = SECRET_KEY;
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_PROFILE;
    const env = { COGNITO_ISSUER: issuer, EMBEDDED_IDP: 'true' };
    app = await buildVpnApp(suite.database, env);
    other = await buildVpnApp(suite.database, env);
    suite.blockApps.push(app, other);
    operatorToken = await tokenFor(randomUUID(), ['admin']);
  });
  afterAll(async () => {
    process.env = savedEnv;
    pool?.closeAllConnections();
    await new Promise((resolve) => pool?.close(resolve));
  });
  beforeEach(() => {
    calls.length = 0;
    refuseWith = undefined;
  });

  /** An id token of the pool for `sub` (in `groups`). */
  function tokenFor(sub: string, groups: string[] = []): Promise<string> {
    return new SignJWT({
      token_use: 'id',
      email: `pool-${sub}@example.com`,
      email_verified: true,
      'cognito:username': sub,
      ...(groups.length > 0 ? { 'cognito:groups': groups } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject(sub)
      .setIssuer(issuer)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  }

  /** `GET /v1/peanuts` on `on` with `token`: its status and message. */
  async function balance(on: App, token: string) {
    const response = await on.inject({
      method: 'GET',
      url: '/v1/peanuts',
      headers: { authorization: token },
    });
    return { status: response.statusCode, message: response.json<{ message?: string }>().message };
  }

  /** POST `/v1/admin/users/{sub}/{action}` as the pool's operator. */
  async function setAccess(sub: string, action: 'disable' | 'enable', reason: string) {
    const response = await app.inject({
      method: 'POST',
      url: `/v1/admin/users/${sub}/${action}`,
      headers: { authorization: operatorToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason }),
    });
    return {
      status: response.statusCode,
      body: response.json<{ disabled?: boolean; audit?: { action: string } | null }>(),
    };
  }

  /** Asks `on` until `token` gets `status`; the milliseconds it took. */
  async function until(on: App, token: string, status: number): Promise<number> {
    const started = Date.now();
    while ((await balance(on, token)).status !== status) {
      if (Date.now() - started > ACCOUNT_CHECK_TTL_MS + 10_000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now() - started;
  }

  const poolCall = (action: string, sub: string) => ({
    action,
    body: { UserPoolId: POOL_ID, Username: sub },
    signed: true,
    credential: expect.stringMatching(
      new RegExp(`^${ACCESS_KEY}/\\d{8}/us-east-1/cognito-idp/aws4_request$`),
    ) as unknown,
  });

  it("refuses a disabled pool user's token here at once and on another process within the cache time; the pool is told; enabling gives access back", async () => {
    const sub = randomUUID();
    const token = await tokenFor(sub);
    expect(await balance(app, token)).toEqual({ status: 200, message: undefined });
    // The other process has read the account as enabled: its answer is kept.
    expect((await balance(other, token)).status).toBe(200);

    const disabled = await setAccess(sub, 'disable', 'card testing');
    const disabledAt = Date.now();
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ disabled: true, audit: { action: 'disable' } });
    expect(calls).toEqual([poolCall('AdminDisableUser', sub)]);
    expect(await balance(app, token)).toEqual({ status: 401, message: UNAUTHENTICATED_MESSAGE });
    await until(other, token, 401);
    // The kept answer's time plus one query (a loaded machine makes that query slow).
    expect(Date.now() - disabledAt).toBeLessThan(ACCOUNT_CHECK_TTL_MS + 4_000);
    expect(await balance(other, token)).toEqual({ status: 401, message: UNAUTHENTICATED_MESSAGE });

    const enabled = await setAccess(sub, 'enable', 'appeal accepted');
    const enabledAt = Date.now();
    expect(enabled.body).toMatchObject({ disabled: false, audit: { action: 'enable' } });
    expect(calls).toEqual([poolCall('AdminDisableUser', sub), poolCall('AdminEnableUser', sub)]);
    expect((await balance(app, token)).status).toBe(200);
    await until(other, token, 200);
    expect(Date.now() - enabledAt).toBeLessThan(ACCOUNT_CHECK_TTL_MS + 4_000);
  });

  it('answers 502 when the pool refuses, with the account disabled here all the same; a retry tells the pool', async () => {
    const sub = randomUUID();
    const token = await tokenFor(sub);
    expect((await balance(app, token)).status).toBe(200);
    refuseWith = 'UserNotFoundException';
    const refused = await setAccess(sub, 'disable', 'chargebacks');
    expect(refused.status).toBe(502);
    expect(calls).toEqual([poolCall('AdminDisableUser', sub)]);
    const [row] = await app.db
      .select({ disabled: users.disabled })
      .from(users)
      .where(eq(users.sub, sub));
    expect(row.disabled).toBe(true);
    expect((await balance(app, token)).status).toBe(401);

    refuseWith = undefined;
    const retried = await setAccess(sub, 'disable', 'chargebacks');
    expect(retried).toEqual({
      status: 200,
      body: expect.objectContaining({ disabled: true, audit: null }) as unknown,
    });
    expect(calls).toEqual([poolCall('AdminDisableUser', sub), poolCall('AdminDisableUser', sub)]);
  });

  it('tells the pool nothing of an account of the embedded identity provider, whose tokens are refused all the same', async () => {
    const user: TestUser = await signUpUser(app, 'embedded');
    expect((await api(app, user, 'GET', '/v1/peanuts')).status).toBe(200);
    const disabled = await setAccess(user.sub, 'disable', 'abuse');
    expect(disabled.body).toMatchObject({ disabled: true });
    expect((await api(app, user, 'GET', '/v1/peanuts')).status).toBe(401);
    expect(calls).toEqual([]);
  });
});
