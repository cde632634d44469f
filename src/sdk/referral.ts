/**
 * The referral calls of spec §7 (authenticated): the user's own code, the code the user used,
 * validation of a code, statistics and history. Every call takes an optional AbortSignal and goes
 * through the HttpClient's retry rule (3 attempts on 429, 500, 502, 503, 504).
 *
 * Shapes assumed (spec §3, §7):
 * - `GET /v1/referral/referralCode` -> `{ referralCode: string }`
 * - `GET /v1/referral/referrerCode` -> `{ referrerCode: string | null }` (or 204 / an empty body)
 * - `POST /v1/referral/validate` with `{ referralCode }` -> `{ isValid, error?, errorCode? }`
 *   (a 4xx answer whose body has `isValid: false` is read as that result)
 * - `GET /v1/referral/stats` -> `{ totalReferrals, totalRewardsEarned }`
 * - `GET /v1/referral/history?limit&nextToken` -> `{ history: ReferralHistoryItem[],
 *   pagination: { nextToken?: string | null, hasMore: boolean } }`
 *
 * The answers whose shape is fixed are core's types (`src/core/referral.ts`, what our server
 * sends); the validation result and history below are read more leniently than core's, because
 * the spec leaves their optional fields open and the SDK must read any conforming server.
 */
import type { ReferralCodeResponse, ReferralStats, ReferrerCodeResponse } from '../core/referral';
import { ApiError, type HttpClient } from './http';

export type { ReferralCodeResponse, ReferralStats, ReferrerCodeResponse };

/** Options common to the referral calls. */
export interface ReferralCallOptions {
  signal?: AbortSignal;
}

/** `POST /v1/referral/validate` body (spec §3 "Referral validation result"). */
export interface ReferralValidationResult {
  isValid: boolean;
  /** Why the code is refused, e.g. 'Error with referral code: ABCDEF12: Unknown code'. */
  error?: string;
  /** The error code of spec §4 (INVALID_CODE 1, CODE_EXPIRED 2, ...), when refused. */
  errorCode?: number;
}

/** One referral of the history (spec §3). Rewards are in peanuts. */
export interface ReferralHistoryItem {
  relationshipId: string;
  /** The code the referee used (the user's own code). */
  referralCode: string;
  /** ISO 8601 date-time of the referral. */
  createdAt: string;
  /** Peanuts the user (referrer) got. */
  referrerReward: number;
  /** Peanuts the friend (referee) got. */
  refereeReward: number;
  /** The user's side of this referral (our server lists both sides); absent: referrer. */
  role?: 'referrer' | 'referee';
}

/** `GET /v1/referral/history` body. */
export interface ReferralHistoryResponse {
  history: ReferralHistoryItem[];
  pagination: {
    /** Token of the next page; absent or null on the last page. */
    nextToken?: string | null;
    hasMore: boolean;
  };
}

/** Options of {@link getReferralHistory}. */
export interface ReferralHistoryOptions extends ReferralCallOptions {
  /** Items per page (the UI asks for 50, spec §9). */
  limit?: number;
  /** Token of the page to read, from the previous page's pagination. */
  nextToken?: string;
}

/** `GET /v1/referral/referralCode`: the user's own code. @throws ApiError, NetworkError */
export async function getReferralCode(
  http: HttpClient,
  options: ReferralCallOptions = {},
): Promise<string> {
  const { data } = await http.request<ReferralCodeResponse>('GET', '/v1/referral/referralCode', {
    signal: options.signal,
  });
  return data.referralCode;
}

/**
 * `GET /v1/referral/referrerCode`: the code the user already used, or null when none (an empty
 * answer or a null field). @throws ApiError, NetworkError
 */
export async function getReferrerCode(
  http: HttpClient,
  options: ReferralCallOptions = {},
): Promise<string | null> {
  const { data } = await http.request<ReferrerCodeResponse | undefined>(
    'GET',
    '/v1/referral/referrerCode',
    { signal: options.signal },
  );
  const code = data?.referrerCode;
  return typeof code === 'string' && code !== '' ? code : null;
}

function isValidationResult(data: unknown): data is ReferralValidationResult {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as ReferralValidationResult).isValid === 'boolean'
  );
}

/**
 * `POST /v1/referral/validate`: whether `referralCode` may be used by the user. A refusal is a
 * result with `isValid: false` and the server's message, whether it came with status 200 or 4xx.
 * @throws ApiError (other failures), NetworkError
 */
export async function validateReferralCode(
  http: HttpClient,
  referralCode: string,
  options: ReferralCallOptions = {},
): Promise<ReferralValidationResult> {
  try {
    const { data } = await http.request<ReferralValidationResult>('POST', '/v1/referral/validate', {
      body: { referralCode },
      signal: options.signal,
    });
    return data;
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status >= 400 &&
      error.status < 500 &&
      isValidationResult(error.data) &&
      !error.data.isValid
    ) {
      return error.data;
    }
    throw error;
  }
}

/** `GET /v1/referral/stats`: referrals and peanuts earned. @throws ApiError, NetworkError */
export async function getReferralStats(
  http: HttpClient,
  options: ReferralCallOptions = {},
): Promise<ReferralStats> {
  const { data } = await http.request<ReferralStats>('GET', '/v1/referral/stats', {
    signal: options.signal,
  });
  return data;
}

/** `GET /v1/referral/history`: one page of referrals. @throws ApiError, NetworkError */
export async function getReferralHistory(
  http: HttpClient,
  options: ReferralHistoryOptions = {},
): Promise<ReferralHistoryResponse> {
  const { data } = await http.request<ReferralHistoryResponse>('GET', '/v1/referral/history', {
    query: { limit: options.limit, nextToken: options.nextToken },
    signal: options.signal,
  });
  return data;
}
