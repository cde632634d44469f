/**
 * Creation of VPNs (service.ts `create`), grouped per owner (groupCommit.ts): the creates of one
 * owner that arrive while one of theirs is being written are checked and written together, in one
 * transaction that locks the owner's `users` row once, reads their balance and active-VPN count
 * once, applies every rule of spec §5 to each create in turn (core's validateCreateVpn: each
 * accepted one counts toward the quota of the next) and inserts the accepted ones with one
 * statement. A create refused by a rule gets its error alone; the others of its batch go on.
 * Concurrent creates of one owner in several processes are still serialised by the lock.
 */
import { fromNano, toNano } from '../../core/peanuts';
import type { VpnConfigLimits } from '../../core/limits';
import {
  UNLIMITED_PEANUTS,
  validateCreateVpn,
  type CreateVpnInput,
} from '../../core/vpnValidation';
import type { Database } from '../db';
import type { VpnRow } from '../db/schema';
import { HttpError } from '../errors';
import type { LedgerService } from '../ledger/service';
import { GroupCommit, type ItemOutcome } from './groupCommit';
import { countActive, insertVpns, lockUser, type TakenIds, type VpnToInsert } from './store';

/** One create of a batch: what was checked before the transaction, and the request's body. */
export interface CreateRequest {
  /** The caller's limits (their token's, within the server's). */
  limits: VpnConfigLimits;
  body: unknown;
  /** Enabled region names. */
  regions: readonly string[];
  /** Regions an operator disabled. */
  disabledRegions: ReadonlySet<string>;
  /** Most active VPNs of the owner. */
  quota: number;
  /** The create's time, epoch ms (its id's). */
  createdAtMs: number;
}

/** What the batched creates need. */
export interface CreateBatchOptions {
  db: Database;
  ledger: Pick<LedgerService, 'balanceNano'>;
  /** The vpnIds this service took, by region (store.ts). */
  taken: TakenIds;
  /** Why a region takes no VPN now, or undefined (hosts' placement). */
  regionUnavailable?: (region: string) => string | undefined;
  /** The message of a 401 when the owner's account no longer exists. */
  noAccountMessage: string;
  /** The message of a 400 when the region is disabled. */
  regionDisabledMessage: (region: string) => string;
}

/** Creates batched per owner: `submit(sub, request)` resolves to the new row. */
export type CreateBatcher = GroupCommit<string, CreateRequest, VpnRow>;

/** Makes the per-owner batcher of creates. */
export function createBatcher(options: CreateBatchOptions): CreateBatcher {
  const { db, ledger, taken } = options;
  return new GroupCommit<string, CreateRequest, VpnRow>((sub, requests) =>
    db.transaction(async (tx) => {
      if (!(await lockUser(tx, sub))) {
        return requests.map(() => ({
          ok: false as const,
          error: new HttpError(401, options.noAccountMessage),
        }));
      }
      const balance = fromNano(await ledger.balanceNano(sub, tx));
      let activeVpnCount = await countActive(tx, sub);
      const outcomes: (ItemOutcome<VpnRow> | undefined)[] = [];
      const accepted: { index: number; values: VpnToInsert }[] = [];
      for (const [index, request] of requests.entries()) {
        try {
          accepted.push({ index, values: checked(sub, request, balance, activeVpnCount) });
          activeVpnCount++;
        } catch (error) {
          outcomes[index] = { ok: false, error };
        }
      }
      const rows = await insertVpns(
        tx,
        accepted.map(({ values }) => values),
        taken,
      );
      accepted.forEach(({ index }, at) => (outcomes[index] = { ok: true, value: rows[at] }));
      return outcomes as ItemOutcome<VpnRow>[];
    }),
  );

  /** The row to insert for `request`, or the error of the first rule it breaks. */
  function checked(
    sub: string,
    request: CreateRequest,
    balance: number,
    activeVpnCount: number,
  ): VpnToInsert {
    const valid = validateCreateVpn(request.body as CreateVpnInput, {
      balance,
      limits: request.limits,
      activeVpnCount,
      quota: request.quota,
      regions: request.regions,
    });
    const { maxPeanuts, deleteAfter, type } = valid.config;
    // A region whose VPN hosts are all away (or full) takes no VPN now.
    if (request.disabledRegions.has(valid.region)) {
      throw new HttpError(400, options.regionDisabledMessage(valid.region));
    }
    const unavailable = options.regionUnavailable?.(valid.region);
    if (unavailable !== undefined) throw new HttpError(400, unavailable);
    return {
      userSub: sub,
      region: valid.region,
      type,
      deleteAfter,
      maxPeanutsNano: maxPeanuts === UNLIMITED_PEANUTS ? null : toNano(maxPeanuts),
      createdAtMs: request.createdAtMs,
    };
  }
}
