/**
 * The VPN operations behind the API of spec §7 (routes/vpns.ts): list, create, get, delete,
 * config and QR config of the caller's own VPNs. Another user's VPN is answered exactly like a
 * missing one (VpnNotFoundError, 404 'Vpn not found').
 *
 * Creation applies every rule of spec §5 (core's validateCreateVpn, in the spec's order) inside
 * one transaction that first locks the caller's `users` row: two concurrent creations of the
 * same user run one after the other, so the balance and the active-VPN count each sees are
 * current, and a check only one of them should pass is passed by one only. Creates of one user
 * that arrive together share that transaction (createBatch.ts), checked one after the other.
 */
import { toNano } from '../../core/peanuts';
import { enforceLimits, limitsFromClaims, type VpnConfigLimits } from '../../core/limits';
import { defaultQuota } from '../../core/limits';
import { VpnNotFoundError } from '../../core/errors';
import {
  assertVpnId,
  isVpnId,
  type ListVpnsResponse,
  type Vpn,
  type VpnState,
  type VpnMetricsJson,
  type VpnWithMetricsJson,
} from '../../core/vpn';
import {
  EXTENDABLE_STATES,
  validateExtendVpn,
  VpnNotExtendableError,
  type ExtendVpnInput,
} from '../../core/vpnExtend';
import { UNLIMITED_PEANUTS } from '../../core/vpnValidation';
import type { VpnForecast, VpnUsageResponse } from '../../core/vpnUsage';
import type { Database } from '../db';
import type { VpnRow } from '../db/schema';
import { HttpError } from '../errors';
import type { LedgerService } from '../ledger/service';
import type { RegionsService } from '../regions/service';
import type { VpnLifecycle } from './lifecycle';
import { END_REASONS } from './metering';
import { qrPngBase64 } from './qrcode';
import type { VpnReadCache } from './readCache';
import {
  findOwned,
  listPage,
  lockUser,
  metricsOf,
  toVpn,
  toVpnWithMetrics,
  transition,
  updateConfig,
  type TakenIds,
} from './store';
import { createBatcher } from './createBatch';
import { forecastsOf } from './forecast';
import { usageOf } from './usage';
import { splitList, wireGuardClientConfig } from './wireguardConfig';
import { recordEvent } from '../metrics/events';

/** Largest page of `GET /v1/vpns` (the library's default page size, spec §9). */
export const MAX_PAGE_SIZE = 1000;

/** The message of a 400 answer to a malformed `nextPageToken`. */
export const INVALID_PAGE_TOKEN_MESSAGE = 'Invalid nextPageToken';
/** The message of a 401 answer when the caller's account no longer exists. */
export const NO_ACCOUNT_MESSAGE = 'User needs to be authenticated to call this API.';

/** The message of a Create refused in a region an operator disabled (docs/operator-console.md). */
export function regionDisabledMessage(region: string): string {
  return `Region ${region} is unavailable: the operator has disabled it. Try another region`;
}

/** The message of a 400 answer for a config asked while the VPN is not Running. */
export function configUnavailableMessage(vpnId: string, state: VpnState): string {
  return `The config of vpn ${vpnId} is only available while it is Running; it is ${state}`;
}

/** Who calls: the verified id token's subject and claims. */
export interface Caller {
  sub: string;
  /** The id token's claims (the limits are in `custom:config`, spec §3). */
  claims: Readonly<Record<string, unknown>>;
}

/** Outcome of a deletion request. */
export type DeleteOutcome =
  /** Deletion started (or was already under way): answer 202 with the VPN. */
  | { status: 202; vpn: Vpn }
  /** Already Deleted or Failed (terminal, spec §4): nothing happens, answer 204. */
  | { status: 204 };

/** Options of {@link createVpnService}. */
export interface VpnServiceOptions {
  db: Database;
  ledger: LedgerService;
  regions: RegionsService;
  lifecycle: VpnLifecycle;
  /** Current time, epoch milliseconds. */
  clock: () => number;
  /** Most active VPNs per user; undefined: 2 x the number of enabled regions. */
  quota: number | undefined;
  /**
   * The server's own VPN limits (the preset's): a token claiming wider ones is refused at
   * creation.
   */
  limits: Readonly<VpnConfigLimits>;
  /**
   * Cache of `list` and `get` answers, dropped on the database's change notifications
   * (readCache.ts); none: every read queries the database.
   */
  cache?: VpnReadCache;
  /**
   * Why a VPN cannot be created in a region now (no VPN host of it online), or
   * undefined when it can; absent when every region is served locally.
   */
  regionUnavailable?: (region: string) => string | undefined;
}

