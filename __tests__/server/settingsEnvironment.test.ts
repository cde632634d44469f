/**
 * A wrong environment is reported in one message that lists every invalid or missing setting
 * (the service's, the netns provisioner's and the hosts' alike), and each secret setting also
 * accepts `<NAME>_FILE`, a file holding it (as container and systemd secrets are delivered).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { loadConfig } from '../../src/server/config';
import { loadHostAgentSettings, loadHostsSettings } from '../../src/server/hosts/settings';
import { loadNetnsSettings } from '../../src/server/provisioners/netnsSettings';
import { HOST_ONLY_SETTINGS, SETTINGS } from '../../src/server/settings';
import { SettingsError } from '../../src/server/settingsReader';

const productionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.example/peanut',
  PUBLIC_URL: 'https://vpn.example.com/',
  CHECKOUT_URL_STARTER: 'https://buy.stripe.com/starter',
  CHECKOUT_URL_PRO: 'https://buy.stripe.com/pro',
  CHECKOUT_URL_ELITE: 'https://buy.stripe.com/elite',
  STRIPE_WEBHOOK_SECRET: 'whsec_production',
  SMTP_URL: 'smtps://user:pass@mail.example.com',
};

/** The problems `load` reports (it must throw a SettingsError). */
function problemsOf(load: () => unknown): readonly string[] {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as SettingsError).problems;
  }
  throw new Error('did not throw');
}

let dir: string;
/** Writes `content` to a new file of the test's directory and returns its path. */
const file = (name: string, content: string): string => {
  const where = path.join(dir, name);
  writeFileSync(where, content, { mode: 0o600 });
  return where;
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'peanut-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a wrong environment', () => {
  it('lists every invalid or missing setting in one message, the first not alone', () => {
    const env = {
      NODE_ENV: 'production',
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'true',
      WG_PORTS: '52000',
      NETNS_PREFIX: 'PN',
      WG_ADDRESSES6: 'nonsense',
      HOST_GRACE_S: 'soon',
      NATS_URL: 'http://nats.example',
      REFERRAL_ENABLED: 'maybe',
    };
    const problems = problemsOf(() => loadConfig(env));
    const named = problems.map((problem) => /^[A-Z_0-9]+/.exec(problem)?.[0]);
    expect(new Set(named)).toEqual(
      new Set([
        'DATABASE_URL',
        'PUBLIC_URL',
        'CHECKOUT_URL_STARTER',
        'CHECKOUT_URL_PRO',
        'CHECKOUT_URL_ELITE',
        'SMTP_URL',
        'STRIPE_WEBHOOK_SECRET',
        'PORT',
        'LOG_LEVEL',
        'TRUST_PROXY',
        'WG_PORTS',
        'NETNS_PREFIX',
        'WG_ADDRESSES6',
        'HOST_GRACE_S',
        'NATS_URL',
        'REFERRAL_ENABLED',
      ]),
    );
    expect(problems).toContain("PORT must be a whole number from 0 to 65535, got: 'abc'");
    expect(problems).toContain("HOST_GRACE_S must be a number from 0.1 to 86400, got: 'soon'");
    expect(() => loadConfig(env)).toThrow(
      new RegExp(`^${problems.length} settings are invalid or missing:\n  - DATABASE_URL unset`),
    );
  });

  it('gives a single problem as it is', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      new Error("PORT must be a whole number from 0 to 65535, got: '70000'"),
    );
  });

  it('lists every problem of the netns settings read alone', () => {
    expect(problemsOf(() => loadNetnsSettings({ WG_PORTS: 'x', WG_DNS: ',' }))).toEqual([
      "WG_PORTS must be a port range first-last within 1-65535, got: 'x'",
      "WG_DNS must be comma-separated IP addresses, got: ','",
    ]);
  });

  it("lists every problem of a VPN host's environment", () => {
    expect(problemsOf(() => loadHostAgentSettings({ HOST_HEARTBEAT_S: '0' }))).toEqual([
      'NATS_URL unset in environment!',
      "HOST_ID must be lower-case letters, digits and dashes, got: ''",
      "HOST_REGIONS must be comma-separated region codes, e.g. eu-west-3, got: ''",
      "HOST_HEARTBEAT_S must be a number from 0.05 to 3600, got: '0'",
    ]);
  });
});

describe('secrets from files (<NAME>_FILE)', () => {
  it('marks the secrets, and only they accept a file', () => {
    const secrets = [...SETTINGS, ...HOST_ONLY_SETTINGS].filter((s) => s.secret).map((s) => s.name);
    expect(secrets).toEqual([
      'DATABASE_URL',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
      'METRICS_TOKEN',
      'NATS_URL',
    ]);
    // PORT is no secret: PORT_FILE means nothing.
    expect(loadConfig({ PORT_FILE: file('port', '9999') }).port).toBe(8080);
  });

  it('reads each secret of production from its file, without the final newline', () => {
    const env: Record<string, string> = { ...productionEnv };
    for (const name of ['DATABASE_URL', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL']) {
      env[`${name}_FILE`] = file(name, `${env[name]}-from-file\n`);
      delete env[name];
    }
    expect(loadConfig(env)).toMatchObject({
      databaseUrl: 'postgres://db.example/peanut-from-file',
      stripeWebhookSecret: 'whsec_production-from-file',
      smtpUrl: 'smtps://user:pass@mail.example.com-from-file',
    });
  });

  it('refuses a secret set both ways, or a file it cannot read, once', () => {
    const both = { ...productionEnv, SMTP_URL_FILE: file('smtp', 'smtp://other\n') };
    expect(() => loadConfig(both)).toThrow(
      new Error('Set one of SMTP_URL and SMTP_URL_FILE, not both'),
    );
    const missing: Record<string, string> = { ...productionEnv };
    delete missing.DATABASE_URL;
    missing.DATABASE_URL_FILE = path.join(dir, 'absent');
    expect(() => loadConfig(missing)).toThrow(
      new Error(`DATABASE_URL_FILE: cannot read ${missing.DATABASE_URL_FILE}: ENOENT`),
    );
  });

  it('reads NATS_URL from a file on the service and on a host', () => {
    const NATS_URL_FILE = file('nats', 'nats://svc:secret@127.0.0.1:4222\n');
    expect(loadHostsSettings({ NATS_URL_FILE })?.nats.url).toBe('nats://svc:secret@127.0.0.1:4222');
    const host = loadHostAgentSettings({ NATS_URL_FILE, HOST_ID: 'h1', HOST_REGIONS: 'eu-west-3' });
    expect(host.nats.url).toBe('nats://svc:secret@127.0.0.1:4222');
  });
});

describe('the settings records', () => {
  it('give each setting one record, whose default its own schema accepts', () => {
    const all = [...SETTINGS, ...HOST_ONLY_SETTINGS];
    expect(new Set(all.map((s) => s.name)).size).toBe(all.length);
    const withDefault = all.filter((s) => s.schema.default !== undefined);
    expect(withDefault.length).toBeGreaterThan(30);
    for (const { name, schema } of withDefault) {
      expect([name, Value.Check(schema, schema.default)]).toEqual([name, true]);
    }
  });

  it.each(['settings.ts', 'settingRecord.ts', 'settingsHosts.ts'])(
    '%s is a leaf: it imports only TypeBox and the other records (no cycle)',
    (name) => {
      const source = readFileSync(path.resolve(__dirname, '../../src/server', name), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      for (const target of imports) {
        expect(['@sinclair/typebox', './settingRecord', './settingsHosts']).toContain(target);
      }
    },
  );
});
