/**
 * Server configuration read from environment variables (DESIGN.md "Fixed points", spec §8).
 *
 * Every setting has an embedded default so that `npm start` runs on one machine with no setup;
 * in production (`NODE_ENV=production`) the settings marked required must be set, else
 * `loadConfig` throws `{NAME} unset in environment!` (spec §8 "Missing environment setting").
 */

/** Log levels pino accepts (plus `silent`). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** A pino log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The ids of the peanut packs for sale (spec §9), in display order. */
export const PACK_IDS = ['starter', 'pro', 'elite'] as const;
/** A peanut pack id. */
export type PackId = (typeof PACK_IDS)[number];

/** The constants presets (DESIGN.md "Fixed points"): the product's, or spec §9's mock backend. */
export const PRESET_NAMES = ['product', 'mock'] as const;
/** A constants preset name (`PRESET`). */
export type PresetName = (typeof PRESET_NAMES)[number];

/** The provisioners that run VPN servers (DESIGN.md "Server", `PROVISIONER`). */
export const PROVISIONER_NAMES = ['simulated', 'netns'] as const;
/** A provisioner name. */
export type ProvisionerName = (typeof PROVISIONER_NAMES)[number];

/** The typed server configuration. */
export interface ServerConfig {
  /** TCP port to listen on (`PORT`). */
  port: number;
  /** Interface to listen on (`HOST`). */
  host: string;
  /** Directory for local state: the embedded database lives in `<dataDir>/pglite` (`DATA_DIR`). */
  dataDir: string;
  /** PostgreSQL connection string; undefined means embedded PGlite (`DATABASE_URL`). */
  databaseUrl: string | undefined;
  /** Public origin used for absolute links, without a trailing slash (`PUBLIC_URL`). */
  publicUrl: string;
  /**
   * False when neither `PUBLIC_URL` nor `IDENTITY_ENDPOINT` is set (embedded mode): then
   * `/app-config.json` names the origin each request came to, so the service works whether the
   * browser opens it as localhost, 127.0.0.1 or a LAN address.
   */
  originsFixed: boolean;
  /** Directory of the built SPA (`WEB_DIR`). */
  webDir: string;
  /** pino log level (`LOG_LEVEL`). */
  logLevel: LogLevel;
  /** `NODE_ENV`; `production` turns the embedded defaults of required settings off. */
  nodeEnv: string;
  /** True when `NODE_ENV` is `production`. */
  production: boolean;
  /** Requests allowed per minute per client IP (`RATE_LIMIT_MAX`). */
  rateLimitMax: number;
  /** Largest accepted request body, in bytes (`BODY_LIMIT`). */
  bodyLimit: number;
  /** Fastify `trustProxy`: false, true, a hop count or a list of trusted addresses (`TRUST_PROXY`). */
  trustProxy: boolean | number | string;
  /** Identity provider region (`IDP_REGION`). */
  idpRegion: string;
  /** User pool id, `prefix_suffix` (`USER_POOL_ID`). */
  userPoolId: string;
  /** User pool client id (`USER_POOL_CLIENT_ID`). */
  userPoolClientId: string;
  /** Identity provider endpoint URL (`IDENTITY_ENDPOINT`). */
  identityEndpoint: string;
  /** SMTP URL for confirmation and reset codes (`SMTP_URL`); undefined: the local mailbox. */
  smtpUrl: string | undefined;
  /** Sender of SMTP mail (`SMTP_FROM`). */
  smtpFrom: string;
  /**
   * Issuer of a real Cognito user pool whose id tokens the API also accepts (`COGNITO_ISSUER`,
   * e.g. `https://cognito-idp.ca-central-1.amazonaws.com/ca-central-1_AbC123`).
   */
  cognitoIssuer: string | undefined;
  /** Purchase link of each pack (`CHECKOUT_URL_STARTER`, `_PRO`, `_ELITE`). */
  checkoutUrls: Readonly<Record<PackId, string>>;
  /**
   * Constants preset (`PRESET`): `product` (10 peanuts on sign-up, limits 0.1-100 peanuts and
   * 300-86400 s) or `mock` (spec §9: starting balance 37, limits 0.1-2 peanuts and 60-300 s,
   * 50-150 ms of latency added to API answers). See presets.ts.
   */
  preset: PresetName;
  /** What runs the VPN servers (`PROVISIONER`): `simulated` (default) or `netns`. */
  provisioner: ProvisionerName;
  /** Duration of each step of the simulated provisioner, in milliseconds (`SIMULATED_STEP_MS`). */
  simulatedStepMs: number;
  /**
   * Metering period, in milliseconds (`METER_INTERVAL_S`, given in seconds): every period each
   * Running VPN is charged for its time and traffic, and checked against the rules of spec §4.
   */
  meterIntervalMs: number;
  /**
   * Most active VPNs per user (`VPN_QUOTA`, spec §5); undefined means 2 x the number of enabled
   * regions (DESIGN.md "Decisions").
   */
  vpnQuota: number | undefined;
}

