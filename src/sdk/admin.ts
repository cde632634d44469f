/**
 * The operator API `/v1/admin/` (docs/operator-console.md): calls for the console and the
 * `peanut admin` commands. Every call needs an operator's id token (401 without one, 403 for a
 * customer: ApiError). Amounts in peanuts, times ISO 8601 strings.
 */
import type { HttpClient } from './http';

/** Options common to the admin calls. */
export interface AdminCallOptions {
  signal?: AbortSignal;
}

/** An account as listed. */
export interface AdminAccount {
  sub: string;
  email: string;
  createdAt: string;
  confirmed: boolean;
  disabled: boolean;
  /** Sign-in asks for a second factor. */
  mfaEnabled: boolean;
}

/** `GET /v1/admin/users` answer. */
export interface AdminUsersPage {
  users: (AdminAccount & { balance: number })[];
  nextCursor: string | null;
}

/** A VPN as the console shows it. */
export interface AdminVpn {
  vpnId: string;
  sub: string;
  email?: string;
  region: string;
  state: string;
  hostId: string | null;
  createdAt: string;
  runningAt: string | null;
  endedAt: string | null;
  /** Peanuts charged so far. */
  consumed: number;
  bytes: number;
  reason: string | null;
}

/** One statement line. */
export interface AdminStatementLine {
  date: string;
  kind: string;
  amount: number;
  balanceAfter: number;
  reference: string | null;
}

/** `GET /v1/admin/users/{sub}` answer. */
export interface AdminUserDetail {
  account: AdminAccount;
  balance: number;
  statement: AdminStatementLine[];
  vpns: AdminVpn[];
  purchases: {
    sessionId: string;
    packId: string;
    peanuts: number;
    amountTotal: number;
    currency: string;
    state: string;
    refundedPeanuts: number;
    dispute: string;
    createdAt: string;
  }[];
  referrals: {
    relationshipId: string;
    role: 'referrer' | 'referee';
    otherSub: string | null;
    state: string;
    createdAt: string;
  }[];
}

/** An audit log entry. */
export interface AdminAuditEntry {
  id: number;
  at: string;
  operatorSub: string;
  operatorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
}

/** A VPN host. */
export interface AdminHost {
  hostId: string;
  regions: string[];
  state: 'online' | 'away' | 'lost';
  lastSeenAt: string;
  /** Most live VPNs it takes; 0 while drained. */
  capacity: number;
  drained: boolean;
  liveVpns: number;
  faults: { count: number; lastAt: string | null; last: string | null };
}

/** A region as the console shows it. */
export interface AdminRegion {
  region: string;
  city: string;
  country: string;
  enabled: boolean;
  liveVpns: number;
}

/** What an action did: its audit entry, or null when nothing changed. */
export interface AdminActionResult {
  audit: AdminAuditEntry | null;
}

const get = async <T>(
  http: HttpClient,
  path: string,
  query: Record<string, string | number | undefined>,
  options: AdminCallOptions,
) => (await http.request<T>('GET', path, { query, signal: options.signal })).data;

const post = async <T>(
  http: HttpClient,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
  options: AdminCallOptions & { headers?: Record<string, string> },
) => (await http.request<T>(method, path, { body, ...options })).data;

/** `GET /v1/account/role`: whether the signed-in caller is an operator (any account may ask). */
export async function isOperator(http: HttpClient, options: AdminCallOptions = {}) {
  return (await get<{ operator: boolean }>(http, '/v1/account/role', {}, options)).operator;
}

/** `GET /v1/admin/users`: accounts whose email starts with `email`, or whose sub it is. */
export function searchUsers(
  http: HttpClient,
  email: string,
  options: AdminCallOptions & { limit?: number; cursor?: string } = {},
): Promise<AdminUsersPage> {
  const { limit, cursor } = options;
  return get(http, '/v1/admin/users', { email, limit, cursor }, options);
}

/** `GET /v1/admin/users/{sub}`. */
export function getUser(
  http: HttpClient,
  sub: string,
  options: AdminCallOptions = {},
): Promise<AdminUserDetail> {
  return get(http, `/v1/admin/users/${encodeURIComponent(sub)}`, {}, options);
}

/**
 * `POST /v1/admin/users/{sub}/adjustments`: credits (positive) or debits `peanuts` with
 * `reason`. `idempotencyKey` (make one per adjustment, e.g. a UUID, and reuse it on a retry)
 * makes a retry change nothing. ApiError 400 when a debit would take the balance below 0.
 */
