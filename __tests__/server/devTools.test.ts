/**
 * Nobody but the account owner sees a confirmation or reset code.
 * - Production refuses to start without SMTP_URL and has no /dev/* route at all; codes arrive
 *   by mail (a local SMTP sink started by the test).
 * - The embedded default listens on 127.0.0.1, and its /dev/mailbox answers loopback callers
 *   only: a request from a network namespace made by the test (a non-loopback source address,
 *   through a veth to the host) gets 404, unless DEV_TOOLS_PUBLIC=true.
 * - The account-takeover sequence (ForgotPassword, read the code, ConfirmForgotPassword, sign
 *   in) fails in each configuration.
 * - A loopback socket carrying X-Forwarded-For or Forwarded (a reverse proxy on this
 *   machine) is local only when TRUST_PROXY resolves it to loopback.
 * @exclusive a network namespace and veth pair on the host (docs/development.md)
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Env } from '../../src/server/config';
import {
  makeTempDir,
  openTestDatabase,
  removeDir,
  testConfig,
  type TestDatabase,
} from '../support/helpers';
import {
  call,
  CLIENT_ID,
  confirm,
  expectCognitoError,
  makePool,
  PASSWORD,
  signIn,
  signUp,
  uniqueName,
  userOf,
} from './identity/helpers';
import { builtProgram } from '../support/builtServer';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** Production settings with every required one set (the database is given to buildApp). */
function productionEnv(smtpPort: number): Env {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://unused.invalid/peanut',
    PUBLIC_URL: 'http://127.0.0.1:1',
    CHECKOUT_URL_STARTER: 'https://buy.example.com/starter',
    CHECKOUT_URL_PRO: 'https://buy.example.com/pro',
    CHECKOUT_URL_ELITE: 'https://buy.example.com/elite',
    STRIPE_WEBHOOK_SECRET: 'whsec_production_test',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMTP_FROM: 'Peanut VPN <no-reply@peanut.test>',
  };
}

/** The takeover of `victim`'s account as an attacker knowing only the email would try it. */
async function attemptTakeover(
  origin: string,
  victim: string,
  readMailbox: () => Promise<number>,
): Promise<void> {
  const forgot = await call(`${origin}/idp/`, 'ForgotPassword', {
    ClientId: CLIENT_ID,
    Username: victim,
  });
  expect(forgot.status).toBe(200);
  // The mailbox is not there for the attacker...
  expect(await readMailbox()).toBe(404);
  // ...and guessing is cut off after 5 tries.
  const messages: string[] = [];
  for (let i = 0; i < 6; i++) {
    const guess = await call(`${origin}/idp/`, 'ConfirmForgotPassword', {
      ClientId: CLIENT_ID,
      Username: victim,
      ConfirmationCode: String(100000 + i),
      Password: 'Attacker-Passw0rd!',
    });
    messages.push(String(guess.body.message));
  }
  expect(messages[5]).toBe('Attempt limit exceeded, please try after some time.');
  await expectCognitoError(
    signIn(userOf(makePool(`${origin}/idp/`), victim), 'Attacker-Passw0rd!'),
    'NotAuthorizedException',
  );
}

