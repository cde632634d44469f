/**
 * Security outside the identity provider's actions: the data directory's modes, the sign-up
 * bonus once per email, TRUST_PROXY, limits claims wider than the server's, the Host header of
 * /app-config.json and the one redaction helper of logged errors. The /dev routes are in
 * devTools.test.ts, the guessing races in identity/guessing.test.ts, the final metering interval
 * in vpnsMeteringPlan.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, importJWK, type JWK } from 'jose';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { safeMessage } from '../../src/server/logger';
import { idpSigningKeys } from '../../src/server/identity/schema';
import { startServer } from '../../src/server/server';
import {
  DATABASE_KINDS,
  LogCapture,
  makeTempDir,
  openTestDatabase,
  removeDir,
  testConfig,
  type TestDatabase,
} from '../support/helpers';
import { uniqueName } from './identity/helpers';
import {
  api,
  balanceNano,
  buildVpnApp,
  createBody,
  deleteAccount,
  signUpUser,
} from '../support/vpnHelpers';
import { PERMISSIVE_CLAIM_MESSAGE } from '../../src/core/limits';

/** Every file and directory below `dir`, with its mode bits. */
function modesBelow(dir: string): { file: string; mode: number }[] {
  const found: { file: string; mode: number }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    found.push({ file, mode: fs.lstatSync(file).mode & 0o777 });
  }
  return found;
}

describe('the data directory', () => {
  let dir: string;
  const umask = process.umask();
  beforeEach(() => {
    dir = makeTempDir('datadir');
  });
  afterEach(() => {
    process.umask(umask);
    removeDir(dir);
  });

  it('is created 0700 and no file in it is readable by others, the WAL included', async () => {
    const dataDir = path.join(dir, 'data');
    const server = await startServer(
      loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', WEB_DIR: dir }),
    );
    // The token signing key is written at start: something worth hiding.
    await server.close();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const entries = modesBelow(dataDir);
    expect(entries.some((entry) => /pg_wal/.test(entry.file))).toBe(true);
    expect(entries.filter((entry) => (entry.mode & 0o077) !== 0)).toEqual([]);
  }, 120_000);

  it('tightens an existing readable directory and says so in the log', async () => {
    const dataDir = path.join(dir, 'old');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const logs = new LogCapture();
    const server = await startServer(
      loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', WEB_DIR: dir }),
      { logStream: logs },
    );
    await server.close();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(logs.text).toContain('was readable by others (mode 755): tightened to 700');
  }, 120_000);
});

describe.each(DATABASE_KINDS)('on %s', (kind) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildVpnApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('grants the sign-up bonus once per email address, ever', async () => {
    const email = `${uniqueName('bonus')}@example.com`;
    const first = await signUpUser(app, 'bonus', email);
    expect(await balanceNano(app, first)).toBe(10e9);
    await deleteAccount(app, first);

    const again = await signUpUser(app, 'bonus', email);
    expect(await balanceNano(app, again)).toBe(0);
    await deleteAccount(app, again);
    // Case and surrounding spaces do not make another address.
    const shouting = await signUpUser(app, 'bonus', `  ${email.toUpperCase()} `);
    expect(await balanceNano(app, shouting)).toBe(0);
    // Another address still gets its bonus; the record holds no address in clear.
    const other = await signUpUser(app, 'bonus');
    expect(await balanceNano(app, other)).toBe(10e9);
    const stored = await database.handle.executeSql('SELECT email_hash FROM signup_bonus_grants');
    expect(JSON.stringify(stored.rows)).not.toContain('@');
  });

  it('refuses at creation a token whose custom:config is wider than the server limits', async () => {
    const user = await signUpUser(app, 'claim');
    // A token of our own pool whose claim a user could have written wider (as with a real
    // Cognito pool where custom:config is writable), signed with the pool's key.
    const [key] = await database.handle.db.select().from(idpSigningKeys);
    const claims = JSON.parse(
      Buffer.from(user.idToken.split('.')[1], 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const wide = JSON.stringify({
      maxPeanutsFieldMinValue: 0.1,
      maxPeanutsFieldMaxValue: 1_000_000,
      deleteAfterFieldMinValue: 300,
      deleteAfterFieldMaxValue: 86_400,
    });
    const forged = await new SignJWT({ ...claims, 'custom:config': wide })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .sign(await importJWK(key.privateJwk as JWK, 'RS256'));
    const answer = await api(
      app,
      { ...user, idToken: forged },
      'POST',
      '/v1/vpns/',
      createBody('eu-west-3', { type: 'wireguard', maxPeanuts: 5, deleteAfter: 3600 }),
    );
    expect(answer).toMatchObject({ status: 400, body: { message: PERMISSIVE_CLAIM_MESSAGE } });
    // The token as issued (the server's own limits) is accepted.
    const ok = await api(app, user, 'POST', '/v1/vpns/', createBody());
    expect(ok.status).toBe(202);
  });
});

describe('TRUST_PROXY', () => {
  /** Sends 6 requests, each claiming another address, through `app`; their statuses. */
  async function spoofed(app: App): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // The client's own claim first; the proxy appends the address it saw (203.0.113.9).
      const response = await app.inject({
        method: 'GET',
        url: '/v1/regions/',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it.each([['1'], ['127.0.0.1'], ['127.0.0.0/8, 10.0.0.0/8']])(
    'with TRUST_PROXY=%s a spoofed X-Forwarded-For does not pass a limit of 3',
    async (trustProxy) => {
      const app = await buildApp(testConfig({ TRUST_PROXY: trustProxy, RATE_LIMIT_MAX: '3' }));
      try {
        expect(await spoofed(app)).toEqual([200, 200, 200, 429, 429, 429]);
      } finally {
        await app.close();
      }
    },
  );
});

describe('/app-config.json and the Host header', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp(testConfig({ ALLOWED_HOSTS: 'vpn.lan:8080' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const appConfig = (host: string) =>
    app.inject({ method: 'GET', url: '/app-config.json', headers: { host } });

  it('does not reflect a foreign Host, and varies on Host', async () => {
    const response = await appConfig('evil.example.com');
    expect(response.headers.vary).toMatch(/host/i);
    expect(response.json()).toMatchObject({
      apiBaseUrl: 'http://localhost:8080',
      identityEndpoint: 'http://localhost:8080/idp/',
    });
  });

  it.each([['127.0.0.1:9000'], ['localhost:9000'], ['[::1]:9000'], ['vpn.lan:8080']])(
    'reflects the loopback or allowed host %s',
    async (host) => {
      expect((await appConfig(host)).json()).toMatchObject({
        apiBaseUrl: `http://${host}`,
        identityEndpoint: `http://${host}/idp/`,
      });
    },
  );
});

describe('safeMessage', () => {
  it('keeps a failed query and its cause, never its parameters', () => {
    const secret = 'kKq3d8e9+private/key==';
    const error = new Error(`Failed query: insert into "vpns" values ($1)\nparams: ${secret}`, {
      cause: new Error('duplicate key value violates unique constraint "vpns_pkey"'),
    });
    const message = safeMessage(error);
    expect(message).toBe(
      'Failed query: insert into "vpns" values ($1): duplicate key value violates unique constraint "vpns_pkey"',
    );
    expect(message).not.toContain(secret);
  });
});
