/**
 * Server configuration read from environment variables (docs/architecture.md "Fixed points", spec
 * §8).
 *
 * Every setting has an embedded default so that `npm start` runs on one machine with no setup;
 * in production (`NODE_ENV=production`) the settings marked required must be set, else
 * `loadConfig` throws `{NAME} unset in environment!` (spec §8 "Missing environment setting").
 */

import { isIP } from 'node:net';
import { loadNetnsSettings, type NetnsSettings } from './provisioners/netnsSettings';
import { loadHostsSettings, type HostsSettings } from './hosts/settings';

/** Log levels pino accepts (plus `silent`). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** A pino log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The ids of the peanut packs for sale (spec §9), in display order. */
export const PACK_IDS = ['starter', 'pro', 'elite'] as const;
/** A peanut pack id. */
export type PackId = (typeof PACK_IDS)[number];

/**
 * The constants presets (docs/architecture.md "Fixed points"): the product's, or spec §9's mock
 * backend.
 */
export const PRESET_NAMES = ['product', 'mock'] as const;
/** A constants preset name (`PRESET`). */
export type PresetName = (typeof PRESET_NAMES)[number];

/** The provisioners that run VPN servers (docs/architecture.md "Server", `PROVISIONER`). */
export const PROVISIONER_NAMES = ['simulated', 'netns'] as const;
/** A provisioner name. */
export type ProvisionerName = (typeof PROVISIONER_NAMES)[number];

/** The typed server configuration. */
export interface ServerConfig {
  /** TCP port to listen on (`PORT`). */
  port: number;
  /** Interface to listen on (`HOST`; default 127.0.0.1: this machine only). */
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
  /**
   * The proxies whose X-Forwarded-For is believed (`TRUST_PROXY`): false (none), a hop count,
   * or a list of addresses and CIDR ranges. Never `true`: that would let every client choose
   * its own address and void every per-address limit.
   */
  trustProxy: false | number | readonly string[];
  /**
   * True when the development companions under `/dev/` (the local mailbox) answer callers
   * other than loopback (`DEV_TOOLS_PUBLIC`). Never true in production, where `/dev/` is absent.
   */
  devToolsPublic: boolean;
  /**
   * Host names (`host[:port]`, lower case) besides loopback that `/app-config.json` may reflect
   * as the origin when the origins are not fixed (`ALLOWED_HOSTS`).
   */
  allowedHosts: readonly string[];
  /**
   * True when the embedded identity provider serves `/idp/` (`EMBEDDED_IDP`; default true, false
   * when `COGNITO_ISSUER` is set).
   */
  embeddedIdp: boolean;
  /** Identity provider region (`IDP_REGION`). */
  idpRegion: string;
  /** How the SPA and the CLI sign in (`IDP_AUTH_FLOW`, served in /app-config.json). */
  idpAuthFlow: 'USER_SRP_AUTH' | 'CUSTOM_AUTH';
  /**
   * True when the embedded app client also allows USER_PASSWORD_AUTH, which sends the password
   * itself (`IDP_ALLOW_PASSWORD_AUTH`; default false).
   */
  idpAllowPasswordAuth: boolean;
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
   * The Stripe Payment Link id (`plink_...`) of each pack whose link is one
   * (`STRIPE_PAYMENT_LINK_STARTER`, `_PRO`, `_ELITE`): a session from it credits that pack even
   * without `metadata.packId`.
   */
  paymentLinks: Readonly<Partial<Record<PackId, string>>>;
  /**
   * True when a paid session naming no pack (no metadata, no known link) is matched to the one
   * pack whose price equals its amount before discounts, in USD (`STRIPE_MATCH_AMOUNT`).
   */
  matchPackByAmount: boolean;
  /**
   * Signing secret of the Stripe webhook endpoint (`STRIPE_WEBHOOK_SECRET`, `whsec_...`); the
   * embedded default is the fixed, public LOCAL_WEBHOOK_SECRET the local checkout signs with.
   * Secret: never logged.
   */
  stripeWebhookSecret: string;
  /**
   * Constants preset (`PRESET`): `product` (10 peanuts on sign-up, limits 0.1-100 peanuts and
   * 300-86400 s) or `mock` (spec §9: starting balance 37, limits 0.1-2 peanuts and 60-300 s,
   * 50-150 ms of latency added to API answers). See presets.ts.
   */
  preset: PresetName;
  /**
   * What runs the VPN servers (`PROVISIONER`): `simulated` (default) or `netns`; `npm start`
   * picks `netns` by itself when the host can run it and `PROVISIONER` is unset.
   */
  provisioner: ProvisionerName;
  /** Settings of the `netns` provisioner (`WG_*`, `NETNS_PREFIX`). */
  netns: NetnsSettings;
  /** VPN hosts over NATS (`NATS_URL`, `HOST_*`); undefined: VPNs run locally. */
  hosts: HostsSettings | undefined;
  /** Duration of each step of the simulated provisioner, in milliseconds (`SIMULATED_STEP_MS`). */
  simulatedStepMs: number;
  /**
   * Metering period, in milliseconds (`METER_INTERVAL_S`, given in seconds): every period each
   * Running VPN is charged for its time and traffic, and checked against the rules of spec §4.
   */
  meterIntervalMs: number;
  /**
   * How often each Running VPN's charges are settled into the ledger, in milliseconds
   * (`METER_SETTLE_S`, default 3600; 0: every charge; vpns/metering.ts "Settling").
   */
  meterSettleMs: number;
  /**
   * Most active VPNs per user (`VPN_QUOTA`, spec §5); undefined means 2 x the number of enabled
   * regions (docs/architecture.md "Decisions").
   */
  vpnQuota: number | undefined;
  /** False switches the referral programme off (`REFERRAL_ENABLED`, default true). */
  referralEnabled: boolean;
  /** Peanuts credited to each side of a referral (`REFERRAL_REWARD_PEANUTS`, default 5). */
  referralRewardPeanuts: number;
  /**
   * Seconds referral rewards are held before they are credited (`REFERRAL_HOLD_S`; default 0,
   * 172800 in production: spec §1 "up to 48 hours").
   */
  referralHoldS: number;
}

