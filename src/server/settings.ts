/**
 * Every setting the service and a VPN host read, each declared once (with settingRecord.ts and
 * settingsHosts.ts, leaf modules: they import no other server module, so every loader can
 * import them without a cycle). One record per environment variable: its name, a TypeBox schema of
 * the accepted value (limits, choices and, when constant, the default), the default in words,
 * a description, whether production requires it and whether it is a secret (then `<NAME>_FILE`,
 * a file holding the value, is accepted instead).
 *
 * `loadConfig` (config.ts), `loadNetnsSettings` (provisioners/netnsSettings.ts) and the hosts'
 * loaders (hosts/settings.ts) read their limits and defaults from here through settingsReader.ts;
 * docs/configuration.md is generated from it (`npm run docs:settings`, settingsDocs.ts).
 */
import { Type } from '@sinclair/typebox';
import { bool, choice, int, num, setting, text, type SettingDoc } from './settingRecord';
import { HOST_ONLY_SETTINGS, HOSTS_SETTINGS, NETNS_SETTINGS } from './settingsHosts';

export type { SettingDoc } from './settingRecord';
export { DEFAULT_MAX_BYTES_PER_S, NETNS_DEFAULTS } from './settingRecord';
export { HOST_ONLY_SETTINGS } from './settingsHosts';

/** Log levels pino accepts (plus `silent`). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The ids of the peanut packs for sale (spec §9), in display order. */
export const PACK_IDS = ['starter', 'pro', 'elite'] as const;
/** A peanut pack id. */
export type PackId = (typeof PACK_IDS)[number];

/** The constants presets: the product's, or spec §9's mock backend. */
export const PRESET_NAMES = ['product', 'mock'] as const;

/** The provisioners that run VPN servers (`PROVISIONER`). */
export const PROVISIONER_NAMES = ['simulated', 'netns'] as const;

/** The sign-in flows of the SPA and the CLI (`IDP_AUTH_FLOW`). */
export const IDP_AUTH_FLOWS = ['USER_SRP_AUTH', 'CUSTOM_AUTH'] as const;

/**
 * The embedded default of `STRIPE_WEBHOOK_SECRET`: public, so production refuses to start
 * without a real one or with this one, and elsewhere the events it signs are taken from
 * loopback callers only (routes/webhooks.ts).
 */
export const LOCAL_WEBHOOK_SECRET = 'whsec_peanutvpn_local_checkout';

/** Environment variable holding the purchase link of `packId`, e.g. `CHECKOUT_URL_PRO`. */
export function checkoutUrlSetting(packId: PackId): string {
  return `CHECKOUT_URL_${packId.toUpperCase()}`;
}

/** Environment variable holding the Stripe Payment Link id of `packId`. */
export function paymentLinkSetting(packId: PackId): string {
  return `STRIPE_PAYMENT_LINK_${packId.toUpperCase()}`;
}

