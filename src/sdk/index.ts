/**
 * The Peanut VPN SDK: the one client of the API (spec §7) and of the identity provider, used by
 * the web app and the `peanut` CLI; runs in browsers and Node 20. This module is its public
 * surface; docs/sdk.md shows a complete script.
 *
 * - {@link fetchAppConfig} reads a service's `/app-config.json` (API base URL, user pool).
 * - {@link createIdentityClient}: sign-up, confirmation, SRP sign-in, sessions refreshed with the
 *   refresh token, sign-out (revokes), account deletion. Failures are {@link IdentityError}s.
 * - {@link createHttpClient}: JSON calls with the retry rule (3 attempts on 429, 500, 502, 503,
 *   504); failures are {@link ApiError} (a status) or {@link NetworkError} (no answer).
 * - Public calls: {@link listRegions}, {@link listRegionsDetailed}, {@link listPeanutsPacks}.
 * - VPN calls: {@link listVpns}, {@link createVpn}, {@link getVpn}, {@link extendVpn},
 *   {@link getVpnUsage}, {@link deleteVpn},
 *   {@link getConfig}, {@link getQrConfig}, {@link getBalance}.
 * - Referral calls: {@link getReferralCode}, {@link getReferrerCode}, {@link validateReferralCode},
 *   {@link getReferralStats}, {@link getReferralHistory}.
 * - Preferences (docs/api.md): {@link getPreferences}, {@link updatePreferences}.
 * - Email notices (docs/api.md): {@link getNotices}, {@link updateNotices}.
 * - Waiting (spec §4): {@link waitForState} and the delete workflow {@link deleteAndWait}.
 * - The password rule of sign-up: {@link passwordPolicyMessage}.
 *
 * Units: durations in seconds (milliseconds where an option's name ends in `Ms`), traffic in
 * bytes, money in peanuts.
 */
export {
  ApiError,
  DEFAULT_ATTEMPTS,
  NetworkError,
  RETRY_STATUSES,
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type HttpResponse,
  type RequestOptions,
} from './http';
export {
  IdentityError,
  MISSING_SUB_MESSAGE,
  MemoryStorage,
  NOT_AUTHENTICATED,
  NOT_AUTHENTICATED_MESSAGE,
  NOT_AUTHORIZED,
  UNSUPPORTED_CHALLENGE,
  CODE_MISMATCH,
  TOTP_ISSUER,
  createIdentityClient,
  defaultIdentityStorage,
  isNotAuthorized,
  totpUri,
  type ChallengeHandler,
  type CodeDelivery,
  type AttributeCodeDelivery,
  type ContactDetails,
  type DeviceInfo,
  type VerifiableAttribute,
  type IdentityChallenge,
  type IdentitySignInStep,
  type MfaSettings,
  type MfaType,
  type SignInChallengeName,
  type TotpSetup,
  type IdentityClient,
  type IdentityConfig,
  type IdentitySession,
  type IdentityStorage,
  type IdentityUser,
  type SignUpResult,
} from './identity';
export {
  PASSWORD_MIN_LENGTH,
  passwordPolicyMessage,
  passwordPolicyViolation,
} from './passwordPolicy';
export { fetchAppConfig, listPeanutsPacks, listRegions, listRegionsDetailed } from './publicApi';
export {
  createVpn,
  deleteVpn,
  extendVpn,
  getBalance,
  getConfig,
  getQrConfig,
  getVpn,
  getVpnUsage,
  listVpns,
  requestVpnCreation,
  requestVpnDeletion,
  type CallOptions,
  type ListVpnsOptions,
  type ListVpnsResult,
  type VpnConfigFile,
  type VpnExtensionRequest,
  type VpnQrConfig,
} from './vpns';
export {
  getReferralCode,
  getReferralHistory,
  getReferralStats,
  getReferrerCode,
  validateReferralCode,
  type ReferralCallOptions,
  type ReferralCodeResponse,
  type ReferralHistoryItem,
  type ReferralHistoryOptions,
  type ReferralHistoryResponse,
  type ReferralStats,
  type ReferralValidationResult,
  type ReferrerCodeResponse,
} from './referral';
export {
  getPreferences,
  updatePreferences,
  type AccountPreferences,
  type AccountPreferencesPatch,
} from './preferences';
export {
  getNotices,
  updateNotices,
  type AccountNotices,
  type AccountNoticesPatch,
} from './notices';
export {
  deleteAndWait,
  realClock,
  stateOf,
  waitForState,
  type Clock,
  type DeleteAndWaitOptions,
  type HasVpnState,
  type WaitOptions,
} from './waitForState';

// The domain types and errors the calls above take, return and throw (from src/core).
export type { AppConfig } from '../core/appConfig';
export type { PeanutsPack } from '../core/packs';
export type { PeanutsBalanceResponse } from '../core/peanuts';
export type { RegionDetailed } from '../core/regions';
export type {
  CreateVpnRequest,
  Vpn,
  VpnConfig,
  VpnMetrics,
  VpnState,
  VpnWithMetrics,
} from '../core/vpn';
export {
  InvalidVpnIdError,
  PeanutError,
  VpnCreationError,
  VpnDeletionError,
  VpnListingError,
  WaitTimeoutError,
} from '../core/errors';
