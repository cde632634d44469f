/**
 * The SRP sign-ins in flight per caller address: a caller gets at most 20
 * unfinished USER_SRP_AUTH challenges (the default), the next start answers
 * TooManyRequestsException and stores nothing, even when the starts come all at once; another
 * address is not held back; an answered or expired challenge no longer counts. Raw Cognito JSON
 * calls from distinct loopback addresses (127.0.0.x) to a real server, on PGlite and PostgreSQL.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { idpSrpChallenges } from '../../../src/server/identity/schema';
import { N } from '../../../src/server/identity/srp';
import { DATABASE_KINDS } from '../../support/helpers';
import { CLIENT_ID, PASSWORD, startIdentityServer, type IdentityServer } from './helpers';
import { answer, createUser, startSrp } from './rawHelpers';

/** The default bound of unfinished SRP challenges per caller address. */
const LIMIT = 20;

/** A Cognito JSON call sent from the local address `from` (a 127.0.0.x address). */
function callFrom(
  server: IdentityServer,
  from: string,
  action: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      server.endpoint,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** An InitiateAuth USER_SRP_AUTH for `username` from `from`, with a random A. */
function startFrom(server: IdentityServer, from: string, username: string) {
  const A = (BigInt(`0x${randomBytes(384).toString('hex')}`) % (N - 1n)) + 1n;
  return callFrom(server, from, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: username, SRP_A: A.toString(16) },
  });
}

describe.each(DATABASE_KINDS)('SRP sign-ins in flight per caller (%s)', (kind) => {
  let server: IdentityServer;
  /** Added to the real time by the server's clock. */
  let offset = 0;
  beforeAll(async () => {
    server = await startIdentityServer({ clock: () => Date.now() + offset }, kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The challenge rows of `caller`. */
  const rowsOf = async (caller: string) => {
    const [row] = await server.db
      .select({ n: count() })
      .from(idpSrpChallenges)
      .where(eq(idpSrpChallenges.caller, caller));
    return row.n;
  };

  it(`allows ${LIMIT} unfinished starts per address, then TooManyRequestsException`, async () => {
    const { username } = await createUser(server, `inflight${kind}`);
    for (let i = 0; i < LIMIT; i++) {
      // Known and unknown names alike (the decoy challenge of nobody counts too).
      const r = await startFrom(server, '127.0.0.2', i % 2 ? username : `nobody${i}`);
      expect(r.status).toBe(200);
      expect(r.body.ChallengeName).toBe('PASSWORD_VERIFIER');
    }
    const refused = await startFrom(server, '127.0.0.2', username);
    expect(refused.status).toBe(400);
    expect(refused.body.__type).toBe('TooManyRequestsException');
    expect(await rowsOf('127.0.0.2')).toBe(LIMIT);

    // Another address is not held back.
    expect((await startFrom(server, '127.0.0.3', username)).status).toBe(200);

    // Once they expire (5 minutes), they no longer count.
    offset = 6 * 60_000;
    expect((await startFrom(server, '127.0.0.2', username)).status).toBe(200);
    offset = 0;
  });

  it('an answered challenge frees its place', async () => {
    const { username } = await createUser(server, `answered${kind}`);
    // 127.0.0.1 is where startSrp (the library's client, fetch) calls from.
    for (let i = (await rowsOf('127.0.0.1')) + 1; i < LIMIT; i++) {
      expect((await startFrom(server, '127.0.0.1', username)).status).toBe(200);
    }
    const started = await startSrp(server, username); // the last place
    expect((await startFrom(server, '127.0.0.1', username)).body.__type).toBe(
      'TooManyRequestsException',
    );
    const signedIn = await callFrom(
      server,
      '127.0.0.1',
      'RespondToAuthChallenge',
      await answer(started, PASSWORD),
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.AuthenticationResult).toBeDefined();
    expect((await startFrom(server, '127.0.0.1', username)).status).toBe(200);
  });

  it('holds when the starts come all at once', async () => {
    const { username } = await createUser(server, `burst${kind}`);
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 10 }, () => startFrom(server, '127.0.0.4', username)),
    );
    const statuses = answers.map((r) => (r.status === 200 ? 'ok' : String(r.body.__type)));
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 'TooManyRequestsException')).toHaveLength(10);
    expect(await rowsOf('127.0.0.4')).toBe(LIMIT);
  });
});
