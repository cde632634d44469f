/**
 * `GET /v1/peanuts` and API authentication (spec §6, §7): a user signed up and signed in
 * through amazon-cognito-identity-js against the whole app gets the sign-up bonus exactly once,
 * and the API refuses missing, literal 'Unauthenticated', forged and signed-out tokens.
 */
import { SignJWT, generateKeyPair } from 'jose';
import { startLiveServer, type LiveServer } from '../../support/liveServer';
import {
  PASSWORD,
  confirm,
  globalSignOut,
  latestCode,
  makePool,
  signIn,
  signUp,
  uniqueName,
  userOf,
} from '../identity/helpers';

describe('GET /v1/peanuts', () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer();
  });
  afterAll(() => server.close());

  const balanceWith = async (authorization?: string) => {
    const response = await fetch(`${server.origin}/v1/peanuts`, {
      headers: authorization === undefined ? {} : { authorization },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('credits the 10 free peanuts once, on confirmation, and only to that user', async () => {
    const pool = makePool(`${server.origin}/idp/`);
    const username = uniqueName('bonus');
    const email = `${username}@example.com`;
    await signUp(pool, username, PASSWORD, email);
    const user = userOf(pool, username);
    await confirm(user, await latestCode(server.origin, email));
    await expect(confirm(user, await latestCode(server.origin, email))).rejects.toMatchObject({
      code: 'CodeMismatchException',
    });

    const session = await signIn(user, PASSWORD);
    expect(await balanceWith(session.getIdToken().getJwtToken())).toEqual({
      status: 200,
      body: { balance: 10 },
    });

    const stranger = uniqueName('unconfirmed');
    const unconfirmed = await signUp(pool, stranger, PASSWORD, `${stranger}@example.com`);
    expect(await server.app.ledger.balanceNano(unconfirmed.userSub)).toBe(0);
    expect(await server.app.ledger.balanceNano(session.getIdToken().payload.sub as string)).toBe(
      10_000_000_000,
    );
  });

  it.each([
    ['no header', undefined],
    ["the literal 'Unauthenticated'", 'Unauthenticated'],
    ['garbage', 'not-a-jwt'],
  ])('answers 401 with %s', async (_label, header) => {
    expect(await balanceWith(header)).toEqual({
      status: 401,
      body: { message: 'User needs to be authenticated to call this API.' },
    });
  });

  it('answers 401 to a token signed by another key with our issuer and audience', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ token_use: 'id', email: 'eve@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setSubject('00000000-0000-4000-8000-000000000000')
      .setIssuer(server.app.identity.issuer)
      .setAudience('peanutvpn-local')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await balanceWith(forged)).status).toBe(401);
  });

  it('answers 401 once the user signed out everywhere', async () => {
    const pool = makePool(`${server.origin}/idp/`);
    const username = uniqueName('signout');
    const email = `${username}@example.com`;
    await signUp(pool, username, PASSWORD, email);
    const user = userOf(pool, username);
    await confirm(user, await latestCode(server.origin, email));
    const idToken = (await signIn(user, PASSWORD)).getIdToken().getJwtToken();
    expect((await balanceWith(idToken)).status).toBe(200);
    await globalSignOut(user);
    expect((await balanceWith(idToken)).status).toBe(401);
  });
});
