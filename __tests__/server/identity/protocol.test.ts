/**
 * The wire protocol of `POST /idp/` below the library: error shapes, bad input, SRP abuse
 * (A mod N = 0, replayed secret blocks, skewed timestamps), expiry of codes and refresh tokens
 * with a controlled clock, the JWKS and CORS routes, and the SMTP mailer.
 */
import { createHmac } from 'node:crypto';
import * as cognito from 'amazon-cognito-identity-js';
import Fastify from 'fastify';
import { createSmtpMailer, type MailTransport } from '../../../src/server/identity/mailer';
import identityPlugin from '../../../src/server/identity/plugin';
import { formatTimestamp, N } from '../../../src/server/identity/srp';
import {
  call,
  CLIENT_ID,
  latestCode,
  openIdentityDb,
  PASSWORD,
  POOL_ID,
  startIdentityServer,
  uniqueName,
  type IdentityServer,
} from './helpers';

/** The library's SRP helper (not in its type declarations). */
interface BigIntegerLike {
  toString(radix: number): string;
}
interface Helper {
  N: BigIntegerLike;
  getLargeAValue(cb: (error: Error | null, A: BigIntegerLike) => void): void;
  getPasswordAuthenticationKey(
    username: string,
    password: string,
    B: BigIntegerLike,
    salt: BigIntegerLike,
    cb: (error: Error | null, key: Buffer) => void,
  ): void;
}
const { AuthenticationHelper } = cognito as unknown as {
  AuthenticationHelper: new (poolName: string) => Helper;
};

let server: IdentityServer;
/** Added to the real time (or to `frozenAt`) by the server's clock. */
let offset = 0;
/** When set, the server's clock stands still here (plus `offset`): exact time windows. */
let frozenAt: number | undefined;

beforeAll(async () => {
  server = await startIdentityServer({ clock: () => (frozenAt ?? Date.now()) + offset });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  offset = 0;
  frozenAt = undefined;
});

/** Signs up (and optionally confirms) a user with raw calls. */
async function createUser(label: string, confirmUser = true) {
  const username = uniqueName(label);
  const email = `${username}@example.com`;
  const signUp = await call(server.endpoint, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: username,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  expect(signUp.status).toBe(200);
  if (confirmUser) {
    const confirm = await call(server.endpoint, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: username,
      ConfirmationCode: await latestCode(server.origin, email),
    });
    expect(confirm).toMatchObject({ status: 200, body: {} });
  }
  return { username, email };
}

/** InitiateAuth USER_SRP_AUTH with the library's helper; returns what answering needs. */
async function startSrp(username: string) {
  const helper = new AuthenticationHelper('peanutvpn');
  const A = await new Promise<BigIntegerLike>((resolve, reject) =>
    helper.getLargeAValue((error, value) => (error ? reject(error) : resolve(value))),
  );
  const response = await call(server.endpoint, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: username, SRP_A: A.toString(16) },
  });
  expect(response.status).toBe(200);
  expect(response.body.ChallengeName).toBe('PASSWORD_VERIFIER');
  return { helper, parameters: response.body.ChallengeParameters as Record<string, string> };
}

/** The RespondToAuthChallenge request for a started SRP sign-in. */
async function answer(
  started: Awaited<ReturnType<typeof startSrp>>,
  password: string,
  timestamp = formatTimestamp(new Date()),
) {
  const { helper, parameters } = started;
  const BigInteger = helper.N.constructor as new (value: string, radix: number) => BigIntegerLike;
  const key = await new Promise<Buffer>((resolve, reject) =>
    helper.getPasswordAuthenticationKey(
      parameters.USER_ID_FOR_SRP,
      password,
      new BigInteger(parameters.SRP_B, 16),
      new BigInteger(parameters.SALT, 16),
      (error, value) => (error ? reject(error) : resolve(value)),
    ),
  );
  const signature = createHmac('sha256', Buffer.from(key))
    .update(
      Buffer.concat([
        Buffer.from('peanutvpn'),
        Buffer.from(parameters.USER_ID_FOR_SRP),
        Buffer.from(parameters.SECRET_BLOCK, 'base64'),
        Buffer.from(timestamp),
      ]),
    )
    .digest('base64');
  return {
    ClientId: CLIENT_ID,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: {
      USERNAME: parameters.USER_ID_FOR_SRP,
      PASSWORD_CLAIM_SECRET_BLOCK: parameters.SECRET_BLOCK,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: signature,
    },
  };
}

