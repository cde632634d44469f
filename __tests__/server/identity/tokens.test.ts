/**
 * Token issuing (tokens.ts) and the API's id-token verifier (verifier.ts): our issuer with local
 * keys, a second "Cognito" issuer with a remote JWKS over http, and every way a token is refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  UnsecuredJWT,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { TokenService } from '../../../src/server/identity/tokens';
import {
  createIdTokenVerifier,
  UnauthenticatedError,
  type IdTokenVerifier,
  type UnauthenticatedReason,
} from '../../../src/server/identity/verifier';
import { IdpError } from '../../../src/server/identity/errors';
import { limitsFromClaims, type VpnConfigLimits } from '../../../src/core/limits';
import { openIdentityDb, type IdentityTestDb } from './helpers';

const ISSUER = 'http://localhost:8080/idp/local_peanutvpn';
const CLIENT_ID = 'peanutvpn-local';
const USER = {
  sub: '0b7c2a8e-3c1f-4a63-9b8e-1f6f3f0c2d11',
  username: 'alice',
  email: 'alice@example.com',
  emailVerified: true,
};
const SESSION = { originJti: '5d1f0e9a-8f7b-4c0a-9a51-3f0f4c1e2b77', authTime: Date.now() };
const LIMITS: VpnConfigLimits = {
  maxPeanutsFieldMinValue: 0.1,
  maxPeanutsFieldMaxValue: 2,
  deleteAfterFieldMinValue: 60,
  deleteAfterFieldMaxValue: 300,
};

let database: IdentityTestDb;
let tokens: TokenService;
let now: number;
const clock = (): number => now;

beforeAll(async () => {
  database = await openIdentityDb();
  now = Date.now();
  tokens = await TokenService.create({
    db: database.db,
    issuer: ISSUER,
    clientId: CLIENT_ID,
    limits: LIMITS,
    clock,
  });
});
afterAll(async () => {
  await database?.close();
});
beforeEach(() => {
  now = Date.now();
});

/** Expects `verify(header)` to throw UnauthenticatedError with `reason`. */
async function expectRefused(
  verifier: IdTokenVerifier,
  header: string | undefined | null,
  reason: UnauthenticatedReason,
) {
  const error = await verifier.verify(header).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnauthenticatedError);
  expect(error).toMatchObject({ reason, statusCode: 401, message: 'Unauthenticated' });
}

function ourVerifier(extra: Partial<Parameters<typeof createIdTokenVerifier>[0]> = {}) {
  return createIdTokenVerifier({
    issuers: [{ issuer: ISSUER, keys: tokens.getKey }],
    clientIds: [CLIENT_ID],
    clock,
    ...extra,
  });
}