/** The VPN operations of the API. */
export interface VpnService {
  /**
   * A page of the caller's VPNs, newest first (spec §3 "Paginated VPN list response"). The
   * answer may be shared with other calls (the read cache's): never modify it.
   */
  list(sub: string, pageSize: number, nextPageToken?: string): Promise<ListVpnsResponse>;
  /**
   * The first page `list(sub, pageSize)` would return, when the read cache holds it (no query,
   * no promise); undefined otherwise (call `list`). Shared: never modify it.
   */
  listKnown(sub: string, pageSize: number): ListVpnsResponse | undefined;
  /** Validates and records a new VPN (state Creating), queues its provisioning; its id. */
  create(caller: Caller, body: unknown): Promise<string>;
  /** The caller's VPN with its metrics; the answer may be shared: never modify it. */
  get(sub: string, vpnId: string): Promise<VpnWithMetricsJson>;
  /**
   * What `get(sub, vpnId)` would return, when the read cache holds the VPN (no query, no
   * promise); undefined otherwise (call `get`, which also answers a missing VPN). Shared: never
   * modify it.
   */
  getKnown(sub: string, vpnId: string): VpnWithMetricsJson | undefined;
  /**
   * Gives the caller's VPN a new maxPeanuts and/or deleteAfter (core's validateExtendVpn, under
   * the owner's lock, as a metering pass takes it: the next pass uses the new values); the VPN
   * with its metrics after the change.
   * @throws VpnNotFoundError (404), the errors of validateExtendVpn (400).
   */
  extend(caller: Caller, vpnId: string, body: unknown): Promise<VpnWithMetricsJson>;
  /** The usage over time of the caller's VPN (usage.ts): at most 300 points, oldest first. */
  usage(sub: string, vpnId: string): Promise<VpnUsageResponse>;
  /** Requests the deletion of the caller's VPN (spec §4). */
  delete(sub: string, vpnId: string): Promise<DeleteOutcome>;
  /** The WireGuard client config text of the caller's Running VPN (secret: owner only). */
  configText(sub: string, vpnId: string): Promise<string>;
  /** The PNG QR code of that config, base64. */
  qrConfig(sub: string, vpnId: string): Promise<string>;
  /** The quota of active VPNs now. */
  quota(): Promise<number>;
  /**
   * Whether a VPN can be created in `region` now; undefined when every region is served locally
   * (no VPN hosts), so the regions API leaves `available` out.
   */
  regionAvailable(region: string): boolean | undefined;
}

/**
 * A vpnId from a path parameter (Fastify has decoded it once; a client that encoded `@` twice
 * sent `%2540`, decoded here again).
 * @throws InvalidVpnIdError 'Undefined vpnId' or "Incorrect vpnId: '{id}'" (400).
 */
export function vpnIdOfParam(raw: string | undefined): string {
  let id = raw;
  if (id !== undefined && id.includes('%')) {
    try {
      id = decodeURIComponent(id);
    } catch {
      // Not encoded after all: checked as is below.
    }
  }
  assertVpnId(id);
  return id;
}

/** The opaque token of the page after the VPN `lastVpnId`. */
export function pageTokenAfter(lastVpnId: string): string {
  return Buffer.from(lastVpnId, 'utf8').toString('base64url');
}

/** The VPN id a page token stands for. @throws HttpError 400 for a malformed token. */
export function vpnIdOfPageToken(token: string): string {
  const id = Buffer.from(token, 'base64url').toString('utf8');
  if (!isVpnId(id) || pageTokenAfter(id) !== token) {
    throw new HttpError(400, INVALID_PAGE_TOKEN_MESSAGE);
  }
  return id;
}

/** `vpn` with its forecast from `forecasts` (forecast.ts) when it has one. */
function withForecast(vpn: Vpn, forecasts: ReadonlyMap<string, VpnForecast> | undefined): Vpn {
  const forecast = forecasts?.get(vpn.vpnId);
  return forecast ? { ...vpn, forecast } : vpn;
}

/** A VPN as `get` reads it (the read cache keeps it): its row and its forecasts. */
interface VpnRead {
  row: VpnRow;
  forecasts: ReadonlyMap<string, VpnForecast> | undefined;
}

/** True when two metrics are the same. */
function sameMetrics(a: VpnMetricsJson, b: VpnMetricsJson): boolean {
  return a.duration === b.duration && a.bytes === b.bytes && a.peanuts === b.peanuts;
}