export function adjustPeanuts(
  http: HttpClient,
  sub: string,
  adjustment: { peanuts: number; reason: string; idempotencyKey: string },
  options: AdminCallOptions = {},
): Promise<{ audit: AdminAuditEntry; balance: number }> {
  const { idempotencyKey, ...body } = adjustment;
  return post(http, 'POST', `/v1/admin/users/${encodeURIComponent(sub)}/adjustments`, body, {
    ...options,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** `POST /v1/admin/users/{sub}/disable` (`disabled` true) or `/enable`, with `reason`. */
export function setUserDisabled(
  http: HttpClient,
  sub: string,
  disabled: boolean,
  reason: string,
  options: AdminCallOptions = {},
): Promise<{ disabled: boolean; audit: AdminAuditEntry | null; endedVpns: string[] }> {
  const action = disabled ? 'disable' : 'enable';
  return post(
    http,
    'POST',
    `/v1/admin/users/${encodeURIComponent(sub)}/${action}`,
    { reason },
    options,
  );
}

/** `GET /v1/admin/vpns`: every VPN, newest first, by region, state or host. */
export function listAllVpns(
  http: HttpClient,
  filter: { region?: string; state?: string; host?: string; limit?: number; cursor?: string } = {},
  options: AdminCallOptions = {},
): Promise<{ vpns: AdminVpn[]; nextCursor: string | null }> {
  return get(http, '/v1/admin/vpns', filter, options);
}

/** `POST /v1/admin/vpns/{vpnId}/terminate` with `reason`. */
export function terminateVpn(
  http: HttpClient,
  vpnId: string,
  reason: string,
  options: AdminCallOptions = {},
): Promise<AdminActionResult> {
  return post(
    http,
    'POST',
    `/v1/admin/vpns/${encodeURIComponent(vpnId)}/terminate`,
    { reason },
    options,
  );
}

/** `GET /v1/admin/hosts`. */
export async function listHosts(http: HttpClient, options: AdminCallOptions = {}) {
  return (await get<{ hosts: AdminHost[] }>(http, '/v1/admin/hosts', {}, options)).hosts;
}

/** `POST /v1/admin/hosts/{id}/drain` (`drained` true) or `/undrain`. */
export function setHostDrained(
  http: HttpClient,
  hostId: string,
  drained: boolean,
  options: AdminCallOptions = {},
): Promise<AdminActionResult> {
  const action = drained ? 'drain' : 'undrain';
  return post(
    http,
    'POST',
    `/v1/admin/hosts/${encodeURIComponent(hostId)}/${action}`,
    undefined,
    options,
  );
}

/** `GET /v1/admin/regions`. */
export async function listAdminRegions(http: HttpClient, options: AdminCallOptions = {}) {
  return (await get<{ regions: AdminRegion[] }>(http, '/v1/admin/regions', {}, options)).regions;
}

/** `PATCH /v1/admin/regions/{region}` `{ enabled }`. */
export function setRegionEnabled(
  http: HttpClient,
  region: string,
  enabled: boolean,
  options: AdminCallOptions = {},
): Promise<AdminActionResult> {
  return post(
    http,
    'PATCH',
    `/v1/admin/regions/${encodeURIComponent(region)}`,
    { enabled },
    options,
  );
}

/** `GET /v1/admin/audit`: the audit log, newest first. */
export function listAudit(
  http: HttpClient,
  query: { limit?: number; cursor?: string; target?: string } = {},
  options: AdminCallOptions = {},
): Promise<{ entries: AdminAuditEntry[]; nextCursor: string | null }> {
  return get(http, '/v1/admin/audit', query, options);
}

/** A paid checkout session that credited nothing (`GET /v1/admin/payments`). */
export interface AdminPayment {
  /** The Stripe checkout session id, `cs_...`. */
  sessionId: string;
  /** The account its `client_reference_id` names, when it names one (there may be none). */
  userSub: string | null;
  /** The pack it names, when any (maybe not a pack of ours). */
  packId: string | null;
  /** Amount paid, in the smallest unit of `currency` (cents). */
  amountTotal: number;
  /** The buyer's currency, lower case. */
  currency: string;
  /** Why nothing was credited, e.g. `client_reference_id names no user`. */
  reason: string;
  receivedAt: string;
  /** When an operator credited it by hand; null until then. */
  creditedAt: string | null;
}

/**
 * `GET /v1/admin/payments`: paid checkout sessions that credited nothing, newest first; with
 * `state` `all`, those already credited by hand too.
 */
export async function listPayments(
  http: HttpClient,
  state: 'unmatched' | 'all' = 'unmatched',
  options: AdminCallOptions = {},
): Promise<AdminPayment[]> {
  return (await get<{ payments: AdminPayment[] }>(http, '/v1/admin/payments', { state }, options))
    .payments;
}

/**
 * `POST /v1/admin/payments/{sessionId}/credit`: credits the unmatched payment `sessionId` to the
 * confirmed account `sub` as pack `packId`, once, with `reason`. ApiError 404 when it is not
 * waiting to be credited (or was credited already), 400 for no confirmed account or an unknown
 * pack.
 */
export function creditPayment(
  http: HttpClient,
  sessionId: string,
  credit: { sub: string; packId: string; reason: string },
  options: AdminCallOptions = {},
): Promise<AdminActionResult> {
  return post(
    http,
    'POST',
    `/v1/admin/payments/${encodeURIComponent(sessionId)}/credit`,
    credit,
    options,
  );
}

/** The figures of one UTC day (`GET /v1/admin/stats`). */
export interface AdminDayStats {
  /** `YYYY-MM-DD`. */
  day: string;
  signups: number;
  peanutsSoldByPack: Record<string, number>;
  /** In each currency's smallest unit (cents). */
  revenueByCurrency: Record<string, number>;
  peanutsRefunded: number;
  peanutsConsumed: number;
  vpnHoursByRegion: Record<string, number>;
  referralRewardsPaid: number;
  referralRewardsReversed: number;
}

/** `GET /v1/admin/stats?from&to`: per UTC day from `from` to `to` (`YYYY-MM-DD`, inclusive). */
export async function getStats(
  http: HttpClient,
  from: string,
  to: string,
  options: AdminCallOptions = {},
): Promise<AdminDayStats[]> {
  return (await get<{ days: AdminDayStats[] }>(http, '/v1/admin/stats', { from, to }, options))
    .days;
}