describe('errors', () => {
  it('answers 400 {__type, message} with the error type header and the AWS content type', async () => {
    const r = await call(server.endpoint, 'NoSuchAction', {});
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Unsupported action: NoSuchAction',
    });
    expect(r.headers.get('x-amzn-errortype')).toBe('InvalidParameterException:');
    expect(r.headers.get('content-type')).toContain('application/x-amz-json-1.1');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses a missing or foreign X-Amz-Target', async () => {
    const response = await fetch(server.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ __type: 'InvalidParameterException' });
    const foreign = await call(
      server.endpoint,
      'x',
      {},
      { 'x-amz-target': 'DynamoDB_20120810.GetItem' },
    );
    expect(foreign.body.__type).toBe('InvalidParameterException');
  });

  it('refuses malformed JSON with SerializationException', async () => {
    const r = await call(server.endpoint, 'SignUp', '{"ClientId": ');
    expect(r.status).toBe(400);
    expect(r.body.__type).toBe('SerializationException');
  });

  it('refuses another client id and missing parameters', async () => {
    const r = await call(server.endpoint, 'SignUp', {
      ClientId: 'other-client',
      Username: 'x',
      Password: PASSWORD,
    });
    expect(r.body).toEqual({
      __type: 'ResourceNotFoundException',
      message: 'User pool client other-client does not exist.',
    });
    const missing = await call(server.endpoint, 'InitiateAuth', { ClientId: CLIENT_ID });
    expect(missing.body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Missing required parameter AuthFlow',
    });
    const flow = await call(server.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'x' },
    });
    expect(flow.body.__type).toBe('InvalidParameterException');
  });

  it('refuses unknown sign-up attributes and bad usernames', async () => {
    const attribute = await call(server.endpoint, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: uniqueName('attr'),
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: 'a@example.com' },
        { Name: 'custom:config', Value: '{}' },
      ],
    });
    expect(attribute.body.__type).toBe('InvalidParameterException');
    const spaced = await call(server.endpoint, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: 'has space',
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: 'b@example.com' }],
    });
    expect(spaced.body.__type).toBe('InvalidParameterException');
  });
});

describe('SRP', () => {
  it('signs in with a correct claim', async () => {
    const { username } = await createUser('raw');
    const started = await startSrp(username);
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
    const { username } = await createUser('zeroA');
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
    const { username } = await createUser('replay');
    const request = await answer(await startSrp(username), PASSWORD);
    expect((await call(server.endpoint, 'RespondToAuthChallenge', request)).status).toBe(200);
    const replay = await call(server.endpoint, 'RespondToAuthChallenge', request);
    expect(replay.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
  });

  it('refuses a TIMESTAMP skewed by more than 5 minutes, and a malformed one', async () => {
    const { username } = await createUser('skew');
    for (const timestamp of [
      formatTimestamp(new Date(Date.now() - 6 * 60_000)),
      formatTimestamp(new Date(Date.now() + 6 * 60_000)),
      new Date().toISOString(),
    ]) {
      const r = await call(
        server.endpoint,
        'RespondToAuthChallenge',
        await answer(await startSrp(username), PASSWORD, timestamp),
      );
      expect(r.body.__type).toBe('NotAuthorizedException');
      expect(r.body.AuthenticationResult).toBeUndefined();
    }
    // Within the window is fine.
    const r = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer(
        await startSrp(username),
        PASSWORD,
        formatTimestamp(new Date(Date.now() - 4 * 60_000)),
      ),
    );
    expect(r.status).toBe(200);
  });

  it('refuses a forged signature and a challenge answered too late', async () => {
    const { username } = await createUser('forged');
    const request = await answer(await startSrp(username), PASSWORD);
    request.ChallengeResponses.PASSWORD_CLAIM_SIGNATURE = Buffer.alloc(32, 7).toString('base64');
    const forged = await call(server.endpoint, 'RespondToAuthChallenge', request);
    expect(forged.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });

    const late = await answer(await startSrp(username), PASSWORD);
    offset = 6 * 60_000;
    const r = await call(server.endpoint, 'RespondToAuthChallenge', late);
    expect(r.body.__type).toBe('NotAuthorizedException');
  });

  it('refuses a challenge answered for another user', async () => {
    const { username } = await createUser('victim');
    const { username: other } = await createUser('attacker');
    const request = await answer(await startSrp(username), PASSWORD);
    request.ChallengeResponses.USERNAME = other;
    const r = await call(server.endpoint, 'RespondToAuthChallenge', request);
    expect(r.body.__type).toBe('NotAuthorizedException');
  });
});

