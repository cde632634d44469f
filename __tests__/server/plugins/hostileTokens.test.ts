/**
 * Hostile tokens against the API itself: the verifier's unit tests
 * (identity/tokens.test.ts) refuse bad tokens one by one; here every authenticated API call,
 * through the app's own auth plugin, answers 401 with the spec's message to a forged token (another
 * key under our kid), a tampered one, an expired one signed with our key, `alg: none`, HS256 keyed
 * with our public key, a token of another pool signed with our key, and the token of a
 * signed-out session — and changes nothing. Cross-user VPN calls are covered by vpnsApiEndpoints.test.ts.
 */
import { generateKeyPair, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import type { App } from '../../../src/server/app';
import { TokenService } from '../../../src/server/identity/tokens';
import { UNAUTHENTICATED_MESSAGE } from '../../../src/server/plugins/services/auth';
import { presetOf } from '../../../src/server/presets';
import { openTestDatabase, type TestDatabase } from '../../support/helpers';
import { CLIENT_ID } from '../identity/helpers';
import {
  api,
  buildVpnApp,
  createBody,
  createVpn,
  signUpUser,
  type TestUser,
} from '../../support/vpnHelpers';

/** The claims of a JWT (unverified). */
function claimsOf(token: string): JWTPayload {
  return JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as JWTPayload;
}

describe('hostile tokens on every authenticated API call', () => {
  let database: TestDatabase;
  let app: App;
  let alice: TestUser;
  let vpnId: string;
  /** Tokens by what is wrong with them. */
  const hostile: Record<string, string> = {};

  /** A token service on the app's own signing key, for `issuer` at `clock`. */
  const serviceAt = (issuer: string, clock: () => number) =>
    TokenService.create({
      db: database.handle.db,
      issuer,
      clientId: CLIENT_ID,
      limits: presetOf('product').limits,
      clock,
    });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildVpnApp(database);
    alice = await signUpUser(app, 'hostile');
    vpnId = await createVpn(app, alice);
    const claims = claimsOf(alice.idToken);
    const kid = JSON.parse(Buffer.from(alice.idToken.split('.')[0] ?? '', 'base64url').toString())
      .kid as string;
    const user = {
      sub: alice.sub,
      username: alice.username,
      email: alice.email,
      emailVerified: true,
    };
    const session = { originJti: String(claims.origin_jti), authTime: Date.now() };

    const { privateKey } = await generateKeyPair('RS256');
    hostile['forged (another key, our kid)'] = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(privateKey);
    const [head, , signature] = alice.idToken.split('.');
    const bob = await signUpUser(app, 'hostile-bob');
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: bob.sub })).toString('base64url');
    hostile['tampered (sub changed)'] = `${head}.${tampered}.${signature}`;
    hostile['alg none'] = new UnsecuredJWT(claims).encode();
    const publicJwk = (await app.identity.jwks()).keys[0];
    hostile['HS256 keyed with our public key'] = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid })
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    const twoHoursAgo = () => Date.now() - 2 * 3600_000;
    hostile['expired (our key)'] = (
      await (await serviceAt(app.identity.issuer, twoHoursAgo)).issue(user, session)
    ).idToken;
    const otherPool = app.identity.issuer.replace(/local_peanutvpn$/, 'local_otherpool');
    expect(otherPool).not.toBe(app.identity.issuer);
    hostile['another pool (our key)'] = (
      await (await serviceAt(otherPool, Date.now)).issue(user, session)
    ).idToken;

    // A session that signed out everywhere.
    const carol = await signUpUser(app, 'hostile-carol');
    const signOut = await app.inject({
      method: 'POST',
      url: '/idp/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
      },
      payload: JSON.stringify({ AccessToken: carol.accessToken }),
    });
    expect(signOut.statusCode).toBe(200);
    hostile['signed out (GlobalSignOut)'] = carol.idToken;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('the control tokens work: the real one, and one our key issues now for the same session', async () => {
    expect((await api(app, alice, 'GET', `/v1/vpns/${vpnId}`)).status).toBe(200);
    const claims = claimsOf(alice.idToken);
    const fresh = await (
      await serviceAt(app.identity.issuer, Date.now)
    ).issue(
      { sub: alice.sub, username: alice.username, email: alice.email, emailVerified: true },
      { originJti: String(claims.origin_jti), authTime: Date.now() },
    );
    const answer = await api(app, { ...alice, idToken: fresh.idToken }, 'GET', '/v1/peanuts');
    expect(answer.status).toBe(200);
  });

  const calls = [
    ['GET', '/v1/peanuts'],
    ['GET', '/v1/peanuts/history'],
    ['GET', '/v1/vpns'],
    ['POST', '/v1/vpns/'],
    ['GET', '/v1/vpns/:id'],
    ['GET', '/v1/vpns/:id/config'],
    ['GET', '/v1/vpns/:id/qrconfig'],
    ['DELETE', '/v1/vpns/:id'],
  ] as const;

  it('answers 401 to each, on every call, and changes nothing', async () => {
    const before = await api<{ vpns: unknown[] }>(app, alice, 'GET', '/v1/vpns');
    const balance = await app.ledger.balanceNano(alice.sub);
    expect(Object.keys(hostile)).toHaveLength(7);
    const answers: string[] = [];
    for (const [name, token] of Object.entries(hostile)) {
      for (const bare of [true, false]) {
        for (const [method, path] of calls) {
          const answer = await api(
            app,
            { ...alice, idToken: bare ? token : `Bearer ${token}` },
            method,
            path.replace(':id', vpnId),
            method === 'POST' ? createBody() : undefined,
          );
          answers.push(
            `${name} ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        }
      }
    }
    const refused = `: 401 ${JSON.stringify({ message: UNAUTHENTICATED_MESSAGE })}`;
    expect(answers.filter((line) => !line.endsWith(refused))).toEqual([]);
    expect(answers).toHaveLength(7 * 2 * calls.length);
    expect(await api(app, alice, 'GET', '/v1/vpns')).toMatchObject({
      status: 200,
      body: before.body,
    });
    expect(await app.ledger.balanceNano(alice.sub)).toBe(balance);
  }, 120_000);
});