/** One documented setting (for the README and `--help`-style listings). */
export interface SettingDoc {
  /** Environment variable name. */
  name: string;
  /** One-line description. */
  description: string;
  /** Default value in words (embedded mode). */
  default: string;
  /** True when production (`NODE_ENV=production`) refuses to start without it. */
  requiredInProduction: boolean;
}

/** Every setting `loadConfig` reads, with its description and default. */
export const SETTINGS: readonly SettingDoc[] = [
  {
    name: 'PORT',
    description: 'TCP port to listen on',
    default: '8080',
    requiredInProduction: false,
  },
  {
    name: 'HOST',
    description: 'Interface to listen on',
    default: '0.0.0.0',
    requiredInProduction: false,
  },
  {
    name: 'DATA_DIR',
    description: 'Local state directory; the embedded database is kept in `<DATA_DIR>/pglite`',
    default: './data',
    requiredInProduction: false,
  },
  {
    name: 'DATABASE_URL',
    description: 'PostgreSQL connection string; unset means embedded PGlite in DATA_DIR',
    default: 'unset (PGlite)',
    requiredInProduction: true,
  },
  {
    name: 'PUBLIC_URL',
    description: 'Public origin used for absolute links and `apiBaseUrl`',
    default: '`http://localhost:<PORT>`',
    requiredInProduction: true,
  },
  {
    name: 'WEB_DIR',
    description: 'Directory of the built SPA (`npm run build` output)',
    default: 'dist/web',
    requiredInProduction: false,
  },
  {
    name: 'LOG_LEVEL',
    description: `Log level: ${LOG_LEVELS.join(', ')}`,
    default: 'info',
    requiredInProduction: false,
  },
  {
    name: 'NODE_ENV',
    description: '`production` requires the settings marked required',
    default: 'development',
    requiredInProduction: false,
  },
  {
    name: 'RATE_LIMIT_MAX',
    description: 'Requests allowed per minute per client IP (429 beyond)',
    default: '600',
    requiredInProduction: false,
  },
  {
    name: 'BODY_LIMIT',
    description: 'Largest accepted request body in bytes (413 beyond)',
    default: '1048576 (1 MiB)',
    requiredInProduction: false,
  },
  {
    name: 'TRUST_PROXY',
    description:
      'Trust X-Forwarded-* from a proxy: `true`, a hop count or comma-separated addresses (needed for per-IP rate limits behind a load balancer)',
    default: 'false',
    requiredInProduction: false,
  },
  {
    name: 'IDP_REGION',
    description: 'Identity provider region (served in /app-config.json)',
    default: 'ca-central-1',
    requiredInProduction: false,
  },
  {
    name: 'USER_POOL_ID',
    description: 'User pool id (`prefix_suffix`)',
    default: 'local_peanutvpn',
    requiredInProduction: false,
  },
  {
    name: 'USER_POOL_CLIENT_ID',
    description: 'User pool client id',
    default: 'peanutvpn-local',
    requiredInProduction: false,
  },
  {
    name: 'IDENTITY_ENDPOINT',
    description: 'Identity provider endpoint (ours, or a Cognito regional endpoint)',
    default: '`<PUBLIC_URL>/idp/`',
    requiredInProduction: false,
  },
  ...PACK_IDS.map((id): SettingDoc => ({
    name: checkoutUrlSetting(id),
    description: `Purchase link of the ${id} pack (e.g. a Stripe payment link)`,
    default: `\`/checkout/${id}\` (local checkout)`,
    requiredInProduction: true,
  })),
  {
    name: 'SMTP_URL',
    description:
      'SMTP server for sign-up confirmation and password reset codes, e.g. smtps://user:pass@mail.example.com',
    default: 'unset: codes go to the local mailbox at /dev/mailbox/<email>',
    requiredInProduction: false,
  },
  {
    name: 'SMTP_FROM',
    description: 'Sender address of the code mails',
    default: 'Peanut VPN <no-reply@localhost>',
    requiredInProduction: false,
  },
  {
    name: 'COGNITO_ISSUER',
    description:
      "Issuer of a real AWS Cognito user pool whose id tokens the API accepts besides its own (set USER_POOL_ID, USER_POOL_CLIENT_ID and IDENTITY_ENDPOINT to that pool's too)",
    default: 'unset: only the embedded identity provider',
    requiredInProduction: false,
  },
  {
    name: 'PRESET',
    description:
      "Constants preset: `product`, or `mock` for spec §9's mock backend (starting balance 37, limits 0.1-2 peanuts and 60-300 s, 50-150 ms API latency)",
    default: 'product',
    requiredInProduction: false,
  },
  {
    name: 'PROVISIONER',
    description:
      'What runs the VPN servers: `simulated` (no privileges; realistic delays, real keys, synthetic traffic) or `netns` (not available yet)',
    default: 'simulated',
    requiredInProduction: false,
  },
  {
    name: 'SIMULATED_STEP_MS',
    description:
      'Duration of each step of the simulated provisioner in milliseconds (creating a VPN takes 3 steps, deleting it 1)',
    default: '1500',
    requiredInProduction: false,
  },
  {
    name: 'METER_INTERVAL_S',
    description:
      'Metering period in seconds (decimals allowed): each Running VPN is charged for its time and traffic and checked for termination this often',
    default: '5',
    requiredInProduction: false,
  },
  {
    name: 'VPN_QUOTA',
    description: 'Most active VPNs per user',
    default: '2 x the number of enabled regions',
    requiredInProduction: false,
  },
];