describe('expiry and time windows', () => {
  it('expires an unconfirmed sign-up with its code after 24 hours, freeing the name', async () => {
    const { username, email } = await createUser('expire', false);
    const code = await latestCode(server.origin, email);
    offset = 24 * 3600_000 + 1000;
    const r = await call(server.endpoint, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: username,
      ConfirmationCode: code,
    });
    expect(r.body).toEqual({
      __type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    const again = await call(server.endpoint, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: username,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(again.status).toBe(200);
  });

  it('expires refresh tokens after 30 days', async () => {
    const { username } = await createUser('oldrefresh');
    const r = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer(await startSrp(username), PASSWORD),
    );
    const refreshToken = (r.body.AuthenticationResult as Record<string, string>).RefreshToken;
    const refresh = () =>
      call(server.endpoint, 'InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
    offset = 29 * 24 * 3600_000;
    const fresh = await refresh();
    expect(fresh.status).toBe(200);
    expect(fresh.body.AuthenticationResult).not.toHaveProperty('RefreshToken');
    offset = 31 * 24 * 3600_000;
    expect((await refresh()).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    });
    const unknown = await call(server.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: 'not-a-token' },
    });
    expect(unknown.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
  });

  it('locks out progressively: 1 s after the fifth failure, doubling, up to 15 minutes', async () => {
    const { username } = await createUser('unlock');
    // A stopped clock: a slow request on a busy machine cannot let a lock run out.
    frozenAt = Date.now();
    const attempt = async (password: string) => {
      const r = await call(server.endpoint, 'InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      });
      return r.status === 200 ? 'ok' : String(r.body.message);
    };
    for (let i = 0; i < 4; i++) {
      expect(await attempt('Wrong-Passw0rd')).toBe('Incorrect username or password.');
    }
    // From the fifth failure on, each failure locks for 1 s, 2 s, 4 s... then 15 minutes.
    for (let failure = 5; failure <= 16; failure++) {
      expect(await attempt('Wrong-Passw0rd')).toBe('Incorrect username or password.');
      const lockMs = Math.min(1000 * 2 ** (failure - 5), 15 * 60_000);
      // 200 ms before the lock ends, then exactly at its end.
      offset += lockMs - 200;
      expect({ failure, answer: await attempt(PASSWORD) }).toEqual({
        failure,
        answer: 'Password attempts exceeded',
      });
      offset += 200;
    }
    // The right password refunds the failures: the count starts again.
    expect(await attempt(PASSWORD)).toBe('ok');
    for (let i = 0; i < 4; i++) {
      expect(await attempt('Wrong-Passw0rd')).toBe('Incorrect username or password.');
    }
    expect(await attempt(PASSWORD)).toBe('ok');
  });

  it('rejects GetUser with an expired access token', async () => {
    const { username } = await createUser('expiredaccess');
    const r = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer(await startSrp(username), PASSWORD),
    );
    const accessToken = (r.body.AuthenticationResult as Record<string, string>).AccessToken;
    expect((await call(server.endpoint, 'GetUser', { AccessToken: accessToken })).status).toBe(200);
    offset = 3601_000;
    expect((await call(server.endpoint, 'GetUser', { AccessToken: accessToken })).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has expired',
    });
  });
});

describe('routes', () => {
  it('serves the JWKS of our pool only', async () => {
    const ok = await fetch(`${server.origin}/idp/${POOL_ID}/.well-known/jwks.json`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { keys: unknown[] }).keys).toHaveLength(1);
    const other = await fetch(`${server.origin}/idp/local_other/.well-known/jwks.json`);
    expect(other.status).toBe(404);
  });

  it('answers CORS preflights for browsers on other origins', async () => {
    const response = await fetch(server.endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });

  it('decorates app.identity with the issuer and a session check', async () => {
    const { identity } = server.app;
    expect(identity.issuer).toBe(`http://placeholder.invalid/idp/${POOL_ID}`);
    expect(await identity.isSessionActive('not-a-uuid')).toBe(false);
    expect(await identity.isSessionActive('00000000-0000-4000-8000-000000000000')).toBe(false);
    expect((await identity.jwks()).keys).toHaveLength(1);
  });
});

describe('SMTP mail', () => {
  it('sends codes through the transport and serves no mailbox', async () => {
    const { db, close } = await openIdentityDb();
    const sent: { from: string; to: string; subject: string; text: string }[] = [];
    const transport: MailTransport = {
      sendMail: async (mail) => {
        sent.push(mail);
        return {};
      },
    };
    const app = Fastify({ logger: false });
    await app.register(identityPlugin, {
      db,
      poolId: POOL_ID,
      clientId: CLIENT_ID,
      issuerOrigin: 'http://localhost:8080',
      mailer: createSmtpMailer({ from: 'Peanut VPN <no-reply@example.com>', transport }),
    });
    try {
      // Through a real socket: app.inject (light-my-request) needs the ESM-only `cookie` 2,
      // which Jest's CommonJS runtime cannot load.
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const r = await call(`${origin}/idp/`, 'SignUp', {
        ClientId: CLIENT_ID,
        Username: 'smtp-user',
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: 'smtp-user@example.com' }],
      });
      expect(r.status).toBe(200);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        from: 'Peanut VPN <no-reply@example.com>',
        to: 'smtp-user@example.com',
        text: expect.stringMatching(/\d{6}/),
      });
      const mailbox = await fetch(`${origin}/dev/mailbox/smtp-user@example.com`);
      expect(mailbox.status).toBe(404);

      // A failing transport: CodeDeliveryFailureException.
      transport.sendMail = async () => {
        throw new Error('connection refused');
      };
      const resend = await call(`${origin}/idp/`, 'ResendConfirmationCode', {
        ClientId: CLIENT_ID,
        Username: 'smtp-user',
      });
      expect(resend.body).toMatchObject({ __type: 'CodeDeliveryFailureException' });
    } finally {
      await app.close();
      await close();
    }
  });
});
