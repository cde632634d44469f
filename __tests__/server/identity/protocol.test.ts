/**
 * The wire protocol of `POST /idp/` below the library: error shapes, bad input and foreign
 * targets; the JWKS and CORS routes and the `app.identity` decoration; and the SMTP mailer.
 * SRP abuse is in srpAbuse.test.ts, expiry of codes and tokens in throttlingAndExpiry.test.ts.
 */
import Fastify from 'fastify';
import { createSmtpMailer, type MailTransport } from '../../../src/server/identity/mailer';
import identityPlugin from '../../../src/server/identity/plugin';
import {
  call,
  CLIENT_ID,
  openIdentityDb,
  PASSWORD,
  POOL_ID,
  startIdentityServer,
  uniqueName,
  type IdentityServer,
} from './helpers';

let server: IdentityServer;

beforeAll(async () => {
  server = await startIdentityServer();
});
afterAll(async () => {
  await server?.close();
});

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