describe('TokenService', () => {
  it('keeps one signing key in the database and publishes only its public part', async () => {
    const again = await TokenService.create({
      db: database.db,
      issuer: ISSUER,
      clientId: CLIENT_ID,
      limits: LIMITS,
      clock,
    });
    const jwks = again.jwks();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi'])
      expect(jwks.keys[0]).not.toHaveProperty(secret);
    expect(jwks).toEqual(tokens.jwks());
    // Tokens of one instance verify with the other.
    const { accessToken } = await again.issue(USER, SESSION);
    await expect(tokens.verifyAccessToken(accessToken)).resolves.toEqual({
      sub: USER.sub,
      username: USER.username,
      originJti: SESSION.originJti,
    });
  });

  it('refuses expired, foreign and id tokens as access tokens', async () => {
    const { idToken, accessToken } = await tokens.issue(USER, SESSION);
    await expect(tokens.verifyAccessToken(idToken)).rejects.toMatchObject({
      type: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
    await expect(tokens.verifyAccessToken('garbage')).rejects.toBeInstanceOf(IdpError);
    await expect(tokens.verifyAccessToken(undefined)).rejects.toBeInstanceOf(IdpError);
    now += 3601_000;
    await expect(tokens.verifyAccessToken(accessToken)).rejects.toMatchObject({
      type: 'NotAuthorizedException',
      message: 'Access Token has expired',
    });
  });
});

describe('createIdTokenVerifier with our issuer', () => {
  it('accepts our id token, raw or as a Bearer token, with the limits of custom:config', async () => {
    const { idToken } = await tokens.issue(USER, SESSION);
    const verifier = ourVerifier();
    for (const header of [idToken, `Bearer ${idToken}`, ` ${idToken} `]) {
      const identity = await verifier.verify(header);
      expect(identity).toMatchObject({ sub: USER.sub, email: USER.email });
      expect(limitsFromClaims(identity.claims)).toEqual(LIMITS);
      expect(identity.claims).toMatchObject({ token_use: 'id', aud: CLIENT_ID, iss: ISSUER });
    }
  });

  it("refuses no token and the literal 'Unauthenticated'", async () => {
    const verifier = ourVerifier();
    for (const header of [undefined, null, '', '  ', 'Unauthenticated', 'Bearer ']) {
      await expectRefused(verifier, header, header === 'Bearer ' ? 'malformed' : 'missing');
    }
  });

  it('refuses malformed tokens', async () => {
    const verifier = ourVerifier();
    for (const header of ['abc', 'a.b', 'a.b.c', 'Bearer x.y.z', '{"alg":"none"}', 'a.b.c.d.e']) {
      await expectRefused(verifier, header, 'malformed');
    }
    // Well-formed but claims nothing: no issuer we trust.
    await expectRefused(verifier, 'e30.e30.', 'unknown-issuer');
  });

  it('refuses an expired token', async () => {
    const { idToken } = await tokens.issue(USER, SESSION);
    const verifier = ourVerifier();
    await verifier.verify(idToken);
    now += 3600_000 + 1000;
    await expectRefused(verifier, idToken, 'expired');
  });

  it('refuses a token signed with another key (even with our kid)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const kid = tokens.jwks().keys[0].kid as string;
    const forged = await new SignJWT({ token_use: 'id', email: USER.email })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setSubject(USER.sub)
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    await expectRefused(ourVerifier(), forged, 'invalid');
  });

  it('refuses alg none and HS256 signed with the public key', async () => {
    const claims: JWTPayload = { token_use: 'id', email: USER.email, sub: USER.sub };
    const none = new UnsecuredJWT(claims)
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    await expectRefused(ourVerifier(), none, 'invalid');
    await expectRefused(ourVerifier(), `${none}c2ln`, 'invalid');

    const publicJwk = tokens.jwks().keys[0];
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    const confused = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: publicJwk.kid })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    await expectRefused(ourVerifier(), confused, 'invalid');
  });

  it('refuses tokens of another pool or issuer, and for another client', async () => {
    for (const issuer of [
      'http://localhost:8080/idp/local_otherpool',
      'https://evil.example/idp/local_peanutvpn',
    ]) {
      const other = await TokenService.create({
        db: database.db,
        issuer,
        clientId: CLIENT_ID,
        limits: LIMITS,
        clock,
      });
      const { idToken } = await other.issue(USER, SESSION);
      await expectRefused(ourVerifier(), idToken, 'unknown-issuer');
    }
    const otherClient = await TokenService.create({
      db: database.db,
      issuer: ISSUER,
      clientId: 'another-client',
      limits: LIMITS,
      clock,
    });
    const { idToken } = await otherClient.issue(USER, SESSION);
    await expectRefused(ourVerifier(), idToken, 'invalid');
  });

  it('refuses an access token used as an id token', async () => {
    const { accessToken } = await tokens.issue(USER, SESSION);
    await expectRefused(ourVerifier({ clientIds: [CLIENT_ID] }), accessToken, 'invalid');
  });

  it('refuses a revoked session when given a check', async () => {
    const { idToken } = await tokens.issue(USER, SESSION);
    let active = true;
    const verifier = createIdTokenVerifier({
      issuers: [{ issuer: ISSUER, keys: tokens.getKey, isActive: async () => active }],
      clientIds: [CLIENT_ID],
      clock,
    });
    await verifier.verify(idToken);
    active = false;
    await expectRefused(verifier, idToken, 'revoked');
  });
});

describe('createIdTokenVerifier with a remote (Cognito) issuer', () => {
  let server: http.Server;
  let cognitoIssuer: string;
  let jwks: JSONWebKeySet;
  let fetches = 0;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      fetches += 1;
      if (request.url === '/ca-central-1_TestPool/.well-known/jwks.json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(jwks));
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    cognitoIssuer = `http://127.0.0.1:${port}/ca-central-1_TestPool`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('accepts both issuers with one verifier, fetching the remote JWKS over http', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    jwks = {
      keys: [{ ...(await exportJWK(publicKey)), kid: 'cognito-1', alg: 'RS256', use: 'sig' }],
    };
    const verifier = createIdTokenVerifier({
      issuers: [{ issuer: ISSUER, keys: tokens.getKey }, { issuer: cognitoIssuer }],
      clientIds: [CLIENT_ID, 'cognito-client'],
      clock,
    });
    const cognitoToken = await new SignJWT({
      token_use: 'id',
      email: 'carol@example.com',
      'custom:config': JSON.stringify(LIMITS),
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'cognito-1' })
      .setSubject('carol-sub')
      .setIssuer(cognitoIssuer)
      .setAudience('cognito-client')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const carol = await verifier.verify(cognitoToken);
    expect(carol).toMatchObject({ sub: 'carol-sub', email: 'carol@example.com' });
    expect(limitsFromClaims(carol.claims)).toEqual(LIMITS);
    expect(fetches).toBeGreaterThan(0);
    const { idToken } = await tokens.issue(USER, SESSION);
    await expect(verifier.verify(idToken)).resolves.toMatchObject({ sub: USER.sub });

    // A token for the remote issuer signed by our key is refused.
    const crossed = await new SignJWT({ token_use: 'id' })
      .setProtectedHeader({ alg: 'RS256', kid: 'cognito-1' })
      .setSubject('mallory')
      .setIssuer(cognitoIssuer)
      .setAudience('cognito-client')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign((await generateKeyPair('RS256')).privateKey);
    await expectRefused(verifier, crossed, 'invalid');
  });
});
