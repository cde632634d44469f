import type { ReferralAppConfig } from './referral';

/**
 * The runtime configuration served at `GET /app-config.json` (docs/architecture.md "Fixed points").
 * The SPA and the CLI load it at start, so one build serves any deployment.
 */
export interface AppConfig {
  /** Base URL of the `/v1` API, without a trailing slash, e.g. `http://localhost:8080`. */
  apiBaseUrl: string;
  /** Identity provider region, e.g. `ca-central-1`. */
  region: string;
  /** User pool id, `prefix_suffix`, at most 55 characters (spec §5). */
  userPoolId: string;
  /** User pool client id. */
  userPoolClientId: string;
  /** Identity provider endpoint URL (ours: `<origin>/idp/`; Cognito's regional endpoint otherwise). */
  identityEndpoint: string;
  /**
   * How the SPA and the CLI sign in: absent or `USER_SRP_AUTH` (the password), `CUSTOM_AUTH`
   * (the password, then the custom challenge: a code mailed to the user).
   */
  authFlow?: 'USER_SRP_AUTH' | 'CUSTOM_AUTH';
  /**
   * The referral programme's settings (for /referral/terms and to hide the programme
   * when it is off); always sent by this server, optional for older servers.
   */
  referral?: ReferralAppConfig;
}