/** Environment variable holding the purchase link of `packId`, e.g. `CHECKOUT_URL_PRO`. */
export function checkoutUrlSetting(packId: PackId): string {
  return `CHECKOUT_URL_${packId.toUpperCase()}`;
}

/** The environment shape `loadConfig` reads (compatible with `process.env`). */
export type Env = Readonly<Record<string, string | undefined>>;

/** Returns the trimmed value of `name`, or undefined when unset or blank. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Parses a whole number in [min, max]; throws a message naming the setting otherwise. */
function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got: '${raw}'`);
  }
  return value;
}

/** Parses a decimal number in [min, max]; throws a message naming the setting otherwise. */
function readDecimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max}, got: '${raw}'`);
  }
  return value;
}

/** Reads one of `choices` (default the first); throws a message naming the setting otherwise. */
function readChoice<T extends string>(env: Env, name: string, choices: readonly T[]): T {
  const raw = read(env, name) ?? choices[0];
  if (!(choices as readonly string[]).includes(raw)) {
    throw new Error(`${name} must be one of ${choices.join(', ')}, got: '${raw}'`);
  }
  return raw as T;
}

/** Validates an absolute http(s) URL and returns it without a trailing slash. */
function readOrigin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got: '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an absolute http(s) URL, got: '${raw}'`);
  }
  return raw.replace(/\/+$/, '');
}

/** Parses `TRUST_PROXY` into Fastify's `trustProxy` option. */
function readTrustProxy(env: Env): boolean | number | string {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * Reads the server configuration from `env` (default `process.env`).
 *
 * Throws `{NAME} unset in environment!` (spec §8) when `NODE_ENV=production` and a required
 * setting (DATABASE_URL, PUBLIC_URL, CHECKOUT_URL_STARTER/_PRO/_ELITE) is missing, and a
 * descriptive Error when a value is malformed.
 */
export function loadConfig(env: Env = process.env): Readonly<ServerConfig> {
  const nodeEnv = read(env, 'NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';
  const required = (name: string): string | undefined => {
    const value = read(env, name);
    if (production && value === undefined) throw new Error(`${name} unset in environment!`);
    return value;
  };

  const databaseUrl = required('DATABASE_URL');
  const port = readInt(env, 'PORT', 8080, 0, 65535);
  const publicUrlRaw = required('PUBLIC_URL');
  const publicUrl = readOrigin('PUBLIC_URL', publicUrlRaw ?? `http://localhost:${port}`);
  const checkoutUrls = Object.fromEntries(
    PACK_IDS.map((id) => [id, required(checkoutUrlSetting(id)) ?? `/checkout/${id}`]),
  ) as Record<PackId, string>;

  const logLevel = read(env, 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got: '${logLevel}'`);
  }
  const identityEndpoint = read(env, 'IDENTITY_ENDPOINT') ?? `${publicUrl}/idp/`;
  readOrigin('IDENTITY_ENDPOINT', identityEndpoint);

  return Object.freeze({
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir: read(env, 'DATA_DIR') ?? './data',
    databaseUrl,
    publicUrl,
    originsFixed: publicUrlRaw !== undefined || read(env, 'IDENTITY_ENDPOINT') !== undefined,
    webDir: read(env, 'WEB_DIR') ?? 'dist/web',
    logLevel: logLevel as LogLevel,
    nodeEnv,
    production,
    rateLimitMax: readInt(env, 'RATE_LIMIT_MAX', 600, 1, 1_000_000_000),
    bodyLimit: readInt(env, 'BODY_LIMIT', 1024 * 1024, 1, 1024 * 1024 * 1024),
    trustProxy: readTrustProxy(env),
    idpRegion: read(env, 'IDP_REGION') ?? 'ca-central-1',
    userPoolId: read(env, 'USER_POOL_ID') ?? 'local_peanutvpn',
    userPoolClientId: read(env, 'USER_POOL_CLIENT_ID') ?? 'peanutvpn-local',
    identityEndpoint,
    smtpUrl: read(env, 'SMTP_URL'),
    smtpFrom: read(env, 'SMTP_FROM') ?? 'Peanut VPN <no-reply@localhost>',
    cognitoIssuer: read(env, 'COGNITO_ISSUER'),
    checkoutUrls: Object.freeze(checkoutUrls),
    preset: readChoice(env, 'PRESET', PRESET_NAMES),
    provisioner: readChoice(env, 'PROVISIONER', PROVISIONER_NAMES),
    simulatedStepMs: readInt(env, 'SIMULATED_STEP_MS', 1500, 0, 600_000),
    meterIntervalMs: Math.round(1000 * readDecimal(env, 'METER_INTERVAL_S', 5, 0.05, 3600)),
    vpnQuota:
      read(env, 'VPN_QUOTA') === undefined ? undefined : readInt(env, 'VPN_QUOTA', 0, 1, 1_000_000),
  });
}
