/**
 * The documentation of every setting `loadConfig` reads (config.ts): the settings table of
 * docs/configuration.md is checked against this list, so a setting cannot be added without being
 * documented.
 */
import {
  checkoutUrlSetting,
  LOCAL_WEBHOOK_SECRET,
  LOG_LEVELS,
  PACK_IDS,
  paymentLinkSetting,
} from './config';
import { NETNS_SETTINGS } from './provisioners/netnsSettings';
import { HOSTS_SETTINGS } from './hosts/settings';

/** One documented setting (for docs/configuration.md and `--help`-style listings). */
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
    description:
      'Interface to listen on; set it (e.g. `0.0.0.0`) only to expose the service beyond this machine, after SMTP_URL, PUBLIC_URL and TRUST_PROXY',
    default: '127.0.0.1 (this machine only)',
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
      'The proxies in front of the service whose X-Forwarded-For is believed: a hop count (e.g. `1`) or comma-separated addresses or CIDR ranges (e.g. `10.0.0.0/8`); `true` is refused, as it would let any client choose its own address',
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
    name: 'IDP_AUTH_FLOW',
    description:
      'How the web app and the CLI sign in (served in /app-config.json): `USER_SRP_AUTH` (the password) or `CUSTOM_AUTH` (the password, then a code mailed to the user: the custom challenge)',
    default: 'USER_SRP_AUTH',
    requiredInProduction: false,
  },
  {
    name: 'IDP_ALLOW_PASSWORD_AUTH',
    description:
      'Let the embedded identity provider also accept `USER_PASSWORD_AUTH` (the password sent itself, for scripts and tests): `true` or `false`; it always allows IDP_AUTH_FLOW and REFRESH_TOKEN_AUTH',
    default: 'false',
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
  ...PACK_IDS.map((id): SettingDoc => ({
    name: paymentLinkSetting(id),
    description: `Stripe Payment Link id (\`plink_...\`) of the ${id} pack: its sessions credit that pack even without \`metadata.packId\``,
    default: 'unset',
    requiredInProduction: false,
  })),
  {
    name: 'STRIPE_MATCH_AMOUNT',
    description:
      'Credit a paid session that names no pack (no `metadata.packId`, no known payment link) with the one pack whose USD price equals its amount before discounts: `true` or `false`',
    default: 'true',
    requiredInProduction: false,
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    description:
      'Signing secret (`whsec_...`) of the Stripe webhook endpoint `POST /v1/webhooks/stripe`; never logged',
    default: `\`${LOCAL_WEBHOOK_SECRET}\` (public: the local checkout signs with it)`,
    requiredInProduction: true,
  },
  {
    name: 'SMTP_URL',
    description:
      'SMTP server for sign-up confirmation and password reset codes, e.g. smtps://user:pass@mail.example.com',
    default: 'unset: codes go to the local mailbox at /dev/mailbox/<email>',
    requiredInProduction: true,
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
    name: 'EMBEDDED_IDP',
    description:
      'Serve the embedded identity provider at /idp/ (and, without SMTP_URL, its local mailbox): `true` or `false`',
    default: '`true`, or `false` when COGNITO_ISSUER is set',
    requiredInProduction: false,
  },
  {
    name: 'DEV_TOOLS_PUBLIC',
    description:
      'Let callers other than loopback use the development companions (/dev/, the local checkout /checkout/, events signed with the public default webhook secret): `true` or `false`; logs a warning; never in production',
    default: 'false (loopback callers only)',
    requiredInProduction: false,
  },
  {
    name: 'ALLOWED_HOSTS',
    description:
      'Comma-separated host names (with port when not 80/443) that /app-config.json may name as the origin of the API and identity provider when PUBLIC_URL is unset, besides loopback (localhost, 127.0.0.1, [::1])',
    default: 'none: only loopback hosts are reflected',
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
      'What runs the VPN servers: `simulated` (no privileges; real keys, synthetic traffic) or `netns` (Linux, root: a real WireGuard server per VPN)',
    default: '`netns` when root and its tools are present, else simulated',
    requiredInProduction: false,
  },
  ...NETNS_SETTINGS,
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
    name: 'METER_SETTLE_S',
    description:
      "How often each Running VPN's charges are written to the peanuts ledger as one usage entry, in seconds (also when it ends; 0: every charge). Balances always include the charges not yet written",
    default: '3600',
    requiredInProduction: false,
  },
  {
    name: 'VPN_QUOTA',
    description: 'Most active VPNs per user',
    default: '2 x the number of enabled regions',
    requiredInProduction: false,
  },
  {
    name: 'REFERRAL_ENABLED',
    description:
      "Run the referral programme: `true` or `false` (then its API answers 'Referral service is currently disabled.' and codes at checkout are ignored)",
    default: 'true',
    requiredInProduction: false,
  },
  {
    name: 'REFERRAL_REWARD_PEANUTS',
    description:
      "Peanuts credited to each side of a referral (the referrer and the referee) once the referee's purchase qualifies",
    default: '5',
    requiredInProduction: false,
  },
  {
    name: 'REFERRAL_HOLD_S',
    description:
      'Seconds referral rewards are held before they are credited (a refund or dispute in that time withholds them)',
    default: '0, or 172800 (48 h) when NODE_ENV=production',
    requiredInProduction: false,
  },
  ...HOSTS_SETTINGS,
];