describe('production (NODE_ENV=production)', () => {
  it('refuses to start without SMTP_URL, naming the setting', async () => {
    const env = { ...productionEnv(25) };
    delete env.SMTP_URL;
    expect(() => loadConfig(env)).toThrow(new Error('SMTP_URL unset in environment!'));
    const child = await run(process.execPath, [builtProgram('server')], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: '0' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(child.code).toBe(1);
    expect(child.stderr).toBe('SMTP_URL unset in environment!\n');
  });

  describe('with SMTP', () => {
    const mails: string[] = [];
    let smtp: SMTPServer;
    let database: TestDatabase;
    let app: App;
    let origin: string;

    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, _session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            mails.push(Buffer.concat(chunks).toString('utf8'));
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const port = (smtp.server.address() as { port: number }).port;
      database = await openTestDatabase('pglite');
      app = await buildApp(
        loadConfig({ ...productionEnv(port), LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000' }),
        { database: database.handle },
      );
      origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    });
    afterAll(async () => {
      await app?.close();
      await database?.cleanup();
      await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
    });

    /** The newest code mailed to `email` through the SMTP sink. */
    function mailedCode(email: string): string {
      const mail = [...mails].reverse().find((text) => text.includes(`To: ${email}`));
      const code = mail?.match(/code is (\d{6})/)?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    }

    it('has no /dev/* route: the mailbox answers 404, even from loopback', async () => {
      for (const url of ['/dev/mailbox/someone@example.com', '/dev/', '/dev/sms/+15550100']) {
        const response = await fetch(`${origin}${url}`);
        expect(response.status).toBe(404);
      }
    });

    it('mails the code, and the takeover sequence fails', async () => {
      const email = `${uniqueName('prod')}@example.com`;
      const pool = makePool(`${origin}/idp/`);
      await signUp(pool, email, PASSWORD, email);
      await confirm(userOf(pool, email), mailedCode(email));
      await signIn(userOf(pool, email), PASSWORD);

      await attemptTakeover(origin, email, async () => {
        const response = await fetch(`${origin}/dev/mailbox/${encodeURIComponent(email)}`);
        return response.status;
      });
      // The owner still signs in with their password.
      await signIn(userOf(makePool(`${origin}/idp/`), email), PASSWORD);
    });
  });
});

describe('the embedded default', () => {
  it('listens on 127.0.0.1 unless HOST is set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('answers the mailbox on loopback, and 404 to a loopback socket carrying a forwarded address', async () => {
    const app = await buildApp(testConfig({ TRUST_PROXY: '127.0.0.1' }));
    try {
      const own = await app.inject({ method: 'GET', url: '/dev/mailbox/a@example.com' });
      expect(own.statusCode).toBe(200);
      // A reverse proxy on this machine relaying someone else: not local.
      const relayed = await app.inject({
        method: 'GET',
        url: '/dev/mailbox/a@example.com',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(relayed.statusCode).toBe(404);
      expect(relayed.json()).toEqual(
        (await app.inject({ method: 'GET', url: '/dev/no-such-route' })).json(),
      );
      // The SMS outbox likewise.
      const sms = await app.inject({ method: 'GET', url: '/dev/sms/%2B15550100' });
      expect({ status: sms.statusCode, body: sms.json() }).toEqual({ status: 200, body: [] });
      const relayedSms = await app.inject({
        method: 'GET',
        url: '/dev/sms/%2B15550100',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(relayedSms.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('behind a reverse proxy on this machine', () => {
  /** The mailbox and SMS outbox statuses for a loopback socket sending `headers`. */
  async function statuses(app: App, headers: Record<string, string>) {
    const mailbox = await app.inject({ method: 'GET', url: '/dev/mailbox/a@example.com', headers });
    const sms = await app.inject({ method: 'GET', url: '/dev/sms/%2B15550100', headers });
    return [mailbox.statusCode, sms.statusCode];
  }

  it('hides /dev/ from a forwarded request unless TRUST_PROXY resolves it to loopback', async () => {
    const untrusted = await buildApp(testConfig());
    const trusted = await buildApp(testConfig({ TRUST_PROXY: '127.0.0.1' }));
    try {
      const seen = {
        untrusted: {
          xffRemote: await statuses(untrusted, { 'x-forwarded-for': '198.51.100.7' }),
          xffLoopback: await statuses(untrusted, { 'x-forwarded-for': '127.0.0.1' }),
          forwardedLoopback: await statuses(untrusted, { forwarded: 'for=127.0.0.1' }),
        },
        trusted: {
          xffLoopback: await statuses(trusted, { 'x-forwarded-for': '127.0.0.1' }),
          forwardedLoopback: await statuses(trusted, { forwarded: 'for="[::1]:4711"' }),
          forwardedRemote: await statuses(trusted, { forwarded: 'for=198.51.100.7' }),
          xffLoopbackForwardedRemote: await statuses(trusted, {
            'x-forwarded-for': '127.0.0.1',
            forwarded: 'for=198.51.100.7',
          }),
        },
      };
      expect(seen).toEqual({
        untrusted: {
          xffRemote: [404, 404],
          xffLoopback: [404, 404],
          forwardedLoopback: [404, 404],
        },
        trusted: {
          xffLoopback: [200, 200],
          forwardedLoopback: [200, 200],
          forwardedRemote: [404, 404],
          xffLoopbackForwardedRemote: [404, 404],
        },
      });
    } finally {
      await untrusted.close();
      await trusted.close();
    }
  });
});

/** True when this process can create network namespaces (root with iproute2). */
async function canUseNetns(): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return 'not root';
  try {
    await run('ip', ['-V']);
  } catch {
    return 'iproute2 (ip) is not installed';
  }
  return undefined;
}

describe('the mailbox seen from another host (a network namespace)', () => {
  const suffix = randomBytes(3).toString('hex');
  const namespace = `sectest-${suffix}`;
  const hostVeth = `secth${suffix}`;
  const nsVeth = `sectn${suffix}`;
  // A /30 of our own, on a veth pair this test creates and deletes.
  const octet = 16 + (parseInt(suffix, 16) % 200);
  const hostAddress = `10.251.${octet}.1`;
  const nsAddress = `10.251.${octet}.2`;
  let skipped: string | undefined;
  let dataDir: string;

  beforeAll(async () => {
    skipped = await canUseNetns();
    if (skipped) {
      if (process.env.CI === 'true') throw new Error(`network namespaces unavailable: ${skipped}`);
      console.warn(`Skipping the network namespace tests: ${skipped}`);
      return;
    }
    dataDir = makeTempDir('devns');
    await run('ip', ['netns', 'add', namespace]);
    await run('ip', ['link', 'add', hostVeth, 'type', 'veth', 'peer', 'name', nsVeth]);
    await run('ip', ['link', 'set', nsVeth, 'netns', namespace]);
    await run('ip', ['addr', 'add', `${hostAddress}/30`, 'dev', hostVeth]);
    await run('ip', ['link', 'set', hostVeth, 'up']);
    await run('ip', [
      'netns',
      'exec',
      namespace,
      'ip',
      'addr',
      'add',
      `${nsAddress}/30`,
      'dev',
      nsVeth,
    ]);
    await run('ip', ['netns', 'exec', namespace, 'ip', 'link', 'set', nsVeth, 'up']);
    await run('ip', ['netns', 'exec', namespace, 'ip', 'link', 'set', 'lo', 'up']);
  });
  afterAll(async () => {
    if (skipped) return;
    await run('ip', ['link', 'del', hostVeth]).catch(() => undefined);
    await run('ip', ['netns', 'del', namespace]).catch(() => undefined);
    removeDir(dataDir);
  });

  /** GETs `url` from inside the namespace (node's fetch there); the status, or 0 unreachable. */
  async function statusFromNamespace(url: string): Promise<number> {
    const script = `fetch(${JSON.stringify(url)}).then((r) => console.log(r.status), () => console.log(0))`;
    const { stdout } = await run('ip', [
      'netns',
      'exec',
      namespace,
      process.execPath,
      '-e',
      script,
    ]);
    return Number(stdout.trim());
  }

  /** Starts the embedded default on HOST=0.0.0.0 (reachable from the namespace) with `env`. */
  async function start(env: Env = {}): Promise<{ app: App; port: number }> {
    const app = await buildApp(
      testConfig({ HOST: '0.0.0.0', RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn', ...env }),
    );
    await app.listen({ port: 0, host: '0.0.0.0' });
    return { app, port: (app.server.address() as { port: number }).port };
  }

  it('refuses the namespace (404) while answering loopback, and the takeover fails', async () => {
    if (skipped) return;
    const { app, port } = await start();
    try {
      const victim = `${uniqueName('victim')}@example.com`;
      const loopback = `http://127.0.0.1:${port}`;
      const pool = makePool(`${loopback}/idp/`);
      await signUp(pool, victim, PASSWORD, victim);
      const local = await fetch(`${loopback}/dev/mailbox/${encodeURIComponent(victim)}`);
      expect(local.status).toBe(200);
      const [mail] = (await local.json()) as { code: string }[];
      await confirm(userOf(pool, victim), mail.code);

      const remote = `http://${hostAddress}:${port}`;
      // The API itself is reachable from the namespace...
      expect(await statusFromNamespace(`${remote}/v1/regions/`)).toBe(200);
      // ...the mailbox is not.
      await attemptTakeover(remote, victim, () =>
        statusFromNamespace(`${remote}/dev/mailbox/${encodeURIComponent(victim)}`),
      );
      await signIn(userOf(makePool(`${loopback}/idp/`), victim), PASSWORD);
    } finally {
      await app.close();
    }
  });

  it('answers the namespace with DEV_TOOLS_PUBLIC=true, and warns at start', async () => {
    if (skipped) return;
    const lines: string[] = [];
    const app = await buildApp(
      testConfig({ HOST: '0.0.0.0', LOG_LEVEL: 'warn', DEV_TOOLS_PUBLIC: 'true' }),
      { logStream: { write: (line: string) => lines.push(line) } },
    );
    try {
      await app.listen({ port: 0, host: '0.0.0.0' });
      const port = (app.server.address() as { port: number }).port;
      expect(
        await statusFromNamespace(`http://${hostAddress}:${port}/dev/mailbox/x@example.com`),
      ).toBe(200);
      expect(lines.join('')).toContain('DEV_TOOLS_PUBLIC=true');
    } finally {
      await app.close();
    }
  });
});
