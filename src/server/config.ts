/**
 * Server configuration read from environment variables (docs/architecture.md "Fixed points",
 * spec §8).
 *
 * Every setting has an embedded default so that `npm start` runs on one machine with no setup;
 * in production (`NODE_ENV=production`) the settings marked required must be set, else
 * `loadConfig` reports `{NAME} unset in environment!` (spec §8 "Missing environment setting"),
 * with every other missing or invalid setting, in one error. The settings themselves (names,
 * limits, defaults, descriptions) are declared once, in settings.ts.
 */

import { isIP } from 'node:net';
import { loadNetnsSettings, type NetnsSettings } from './provisioners/netnsSettings';
import { loadHostsSettings, type HostsSettings } from './hosts/settings';
import {
  checkoutUrlSetting,
  IDP_AUTH_FLOWS,
  LOG_LEVELS,
  PACK_IDS,
  paymentLinkSetting,
  PRESET_NAMES,
  PROVISIONER_NAMES,
  LOCAL_WEBHOOK_SECRET,
  type PackId,
} from './settings';
import { parseCognitoIssuer } from './identity/cognitoPool';
import { SettingsReader, type Env } from './settingsReader';

export { LOCAL_WEBHOOK_SECRET, PACK_IDS, type PackId };
export type { Env } from './settingsReader';

/** A pino log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];
/** A constants preset name (`PRESET`). */
export type PresetName = (typeof PRESET_NAMES)[number];
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
  /** Bearer token of `GET /metrics` (`METRICS_TOKEN`); undefined: loopback callers only. */
  metricsToken: string | undefined;
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
  /** The operators' email addresses, lower case (`ADMIN_EMAILS`; docs/operator-console.md). */
  adminEmails: readonly string[];
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

/** Reads the Payment Link ids of the packs (`plink_...`). */
function readPaymentLinks(r: SettingsReader): Partial<Record<PackId, string>> {
  const links: Partial<Record<PackId, string>> = {};
  for (const id of PACK_IDS) {
    const name = paymentLinkSetting(id);
    const value = r.raw(name);
    if (value === undefined) continue;
    if (!/^plink_[A-Za-z0-9_]{1,200}$/.test(value)) {
      r.fail(name, `${name} must be a Stripe Payment Link id (plink_...), got: '${value}'`);
      continue;
    }
    links[id] = value;
  }
  return Object.freeze(links);
}

/**
 * Validates an absolute http(s) URL and returns it without a trailing slash (`fallback` after
 * recording the problem otherwise).
 */
function readOrigin(r: SettingsReader, name: string, raw: string, fallback: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    r.fail(name, `${name} must be an absolute http(s) URL, got: '${raw}'`);
    return fallback;
  }
  return raw.replace(/\/+$/, '');
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
function readTrustProxy(r: SettingsReader): false | number | readonly string[] {
  const raw = r.raw('TRUST_PROXY');
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    r.fail(
      'TRUST_PROXY',
      'TRUST_PROXY=true would let any client choose its own address (X-Forwarded-For), voiding ' +
        'every per-address limit: set the number of proxies in front of the service (e.g. 1) ' +
        'or their addresses or CIDR ranges (e.g. 10.0.0.0/8,192.0.2.7)',
    );
    return false;
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 100) {
      r.fail('TRUST_PROXY', `TRUST_PROXY must be a whole number from 0 to 100, got: '${raw}'`);
      return false;
    }
    return hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    r.fail(
      'TRUST_PROXY',
      `TRUST_PROXY must be a hop count or comma-separated IP addresses or CIDR ranges, got: '${bad}'`,
    );
    return false;
  }
  return Object.freeze(entries);
}

/** Parses `ALLOWED_HOSTS`: comma-separated `host[:port]` names, lower-cased. */
function readAllowedHosts(r: SettingsReader): readonly string[] {
  const raw = r.raw('ALLOWED_HOSTS');
  if (raw === undefined) return Object.freeze([]);
  const hosts = raw.split(',').map((host) => host.trim().toLowerCase());
  const bad = hosts.find((host) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host));
  if (bad !== undefined) {
    r.fail(
      'ALLOWED_HOSTS',
      `ALLOWED_HOSTS must be comma-separated host[:port] names, got: '${bad}'`,
    );
    return Object.freeze([]);
  }
  return Object.freeze(hosts);
}

/**
 * Reads the server configuration from `env` (default `process.env`); every setting's name,
 * limits and default are those of its record in settings.ts.
 *
 * Every setting is read and checked; then, when any is wrong, a SettingsError lists them all:
 * `{NAME} unset in environment!` (spec §8) for each required setting (DATABASE_URL, PUBLIC_URL,
 * CHECKOUT_URL_STARTER/_PRO/_ELITE, STRIPE_WEBHOOK_SECRET, SMTP_URL) missing when
 * `NODE_ENV=production`, and a descriptive message for each malformed value (or
 * `TRUST_PROXY=true`, or production with the public LOCAL_WEBHOOK_SECRET, or a secret given both
 * as `<NAME>` and `<NAME>_FILE`). With a single problem the message is that problem's.
 */