/**
 * The embedded default of `STRIPE_WEBHOOK_SECRET` (docs/api.md "Buying peanuts"): public,
 * so production refuses to start without a real one or with this one, and elsewhere the events
 * it signs are taken from loopback callers only (routes/webhooks.ts).
 */
export const LOCAL_WEBHOOK_SECRET = 'whsec_peanutvpn_local_checkout';

/** Environment variable holding the Stripe Payment Link id of `packId`. */
export function paymentLinkSetting(packId: PackId): string {
  return `STRIPE_PAYMENT_LINK_${packId.toUpperCase()}`;
}

/** Reads the Payment Link ids of the packs (`plink_...`). */
function readPaymentLinks(env: Env): Partial<Record<PackId, string>> {
  const links: Partial<Record<PackId, string>> = {};
  for (const id of PACK_IDS) {
    const name = paymentLinkSetting(id);
    const value = read(env, name);
    if (value === undefined) continue;
    if (!/^plink_[A-Za-z0-9_]{1,200}$/.test(value)) {
      throw new Error(`${name} must be a Stripe Payment Link id (plink_...), got: '${value}'`);
    }
    links[id] = value;
  }
  return Object.freeze(links);
}

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

/** Reads `true` or `false` (default `fallback`); throws a message naming the setting otherwise. */
function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw !== 'true' && raw !== 'false') {
    throw new Error(`${name} must be true or false, got: '${raw}'`);
  }
  return raw === 'true';
}