/** Every setting `loadConfig` reads (the service), in the order of docs/configuration.md. */
export const SETTINGS: readonly SettingDoc[] = [
  setting({
    name: 'PORT',
    schema: int(0, 65535, 8080),
    description: 'TCP port to listen on',
    default: '8080',
  }),
  setting({
    name: 'HOST',
    schema: text('127.0.0.1'),
    description:
      'Interface to listen on; set it (e.g. `0.0.0.0`) only to expose the service beyond this machine, after SMTP_URL, PUBLIC_URL and TRUST_PROXY',
    default: '127.0.0.1 (this machine only)',
  }),
  setting({
    name: 'DATA_DIR',
    schema: text('./data'),
    description: 'Local state directory; the embedded database is kept in `<DATA_DIR>/pglite`',
    default: './data',
    scope: 'both',
  }),
  setting({
    name: 'DATABASE_URL',
    schema: text(),
    description: 'PostgreSQL connection string; unset means embedded PGlite in DATA_DIR',
    default: 'unset (PGlite)',
    requiredInProduction: true,
    secret: true,
  }),
  setting({
    name: 'PUBLIC_URL',
    schema: Type.String({ format: 'uri' }),
    description: 'Public origin used for absolute links and `apiBaseUrl`',
    default: '`http://localhost:<PORT>`',
    requiredInProduction: true,
  }),
  setting({
    name: 'WEB_DIR',
    schema: text('dist/web'),
    description: 'Directory of the built SPA (`npm run build` output)',
    default: 'dist/web',
  }),
  setting({
    name: 'LOG_LEVEL',
    schema: Type.Union(
      LOG_LEVELS.map((level) => Type.Literal(level)),
      { default: 'info' },
    ),
    description: `Log level: ${LOG_LEVELS.join(', ')}`,
    default: 'info',
    scope: 'both',
  }),
  setting({
    name: 'NODE_ENV',
    schema: text('development'),
    description: '`production` requires the settings marked required',
    default: 'development',
  }),
  setting({
    name: 'RATE_LIMIT_MAX',
    schema: int(1, 1_000_000_000, 600),
    description: 'Requests allowed per minute per client IP (429 beyond)',
    default: '600',
  }),
  setting({
    name: 'BODY_LIMIT',
    schema: int(1, 1024 * 1024 * 1024, 1024 * 1024),
    description: 'Largest accepted request body in bytes (413 beyond)',
    default: '1048576 (1 MiB)',
  }),
  setting({
    name: 'TRUST_PROXY',
    schema: text('false'),
    description:
      'The proxies in front of the service whose X-Forwarded-For is believed: a hop count (e.g. `1`) or comma-separated addresses or CIDR ranges (e.g. `10.0.0.0/8`); `true` is refused, as it would let any client choose its own address',
    default: 'false',
  }),
  setting({
    name: 'IDP_REGION',
    schema: text('ca-central-1'),
    description: 'Identity provider region (served in /app-config.json)',
    default: 'ca-central-1',
  }),
  setting({
    name: 'IDP_AUTH_FLOW',
    schema: choice(IDP_AUTH_FLOWS),
    description:
      'How the web app and the CLI sign in (served in /app-config.json): `USER_SRP_AUTH` (the password) or `CUSTOM_AUTH` (the password, then a code mailed to the user: the custom challenge)',
    default: 'USER_SRP_AUTH',
  }),
  setting({
    name: 'IDP_ALLOW_PASSWORD_AUTH',
    schema: bool(false),
    description:
      'Let the embedded identity provider also accept `USER_PASSWORD_AUTH` (the password sent itself, for scripts and tests): `true` or `false`; it always allows IDP_AUTH_FLOW and REFRESH_TOKEN_AUTH',
    default: 'false',
  }),
  setting({
    name: 'USER_POOL_ID',
    schema: text('local_peanutvpn'),
    description: 'User pool id (`prefix_suffix`)',
    default: 'local_peanutvpn',
  }),
  setting({
    name: 'USER_POOL_CLIENT_ID',
    schema: text('peanutvpn-local'),
    description: 'User pool client id',
    default: 'peanutvpn-local',
  }),
  setting({
    name: 'IDENTITY_ENDPOINT',
    schema: Type.String({ format: 'uri' }),
    description: 'Identity provider endpoint (ours, or a Cognito regional endpoint)',
    default: '`<PUBLIC_URL>/idp/`',
  }),
  ...PACK_IDS.map((id) =>
    setting({
      name: checkoutUrlSetting(id),
      schema: text(`/checkout/${id}`),
      description: `Purchase link of the ${id} pack (e.g. a Stripe payment link)`,
      default: `\`/checkout/${id}\` (local checkout)`,
      requiredInProduction: true,
    }),
  ),
  ...PACK_IDS.map((id) =>
    setting({
      name: paymentLinkSetting(id),
      schema: Type.String({ pattern: '^plink_[A-Za-z0-9_]{1,200}$' }),
      description: `Stripe Payment Link id (\`plink_...\`) of the ${id} pack: its sessions credit that pack even without \`metadata.packId\``,
      default: 'unset',
    }),
  ),
  setting({
    name: 'STRIPE_MATCH_AMOUNT',
    schema: bool(true),
    description:
      'Credit a paid session that names no pack (no `metadata.packId`, no known payment link) with the one pack whose USD price equals its amount before discounts: `true` or `false`',
    default: 'true',
  }),
  setting({
    name: 'STRIPE_WEBHOOK_SECRET',
    schema: text(LOCAL_WEBHOOK_SECRET),
    description:
      'Signing secret (`whsec_...`) of the Stripe webhook endpoint `POST /v1/webhooks/stripe`; never logged',
    default: `\`${LOCAL_WEBHOOK_SECRET}\` (public: the local checkout signs with it)`,
    requiredInProduction: true,
    secret: true,
  }),
  setting({
    name: 'SMTP_URL',
    schema: text(),
    description:
      'SMTP server for sign-up confirmation and password reset codes and the email notices (a VPN ended, a low balance), e.g. smtps://user:pass@mail.example.com',
    default: 'unset: codes and notices go to the local mailbox at /dev/mailbox/<email>',
    requiredInProduction: true,
    secret: true,
  }),
  setting({
    name: 'SMTP_FROM',
    schema: text('Peanut VPN <no-reply@localhost>'),
    description: 'Sender address of the code and notice mails',
    default: 'Peanut VPN <no-reply@localhost>',
  }),
  setting({
    name: 'COGNITO_ISSUER',
    schema: text(),
    description:
      "Issuer of a real AWS Cognito user pool whose id tokens the API accepts besides its own (set USER_POOL_ID, USER_POOL_CLIENT_ID and IDENTITY_ENDPOINT to that pool's too)",
    default: 'unset: only the embedded identity provider',
  }),
  setting({
    name: 'ADMIN_EMAILS',
    schema: text(),
    description:
      'Comma-separated email addresses of the operators: confirmed accounts with these addresses use the operator console at /admin and the API /v1/admin/ (with a real Cognito pool, members of its group `admin` too; docs/operator-console.md)',
    default: 'unset: no operator (but the Cognito group `admin`)',
  }),
  setting({
    name: 'EMBEDDED_IDP',
    schema: bool(),
    description:
      'Serve the embedded identity provider at /idp/ (and, without SMTP_URL, its local mailbox): `true` or `false`',
    default: '`true`, or `false` when COGNITO_ISSUER is set',
  }),
  setting({
    name: 'METRICS_TOKEN',
    schema: text(),
    description:
      'Bearer token that lets Prometheus scrape `GET /metrics` from anywhere (`Authorization: Bearer <token>`); unset, `/metrics` answers callers on this machine only',
    default: 'unset: loopback callers only',
    secret: true,
  }),
  setting({
    name: 'DEV_TOOLS_PUBLIC',
    schema: bool(false),
    description:
      'Let callers other than loopback use the development companions (/dev/, the local checkout /checkout/, events signed with the public default webhook secret): `true` or `false`; logs a warning; never in production',
    default: 'false (loopback callers only)',
  }),
  setting({
    name: 'ALLOWED_HOSTS',
    schema: text(),
    description:
      'Comma-separated host names (with port when not 80/443) that /app-config.json may name as the origin of the API and identity provider when PUBLIC_URL is unset, besides loopback (localhost, 127.0.0.1, [::1])',
    default: 'none: only loopback hosts are reflected',
  }),
  setting({
    name: 'PRESET',
    schema: choice(PRESET_NAMES),
    description:
      "Constants preset: `product`, or `mock` for spec §9's mock backend (starting balance 37, limits 0.1-2 peanuts and 60-300 s, 50-150 ms API latency)",
    default: 'product',
  }),
  setting({
    name: 'PROVISIONER',
    schema: choice(PROVISIONER_NAMES),
    description:
      'What runs the VPN servers: `simulated` (no privileges; real keys, synthetic traffic) or `netns` (Linux, root: a real WireGuard server per VPN)',
    default: '`netns` when root and its tools are present, else simulated',
    scope: 'both',
  }),
  ...NETNS_SETTINGS,
  setting({
    name: 'SIMULATED_STEP_MS',
    schema: int(0, 600_000, 1500),
    description:
      'Duration of each step of the simulated provisioner in milliseconds (creating a VPN takes 3 steps, deleting it 1)',
    default: '1500',
    scope: 'both',
  }),
  setting({
    name: 'METER_INTERVAL_S',
    schema: num(0.05, 3600, 5),
    description:
      'Metering period in seconds (decimals allowed): each Running VPN is charged for its time and traffic and checked for termination this often',
    default: '5',
  }),
  setting({
    name: 'METER_SETTLE_S',
    schema: num(0, 2_678_400, 3600),
    description:
      "How often each Running VPN's charges are written to the peanuts ledger as one usage entry, in seconds (also when it ends; 0: every charge). Balances always include the charges not yet written",
    default: '3600',
  }),
  setting({
    name: 'VPN_QUOTA',
    schema: int(1, 1_000_000),
    description: 'Most active VPNs per user',
    default: '2 x the number of enabled regions',
  }),
  setting({
    name: 'REFERRAL_ENABLED',
    schema: bool(true),
    description:
      "Run the referral programme: `true` or `false` (then its API answers 'Referral service is currently disabled.' and codes at checkout are ignored)",
    default: 'true',
  }),
  setting({
    name: 'REFERRAL_REWARD_PEANUTS',
    schema: num(0, 1_000_000, 5),
    description:
      "Peanuts credited to each side of a referral (the referrer and the referee) once the referee's purchase qualifies",
    default: '5',
  }),
  setting({
    name: 'REFERRAL_HOLD_S',
    schema: int(0, 31_536_000),
    description:
      'Seconds referral rewards are held before they are credited (a refund or dispute in that time withholds them)',
    default: '0, or 172800 (48 h) when NODE_ENV=production',
  }),
  ...HOSTS_SETTINGS,
];

/** Every setting by name: the service's and the VPN host's. */
const BY_NAME: ReadonlyMap<string, SettingDoc> = new Map(
  [...SETTINGS, ...HOST_ONLY_SETTINGS].map((entry) => [entry.name, entry]),
);

/**
 * The record of `name`.
 * @throws Error when no setting has that name (a programming error, caught by the tests).
 */
export function settingOf(name: string): SettingDoc {
  const found = BY_NAME.get(name);
  if (!found) throw new Error(`No setting named ${name}`);
  return found;
}