/** Creates the VPN service. */
export function createVpnService(options: VpnServiceOptions): VpnService {
  const { db, ledger, lifecycle, clock, cache } = options;
  // The vpnIds this service took, by region (store.ts insertVpn).
  const taken: TakenIds = new Map();
  // Creates of one owner written together (createBatch.ts).
  const creates = createBatcher({
    db,
    ledger,
    taken,
    regionUnavailable: options.regionUnavailable,
    noAccountMessage: NO_ACCOUNT_MESSAGE,
    regionDisabledMessage,
  });
  const cached = <T>(sub: string, key: string, load: () => Promise<T>): Promise<T> =>
    cache ? cache.get(sub, key, load) : load();
  // The last answer of `get` per cached read (the read object lives as long as its cache entry).
  const answers = new WeakMap<object, VpnWithMetricsJson>();
  /** The cache key of a list page. */
  const listKey = (pageSize: number, after: string | undefined): string =>
    `list:${pageSize}:${after ?? ''}`;
  /** What `get` answers for the read `read` (the cache's or a fresh one). */
  const answerOf = (read: VpnRead): VpnWithMetricsJson => {
    // The answer of a cached read is shared while its metrics are the same (they move with
    // the clock once a second): the route serialises it once (routes/vpns.ts).
    const metrics = metricsOf(read.row, clock());
    const previous = answers.get(read);
    if (previous?.metrics && sameMetrics(previous.metrics, metrics)) return previous;
    const answer = { vpn: withForecast(toVpn(read.row), read.forecasts), metrics };
    answers.set(read, answer);
    return answer;
  };

  const owned = async (sub: string, vpnId: string): Promise<VpnRow> => {
    const row = await findOwned(db, sub, vpnId);
    if (!row) throw new VpnNotFoundError(vpnId);
    return row;
  };

  const quota = async (): Promise<number> =>
    options.quota ?? defaultQuota((await options.regions.listIds()).length);

  /** Requests the deletion of `sub`'s VPN `vpnId` (see VpnService.delete). */
  const deleteOwned = async (sub: string, vpnId: string): Promise<DeleteOutcome> => {
    // A few rounds in case the lifecycle moves the VPN between our read and our change.
    for (let round = 0; round < 5; round++) {
      const row = await owned(sub, vpnId);
      const state = row.state as VpnState;
      if (state === 'Deleted' || state === 'Failed') return { status: 204 };
      if (state === 'Deprovisioning') {
        await lifecycle.enqueue(vpnId);
        return { status: 202, vpn: toVpn(row) };
      }
      if (state === 'Running') {
        // Charges the last partial interval and moves it to Deprovisioning.
        if ((await lifecycle.meter(vpnId, END_REASONS.deleted))?.end) {
          recordEvent('vpnDeleted', { region: row.region });
          return { status: 202, vpn: toVpn(await owned(sub, vpnId)) };
        }
        continue;
      }
      const now = clock();
      const moved = await transition(
        db,
        vpnId,
        ['Creating', 'Created', 'Provisioning', 'Paused'],
        'Deprovisioning',
        now,
        { reason: END_REASONS.deleted, endedAt: row.runningAt ? new Date(now) : null },
      );
      if (moved) {
        recordEvent('vpnDeleted', { region: row.region });
        recordEvent('vpnEnded', { reason: END_REASONS.deleted });
        lifecycle.cancel(vpnId);
        await lifecycle.enqueue(vpnId);
        return { status: 202, vpn: toVpn(moved) };
      }
    }
    throw new Error(`VPN ${vpnId} kept changing state during its deletion`);
  };

  const service: VpnService = {
    quota,

    regionAvailable: (region) =>
      options.regionUnavailable ? options.regionUnavailable(region) === undefined : undefined,

    async list(sub, pageSize, nextPageToken) {
      const after = nextPageToken ? vpnIdOfPageToken(nextPageToken) : undefined;
      return cached(sub, listKey(pageSize, after), async () => {
        const { rows, total: totalVpns } = await listPage(db, sub, pageSize + 1, after);
        const page = rows.slice(0, pageSize);
        const more = rows.length > pageSize;
        const forecasts = page.some((row) => row.state === 'Running')
          ? await forecastsOf(db, ledger, sub, clock())
          : undefined;
        return {
          vpns: page.map((row) => withForecast(toVpn(row), forecasts)),
          ...(more ? { nextPageToken: pageTokenAfter(page[page.length - 1].vpnId) } : {}),
          totalVpns,
          totalPages: Math.ceil(totalVpns / pageSize),
        };
      });
    },

    async create(caller, body) {
      const limits = enforceLimits(limitsFromClaims(caller.claims), options.limits);
      const row = await creates.submit(caller.sub, {
        limits,
        body,
        regions: await options.regions.listIds(),
        disabledRegions: await options.regions.disabledIds(),
        quota: await quota(),
        createdAtMs: clock(),
      });
      cache?.invalidate(caller.sub);
      await lifecycle.enqueue(row.vpnId);
      recordEvent('vpnCreated', { region: row.region });
      return row.vpnId;
    },

    listKnown: (sub, pageSize) => cache?.peek<ListVpnsResponse>(sub, listKey(pageSize, undefined)),

    async get(sub, vpnId) {
      const read = await cached(sub, `get:${vpnId}`, async (): Promise<VpnRead | undefined> => {
        const row = await findOwned(db, sub, vpnId);
        const forecasts =
          row?.state === 'Running' ? await forecastsOf(db, ledger, sub, clock()) : undefined;
        return row && { row, forecasts };
      });
      if (!read) throw new VpnNotFoundError(vpnId);
      return answerOf(read);
    },

    getKnown(sub, vpnId) {
      const read = cache?.peek<VpnRead>(sub, `get:${vpnId}`);
      return read && answerOf(read);
    },

    async extend(caller, vpnId, body) {
      const limits = enforceLimits(limitsFromClaims(caller.claims), options.limits);
      const row = await db.transaction(async (tx) => {
        if (!(await lockUser(tx, caller.sub))) throw new HttpError(401, NO_ACCOUNT_MESSAGE);
        // Read under the owner's lock: no metering pass charges it until this commits.
        const current = await findOwned(tx, caller.sub, vpnId);
        if (!current) throw new VpnNotFoundError(vpnId);
        const extension = validateExtendVpn(vpnId, body as ExtendVpnInput, {
          state: current.state as VpnState,
          consumedNano: current.consumedNano,
          runningSeconds: metricsOf(current, clock()).duration ?? 0,
          balanceNano: await ledger.balanceNano(caller.sub, tx),
          limits,
        });
        const { maxPeanuts, deleteAfter } = extension;
        const changed = await updateConfig(tx, vpnId, EXTENDABLE_STATES, {
          ...(deleteAfter === undefined ? {} : { deleteAfter }),
          ...(maxPeanuts === undefined
            ? {}
            : { maxPeanutsNano: maxPeanuts === UNLIMITED_PEANUTS ? null : toNano(maxPeanuts) }),
        });
        if (changed) return changed;
        // Ended meanwhile (a deletion of a VPN not Running takes only the VPN's row).
        const now = await findOwned(tx, caller.sub, vpnId);
        throw new VpnNotExtendableError(vpnId, (now ?? current).state as VpnState);
      });
      cache?.invalidate(caller.sub);
      const { vpn, metrics } = toVpnWithMetrics(row, clock());
      const forecasts =
        row.state === 'Running' ? await forecastsOf(db, ledger, caller.sub, clock()) : undefined;
      return { vpn: withForecast(vpn, forecasts), metrics };
    },

    async usage(sub, vpnId) {
      return { points: await usageOf(db, await owned(sub, vpnId)) };
    },

    async delete(sub, vpnId) {
      try {
        return await deleteOwned(sub, vpnId);
      } finally {
        // This caller sees their own change at once, before the notification comes back.
        cache?.invalidate(sub);
      }
    },

    async configText(sub, vpnId) {
      const row = await owned(sub, vpnId);
      if (row.state !== 'Running') {
        throw new HttpError(400, configUnavailableMessage(vpnId, row.state as VpnState));
      }
      const { clientPrivateKey, serverPublicKey, presharedKey, endpoint } = row;
      if (!clientPrivateKey || !serverPublicKey || !presharedKey || !endpoint) {
        throw new Error(`Running VPN ${vpnId} lacks its keys or endpoint`);
      }
      return wireGuardClientConfig({
        privateKey: clientPrivateKey,
        addresses: splitList(row.clientAddress),
        dns: splitList(row.dns),
        serverPublicKey,
        presharedKey,
        endpoint,
      });
    },

    async qrConfig(sub, vpnId) {
      return qrPngBase64(await service.configText(sub, vpnId));
    },
  };
  return service;
}
