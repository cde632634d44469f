import Fastify from 'fastify';
import { buildApp, type App } from '../../src/server/app';
import { errorHandler } from '../../src/server/errors';
import {
  loggerOptions,
  OneLinePerRequest,
  TurnBatchedDestination,
  type LogDestination,
} from '../../src/server/logger';
import { LogCapture, openTestDatabase, testConfig, type TestDatabase } from '../support/helpers';

const SECRET_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.c2lnbmF0dXJlLXNlY3JldA';

describe('logs', () => {
  let database: TestDatabase;
  let app: App;
  const logs = new LogCapture();

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp(testConfig({ LOG_LEVEL: 'trace' }), {
      database: database.handle,
      logStream: logs,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('log each request as JSON lines without credentials or query strings', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/v1/regions/?token=${SECRET_TOKEN}&code=123456`,
      headers: { authorization: SECRET_TOKEN, cookie: `session=${SECRET_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/v1/unknown',
      headers: { authorization: `Bearer ${SECRET_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ password: SECRET_TOKEN, refreshToken: SECRET_TOKEN }),
    });

    const entries = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // One line per request at info, when it is answered: its method, URL, status and duration;
    // Fastify's 'incoming request' line only at debug (20).
    const incoming = entries.filter((entry) => entry.msg === 'incoming request');
    expect(incoming.map((entry) => entry.level)).toEqual([20, 20]);
    expect(entries.filter((entry) => (entry.level as number) >= 30 && entry.req)).toHaveLength(2);
    const completed = entries.filter((entry) => entry.msg === 'request completed');
    expect(
      completed.map((entry) => [
        (entry.req as { method: string; url: string }).method,
        (entry.req as { url: string }).url,
        (entry.res as { statusCode: number }).statusCode,
        typeof entry.responseTime,
      ]),
    ).toEqual([
      ['GET', '/v1/regions/?[redacted]', 200, 'number'],
      ['POST', '/v1/unknown', 404, 'number'],
    ]);
    expect(logs.text).not.toContain(SECRET_TOKEN);
    expect(logs.text).not.toContain('123456');
  });

  it('redact secret fields and credentials headers wherever they are logged', () => {
    app.log.info(
      {
        headers: { authorization: SECRET_TOKEN },
        body: { password: SECRET_TOKEN, nested: { privateKey: SECRET_TOKEN } },
        PrivateKey: SECRET_TOKEN,
        refreshToken: SECRET_TOKEN,
        region: 'eu-west-3',
      },
      'something with secrets',
    );
    const entry = JSON.parse(logs.lines[logs.lines.length - 1]) as Record<string, unknown>;
    expect(entry).toMatchObject({
      msg: 'something with secrets',
      headers: { authorization: '[redacted]' },
      body: { password: '[redacted]', nested: { privateKey: '[redacted]' } },
      PrivateKey: '[redacted]',
      refreshToken: '[redacted]',
      region: 'eu-west-3',
    });
    expect(logs.text).not.toContain(SECRET_TOKEN);
  });
});

describe('request lines', () => {
  /** A bare instance logging through `stream` as the server does, with one route. */
  async function serverLoggingTo(stream: LogDestination) {
    const instance = Fastify({
      logger: loggerOptions('info', stream),
      logController: new OneLinePerRequest(),
    });
    instance.get('/v1/things/:id', async () => ({ ok: true }));
    await instance.ready();
    return instance;
  }

  /** `line` parsed, its time and duration replaced (they differ from one request to another). */
  function comparable(line: string): [string, unknown][] {
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(typeof entry.time).toBe('number');
    expect(typeof entry.responseTime).toBe('number');
    return Object.entries({ ...entry, time: 0, responseTime: 0 });
  }

  it("writes the stdout destination's line, formatted at the end of the turn, as pino writes it", async () => {
    // The stdout destination (turn-batched) takes the queued path; a plain stream gets pino's line.
    const batched = new LogCapture();
    const plain = new LogCapture();
    const viaTurn = await serverLoggingTo(new TurnBatchedDestination(batched));
    const viaPino = await serverLoggingTo(plain);
    try {
      const request = {
        method: 'GET' as const,
        url: `/v1/things/a%22b?token=${SECRET_TOKEN}`,
        headers: { host: 'vpn.example:8080', authorization: SECRET_TOKEN },
        remoteAddress: '192.0.2.7',
      };
      expect((await viaTurn.inject(request)).statusCode).toBe(200);
      expect((await viaPino.inject(request)).statusCode).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      const completed = (lines: string[]) => lines.filter((l) => l.includes('request completed'));
      expect(completed(batched.lines)).toHaveLength(1);
      expect(completed(plain.lines)).toHaveLength(1);
      const [line] = completed(batched.lines);
      expect(comparable(line)).toEqual(comparable(completed(plain.lines)[0]));
      expect(JSON.parse(line)).toMatchObject({
        level: 30,
        reqId: 'req-1',
        req: {
          method: 'GET',
          url: '/v1/things/a%22b?[redacted]',
          host: 'vpn.example:8080',
          remoteAddress: '192.0.2.7',
        },
        res: { statusCode: 200 },
        msg: 'request completed',
      });
      expect(batched.text).not.toContain(SECRET_TOKEN);
    } finally {
      await viaTurn.close();
      await viaPino.close();
    }
  });
});

describe('error handler', () => {
  // A bare instance with one route that validates, one that fails and one that throws a 4xx:
  // the answers every future route gets from the shared error handler.
  const logs = new LogCapture();
  const app = Fastify({ logger: loggerOptions('info', logs) });
  app.setErrorHandler(errorHandler);
  app.post(
    '/validated',
    {
      schema: {
        body: {
          type: 'object',
          required: ['region'],
          properties: { region: { type: 'string', pattern: '^[a-z]{2}-[a-z]+-\\d$' } },
        },
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/fails', async () => {
    throw new Error('connect ECONNREFUSED 10.1.2.3:5432');
  });
  app.get('/conflict', async () => {
    throw Object.assign(new Error('That VPN is already being deleted'), { statusCode: 409 });
  });

  afterAll(() => app.close());

  it('answers a validation error with 400 JSON {message}', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/validated',
      payload: { region: 'Paris' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'body/region must match pattern "^[a-z]{2}-[a-z]+-\\d$"',
    });
  });

  it('answers malformed JSON with 400 JSON {message}', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"region":',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
  });

  it('answers a 4xx error with its message', async () => {
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'That VPN is already being deleted' });
  });

  it('answers an unexpected error with 500 and a fixed message, and logs it', async () => {
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'An error happened in the backend' });
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(logs.text).toContain('ECONNREFUSED 10.1.2.3:5432');
  });
});