/** An IPv4 or IPv6 address, optionally with a `/prefix` (validated by node:net's rules). */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Parses `TRUST_PROXY`: false, a hop count, or a list of proxy addresses and CIDR ranges. */
function readTrustProxy(env: Env): false | number | readonly string[] {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    throw new Error(
      'TRUST_PROXY=true would let any client choose its own address (X-Forwarded-For), voiding ' +
        'every per-address limit: set the number of proxies in front of the service (e.g. 1) ' +
        'or their addresses or CIDR ranges (e.g. 10.0.0.0/8,192.0.2.7)',
    );
  }
  if (/^\d+$/.test(raw)) return readInt(env, 'TRUST_PROXY', 0, 0, 100);
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY must be a hop count or comma-separated IP addresses or CIDR ranges, got: '${bad}'`,
    );
  }
  return Object.freeze(entries);
}

/** Parses `ALLOWED_HOSTS`: comma-separated `host[:port]` names, lower-cased. */
function readAllowedHosts(env: Env): readonly string[] {
  const raw = read(env, 'ALLOWED_HOSTS');
  if (raw === undefined) return Object.freeze([]);
  const hosts = raw.split(',').map((host) => host.trim().toLowerCase());
  const bad = hosts.find((host) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host));
  if (bad !== undefined) {
    throw new Error(`ALLOWED_HOSTS must be comma-separated host[:port] names, got: '${bad}'`);
  }
  return Object.freeze(hosts);
}

/**
 * Reads the server configuration from `env` (default `process.env`).
 *
 * Throws `{NAME} unset in environment!` (spec §8) when `NODE_ENV=production` and a required
 * setting (DATABASE_URL, PUBLIC_URL, CHECKOUT_URL_STARTER/_PRO/_ELITE, STRIPE_WEBHOOK_SECRET,
 * SMTP_URL) is missing,
 * and a descriptive Error when a value is malformed (or `TRUST_PROXY=true`, or production with
 * the public LOCAL_WEBHOOK_SECRET).
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
  const idpAuthFlow = read(env, 'IDP_AUTH_FLOW') ?? 'USER_SRP_AUTH';
  if (idpAuthFlow !== 'USER_SRP_AUTH' && idpAuthFlow !== 'CUSTOM_AUTH') {
    throw new Error(`IDP_AUTH_FLOW must be USER_SRP_AUTH or CUSTOM_AUTH, got: '${idpAuthFlow}'`);
  }
  const identityEndpoint = read(env, 'IDENTITY_ENDPOINT') ?? `${publicUrl}/idp/`;
  readOrigin('IDENTITY_ENDPOINT', identityEndpoint);
  // Production never keeps codes in a readable local mailbox: they must be mailed.
  const smtpUrl = required('SMTP_URL');
  const cognitoIssuer = read(env, 'COGNITO_ISSUER');
  const embeddedIdp = readBoolean(env, 'EMBEDDED_IDP', cognitoIssuer === undefined);
  if (!embeddedIdp && cognitoIssuer === undefined) {
    throw new Error('EMBEDDED_IDP=false needs COGNITO_ISSUER: nobody could sign in');
  }
  const stripeWebhookSecret = required('STRIPE_WEBHOOK_SECRET') ?? LOCAL_WEBHOOK_SECRET;
  if (production && stripeWebhookSecret === LOCAL_WEBHOOK_SECRET) {
    throw new Error(
      'STRIPE_WEBHOOK_SECRET is the public default of the local checkout: anyone could sign ' +
        "events with it; set your Stripe endpoint's signing secret",
    );
  }

  return Object.freeze({
    port,
    host: read(env, 'HOST') ?? '127.0.0.1',
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
    devToolsPublic: !production && readBoolean(env, 'DEV_TOOLS_PUBLIC', false),
    allowedHosts: readAllowedHosts(env),
    embeddedIdp,
    idpRegion: read(env, 'IDP_REGION') ?? 'ca-central-1',
    idpAuthFlow,
    idpAllowPasswordAuth: readBoolean(env, 'IDP_ALLOW_PASSWORD_AUTH', false),
    userPoolId: read(env, 'USER_POOL_ID') ?? 'local_peanutvpn',
    userPoolClientId: read(env, 'USER_POOL_CLIENT_ID') ?? 'peanutvpn-local',
    identityEndpoint,
    smtpUrl,
    smtpFrom: read(env, 'SMTP_FROM') ?? 'Peanut VPN <no-reply@localhost>',
    cognitoIssuer,
    checkoutUrls: Object.freeze(checkoutUrls),
    paymentLinks: readPaymentLinks(env),
    matchPackByAmount: readBoolean(env, 'STRIPE_MATCH_AMOUNT', true),
    stripeWebhookSecret,
    preset: readChoice(env, 'PRESET', PRESET_NAMES),
    provisioner: readChoice(env, 'PROVISIONER', PROVISIONER_NAMES),
    netns: loadNetnsSettings(env),
    hosts: loadHostsSettings(env),
    simulatedStepMs: readInt(env, 'SIMULATED_STEP_MS', 1500, 0, 600_000),
    meterIntervalMs: Math.round(1000 * readDecimal(env, 'METER_INTERVAL_S', 5, 0.05, 3600)),
    meterSettleMs: Math.round(1000 * readDecimal(env, 'METER_SETTLE_S', 3600, 0, 2_678_400)),
    vpnQuota:
      read(env, 'VPN_QUOTA') === undefined ? undefined : readInt(env, 'VPN_QUOTA', 0, 1, 1_000_000),
    referralEnabled: readBoolean(env, 'REFERRAL_ENABLED', true),
    referralRewardPeanuts: readDecimal(env, 'REFERRAL_REWARD_PEANUTS', 5, 0, 1_000_000),
    referralHoldS: readInt(env, 'REFERRAL_HOLD_S', production ? 172_800 : 0, 0, 31_536_000),
  });
}
