/**
 * SRP sign-in (USER_SRP_AUTH, PASSWORD_VERIFIER) in raw requests below the library, against a
 * real server (only the identity plugin, in-memory PGlite): a correct claim, and each abuse
 * refused: A mod N = 0, replayed secret blocks, skewed or malformed timestamps, forged
 * signatures, late answers, answers for another user, and altered sealed session keys.
 */
import { formatTimestamp, N } from '../../../src/server/identity/srp';
import { call, CLIENT_ID, PASSWORD, startIdentityServer, type IdentityServer } from './helpers';
import { answer, createUser, startSrp } from './rawHelpers';

let server: IdentityServer;
/** Added to the real time by the server's clock. */
let offset = 0;

beforeAll(async () => {
  server = await startIdentityServer({ clock: () => Date.now() + offset });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  offset = 0;
});

describe('SRP', () => {
  it('signs in with a correct claim', async () => {
    const { username } = await createUser(server, 'raw');
    const started = await startSrp(server, username);
    expect(started.parameters).toMatchObject({ USER_ID_FOR_SRP: username, USERNAME: username });
    const r = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer(started, PASSWORD),
    );
    expect(r.status).toBe(200);
    expect(r.body.AuthenticationResult).toMatchObject({
      TokenType: 'Bearer',
      ExpiresIn: 3600,
      IdToken: expect.any(String),
      AccessToken: expect.any(String),
      RefreshToken: expect.any(String),
    });
  });

  it('refuses A mod N = 0 and A that is not hex', async () => {
    const { username } = await createUser(server, 'zeroA');
    for (const A of ['0', N.toString(16), (2n * N).toString(16), 'xyz']) {
      const r = await call(server.endpoint, 'InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: username, SRP_A: A },
      });
      expect(r.status).toBe(400);
      expect(r.body.__type).toBe('InvalidParameterException');
    }
  });

  it('refuses a replayed secret block', async () => {
    const { username } = await createUser(server, 'replay');
    const request = await answer(await startSrp(server, username), PASSWORD);
    expect((await call(server.endpoint, 'RespondToAuthChallenge', request)).status).toBe(200);
    const replay = await call(server.endpoint, 'RespondToAuthChallenge', request);
    expect(replay.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
  });

  it('refuses a TIMESTAMP skewed by more than 5 minutes, and a malformed one', async () => {
    const { username } = await createUser(server, 'skew');
    for (const timestamp of [
      formatTimestamp(new Date(Date.now() - 6 * 60_000)),
      formatTimestamp(new Date(Date.now() + 6 * 60_000)),
      new Date().toISOString(),
    ]) {
      const r = await call(
        server.endpoint,
        'RespondToAuthChallenge',
        await answer(await startSrp(server, username), PASSWORD, timestamp),
      );
      expect(r.body.__type).toBe('NotAuthorizedException');
      expect(r.body.AuthenticationResult).toBeUndefined();
    }
    // Within the window is fine.
    const r = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer(
        await startSrp(server, username),
        PASSWORD,
        formatTimestamp(new Date(Date.now() - 4 * 60_000)),
      ),
    );
    expect(r.status).toBe(200);
  });

  it('refuses a forged signature and a challenge answered too late', async () => {
    const { username } = await createUser(server, 'forged');
    const request = await answer(await startSrp(server, username), PASSWORD);
    request.ChallengeResponses.PASSWORD_CLAIM_SIGNATURE = Buffer.alloc(32, 7).toString('base64');
    const forged = await call(server.endpoint, 'RespondToAuthChallenge', request);
    expect(forged.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });

    const late = await answer(await startSrp(server, username), PASSWORD);
    offset = 6 * 60_000;
    const r = await call(server.endpoint, 'RespondToAuthChallenge', late);
    expect(r.body.__type).toBe('NotAuthorizedException');
  });

  it('refuses a challenge answered for another user', async () => {
    const { username } = await createUser(server, 'victim');
    const { username: other } = await createUser(server, 'attacker');
    const request = await answer(await startSrp(server, username), PASSWORD);
    request.ChallengeResponses.USERNAME = other;
    const r = await call(server.endpoint, 'RespondToAuthChallenge', request);
    expect(r.body.__type).toBe('NotAuthorizedException');
  });

  it('refuses a secret block whose sealed key was altered, and spends its challenge', async () => {
    const { username } = await createUser(server, 'sealed');
    const started = await startSrp(server, username);
    const block = Buffer.from(started.parameters.SECRET_BLOCK, 'base64');
    block[32 + 12] ^= 1; // past the id and the IV: the sealed session key's first byte
    const altered = { ...started.parameters, SECRET_BLOCK: block.toString('base64') };
    // Signed with the right key over the altered block: only the seal refuses it.
    const r = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer({ ...started, parameters: altered }, PASSWORD),
    );
    expect(r.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    const again = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer(started, PASSWORD),
    );
    expect(again.body.__type).toBe('NotAuthorizedException');
    expect(again.body.message).toBe('Invalid session for the user.');
  });
});