export function loadConfig(env: Env = process.env): Readonly<ServerConfig> {
  const r = new SettingsReader(env);
  const nodeEnv = r.text('NODE_ENV');
  const production = nodeEnv === 'production';
  const required = (name: string): string | undefined => r.required(name, production);

  const databaseUrl = required('DATABASE_URL');
  const port = r.int('PORT');
  const publicUrlRaw = required('PUBLIC_URL');
  const localUrl = `http://localhost:${port}`;
  const publicUrl = readOrigin(r, 'PUBLIC_URL', publicUrlRaw ?? localUrl, localUrl);
  const checkoutUrls = Object.fromEntries(
    PACK_IDS.map((id) => [
      id,
      required(checkoutUrlSetting(id)) ?? r.defaultText(checkoutUrlSetting(id)),
    ]),
  ) as Record<PackId, string>;

  const logLevel = r.choice('LOG_LEVEL', LOG_LEVELS);
  const idpAuthFlow = r.choice(
    'IDP_AUTH_FLOW',
    IDP_AUTH_FLOWS,
    (raw) => `IDP_AUTH_FLOW must be USER_SRP_AUTH or CUSTOM_AUTH, got: '${raw}'`,
  );
  const identityEndpointRaw = r.raw('IDENTITY_ENDPOINT');
  const identityEndpoint = identityEndpointRaw ?? `${publicUrl}/idp/`;
  readOrigin(r, 'IDENTITY_ENDPOINT', identityEndpoint, identityEndpoint);
  // Production never keeps codes in a readable local mailbox: they must be mailed.
  const smtpUrl = required('SMTP_URL');
  const cognitoIssuer = r.raw('COGNITO_ISSUER');
  // The pool the operator console disables users in (identity/cognitoPool.ts).
  if (cognitoIssuer !== undefined && !parseCognitoIssuer(cognitoIssuer)) {
    r.fail(
      'COGNITO_ISSUER',
      `COGNITO_ISSUER must be a Cognito pool's issuer, https://cognito-idp.<region>.amazonaws.com/<poolId>, got: '${cognitoIssuer}'`,
    );
  }
  const embeddedIdp = r.boolean('EMBEDDED_IDP', cognitoIssuer === undefined);
  if (!embeddedIdp && cognitoIssuer === undefined && !r.hasFailed('EMBEDDED_IDP')) {
    r.fail('EMBEDDED_IDP', 'EMBEDDED_IDP=false needs COGNITO_ISSUER: nobody could sign in');
  }
  const stripeWebhookSecret =
    required('STRIPE_WEBHOOK_SECRET') ?? r.defaultText('STRIPE_WEBHOOK_SECRET');
  if (
    production &&
    stripeWebhookSecret === LOCAL_WEBHOOK_SECRET &&
    !r.hasFailed('STRIPE_WEBHOOK_SECRET')
  ) {
    r.fail(
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_WEBHOOK_SECRET is the public default of the local checkout: anyone could sign ' +
        "events with it; set your Stripe endpoint's signing secret",
    );
  }

  const config: ServerConfig = {
    port,
    host: r.text('HOST'),
    dataDir: r.text('DATA_DIR'),
    databaseUrl,
    publicUrl,
    originsFixed: publicUrlRaw !== undefined || identityEndpointRaw !== undefined,
    webDir: r.text('WEB_DIR'),
    metricsToken: r.raw('METRICS_TOKEN'),
    logLevel,
    nodeEnv,
    production,
    rateLimitMax: r.int('RATE_LIMIT_MAX'),
    bodyLimit: r.int('BODY_LIMIT'),
    trustProxy: readTrustProxy(r),
    devToolsPublic: !production && r.boolean('DEV_TOOLS_PUBLIC'),
    allowedHosts: readAllowedHosts(r),
    embeddedIdp,
    idpRegion: r.text('IDP_REGION'),
    idpAuthFlow,
    idpAllowPasswordAuth: r.boolean('IDP_ALLOW_PASSWORD_AUTH'),
    userPoolId: r.text('USER_POOL_ID'),
    userPoolClientId: r.text('USER_POOL_CLIENT_ID'),
    identityEndpoint,
    smtpUrl,
    smtpFrom: r.text('SMTP_FROM'),
    cognitoIssuer,
    adminEmails: (r.raw('ADMIN_EMAILS') ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ''),
    checkoutUrls: Object.freeze(checkoutUrls),
    paymentLinks: readPaymentLinks(r),
    matchPackByAmount: r.boolean('STRIPE_MATCH_AMOUNT'),
    stripeWebhookSecret,
    preset: r.choice('PRESET', PRESET_NAMES),
    provisioner: r.choice('PROVISIONER', PROVISIONER_NAMES),
    netns: loadNetnsSettings(env, { reader: r }),
    hosts: loadHostsSettings(env, r),
    simulatedStepMs: r.int('SIMULATED_STEP_MS'),
    meterIntervalMs: Math.round(1000 * r.number('METER_INTERVAL_S')),
    meterSettleMs: Math.round(1000 * r.number('METER_SETTLE_S')),
    vpnQuota: r.optionalInt('VPN_QUOTA'),
    referralEnabled: r.boolean('REFERRAL_ENABLED'),
    referralRewardPeanuts: r.number('REFERRAL_REWARD_PEANUTS'),
    referralHoldS: r.int('REFERRAL_HOLD_S', { fallback: production ? 172_800 : 0 }),
  };
  r.finish();
  return Object.freeze(config);
}
