/**
 * Operator actions on an account (docs/operator-console.md "Users"): peanut adjustments, and
 * disabling or enabling the account. Each writes its audit entry in the transaction that makes
 * the change.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { fromNano, toNano } from '../../core/peanuts';
import type { Database } from '../db';
import { idpRefreshTokens, users, vpns } from '../db/schema';
import { HttpError } from '../errors';
import { CognitoPoolError, isExternalUsername, type CognitoPool } from '../identity';
import type { Executor, LedgerService } from '../ledger/service';
import type { VpnService } from '../vpns/service';
import { TERMINAL_STATES } from '../vpns/store';
import { auditByKey, writeAudit } from './audit';
import type { Operator } from './operators';
import type { AdminAuditRow } from '../db/schema';

/** The message of a 404 answer for an unknown account. */
export const NO_SUCH_USER_MESSAGE = 'No such user';

/** The ledger kind of an operator's adjustment (shown on the customer's statement). */
export const ADJUSTMENT_KIND = 'adjustment';

/** The message of a debit refused because it would take the balance below 0. */
export function belowZeroMessage(balanceNano: number): string {
  return `The adjustment would take the balance below 0 (the balance is ${fromNano(balanceNano)} peanuts)`;
}

/** The message of an idempotency key already used for another request. */
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for another request';

/** Locks account `sub`'s row in `tx` (adjustments of one account run one at a time); 404 if none. */
async function lockAccount(
  tx: Executor,
  sub: string,
): Promise<{ disabled: boolean; username: string }> {
  const [row] = await tx
    .select({ disabled: users.disabled, username: users.username })
    .from(users)
    .where(eq(users.sub, sub))
    .for('update');
  if (!row) throw new HttpError(404, NO_SUCH_USER_MESSAGE);
  return row;
}

/** An adjustment made (or found again under its idempotency key). */
export interface Adjustment {
  /** Its audit entry (its id is the statement line's reference). */
  audit: AdminAuditRow;
  /** Balance in nano-peanuts right after it. */
  balanceAfterNano: number;
  /** False when the key named an adjustment made before (nothing written now). */
  created: boolean;
}

/**
 * Credits (positive) or debits (negative) `peanuts` to account `sub` with `reason`, once per
 * `idempotencyKey` of `operator`: a ledger entry of kind `adjustment` keyed by its audit entry.
 * Throws HttpError 404 (no account), 400 (a debit below 0: nothing written), 409 (the key was
 * used for another adjustment).
 */
export async function adjustPeanuts(
  db: Database,
  ledger: LedgerService,
  operator: Operator,
  request: { sub: string; peanuts: number; reason: string; idempotencyKey: string },
): Promise<Adjustment> {
  const amountNano = toNano(request.peanuts);
  const key = `${operator.sub}:${request.idempotencyKey}`;
  return db.transaction(async (tx) => {
    await lockAccount(tx, request.sub);
    const earlier = await auditByKey(tx, key);
    if (earlier) {
      const same =
        earlier.action === 'adjustment' &&
        earlier.targetId === request.sub &&
        (earlier.after as { amount?: number } | null)?.amount === request.peanuts;
      if (!same) throw new HttpError(409, KEY_REUSED_MESSAGE);
      return {
        audit: earlier,
        balanceAfterNano: await ledger.balanceNano(request.sub, tx),
        created: false,
      };
    }
    const balanceNano = await ledger.balanceNano(request.sub, tx);
    if (balanceNano + amountNano < 0) throw new HttpError(400, belowZeroMessage(balanceNano));
    const audit = await writeAudit(tx, operator, {
      action: 'adjustment',
      targetType: 'user',
      targetId: request.sub,
      reason: request.reason,
      before: { balance: fromNano(balanceNano) },
      after: { balance: fromNano(balanceNano + amountNano), amount: request.peanuts },
      idempotencyKey: key,
    });
    await ledger.append(
      { userSub: request.sub, amountNano, kind: ADJUSTMENT_KIND, key: `adjustment:${audit.id}` },
      tx,
    );
    return { audit, balanceAfterNano: balanceNano + amountNano, created: true };
  });
}

/** What disabling or enabling did. */
export interface AccessChange {
  disabled: boolean;
  /** The audit entry; undefined when the account already was so (nothing changed). */
  audit?: AdminAuditRow;
  /** The VPNs ended (disable). */
  endedVpns: string[];
}

/** What else disabling or enabling an account tells. */
export interface AccessChangeEffects {
  /** Called once the change is committed (auth.ts `app.accountAccessChanged`). */
  onChanged?: () => void;
  /** The real Cognito pool (COGNITO_ISSUER), told about its own users' accounts. */
  pool?: CognitoPool;
}

/** The message logged (never answered: a 502) when the Cognito pool refused the change. */
export function poolRefusedMessage(error: CognitoPoolError): string {
  return `${error.message}: the account is changed here; retry to change it in the pool`;
}

/**
 * Disables (`disabled` true) or enables account `sub`. Disabling revokes every sign-in session
 * (embedded tokens are refused within auth.ts SESSION_CHECK_TTL_MS) and, through
 * `effects.onChanged`, this process's kept `disabled` flags (every token of the account is
 * refused at once here, within ACCOUNT_CHECK_TTL_MS elsewhere), then ends its VPNs as a deletion
 * does (charged what they used); sign-in then answers 'User is disabled.'. An account of the real
 * Cognito pool is then disabled or enabled there too (AdminDisableUser / AdminEnableUser), even
 * when it already was so here, so that a retry after the pool failed completes the change.
 * Idempotent: an account already so is left alone. Throws HttpError 404 for no account, and
 * HttpError 502 when the pool refused (everything else done).
 */
export async function setAccountDisabled(
  db: Database,
  vpnService: VpnService,
  operator: Operator,
  request: { sub: string; disabled: boolean; reason: string },
  effects: AccessChangeEffects = {},
): Promise<AccessChange> {
  const { sub, disabled } = request;
  const { audit, username } = await db.transaction(async (tx) => {
    const before = await lockAccount(tx, sub);
    if (before.disabled === disabled) return { audit: undefined, username: before.username };
    await tx.update(users).set({ disabled }).where(eq(users.sub, sub));
    if (disabled) {
      await tx.update(idpRefreshTokens).set({ revoked: true }).where(eq(idpRefreshTokens.sub, sub));
    }
    const entry = await writeAudit(tx, operator, {
      action: disabled ? 'disable' : 'enable',
      targetType: 'user',
      targetId: sub,
      reason: request.reason,
      before: { disabled: before.disabled },
      after: { disabled },
    });
    return { audit: entry, username: before.username };
  });
  if (audit) effects.onChanged?.();
  const endedVpns: string[] = [];
  if (disabled) {
    const live = await db
      .select({ vpnId: vpns.vpnId })
      .from(vpns)
      .where(and(eq(vpns.userSub, sub), notInArray(vpns.state, [...TERMINAL_STATES])))
      .orderBy(sql`${vpns.createdAt}`);
    for (const { vpnId } of live) {
      await vpnService.delete(sub, vpnId);
      endedVpns.push(vpnId);
    }
  }
  if (effects.pool && isExternalUsername(username)) {
    try {
      await effects.pool.setUserEnabled(sub, !disabled);
    } catch (error) {
      if (error instanceof CognitoPoolError) throw new HttpError(502, poolRefusedMessage(error));
      throw error;
    }
  }
  return { disabled, audit, endedVpns };
}
