/**
 * The teardown outbox of deleted accounts (lifecycle.ts): when an owner is deleted, every VPN of
 * theirs not yet Deleted or Failed is written to `vpn_teardowns` in the deleting transaction
 * (its row goes with the user's); a pass then deprovisions each server and removes its row, and
 * a failed teardown stays for the next pass.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../db';
import { vpns, vpnTeardowns } from '../db/schema';
import { safeMessage } from '../logger';
import type { Provisioner } from '../provisioners';
import { TERMINAL_STATES, type Executor } from './store';

/**
 * Writes the teardown of every live VPN of owner `sub` in the transaction `tx`; returns their ids
 * (none: nothing written).
 */
export async function writeTeardowns(tx: Executor, sub: string): Promise<string[]> {
  const rows = await tx
    .select({ vpnId: vpns.vpnId, region: vpns.region, endpoint: vpns.endpoint })
    .from(vpns)
    .where(and(eq(vpns.userSub, sub), notInArray(vpns.state, [...TERMINAL_STATES])));
  if (rows.length === 0) return [];
  await tx.insert(vpnTeardowns).values(rows).onConflictDoNothing();
  return rows.map((row) => row.vpnId);
}

/** When a teardown pass stops: `draining()` starts no further teardown, `signal` aborts one. */
export interface TeardownStops {
  /** Aborts a teardown in progress (a shutdown that waited long enough). */
  signal: AbortSignal;
  /** True once the process is shutting down: the one in progress finishes, no next one. */
  draining: () => boolean;
}

/**
 * Deprovisions up to 100 servers of the outbox (stopping early as `stops` says); returns how many
 * were torn down. Failures are logged and left for the next pass.
 */
export async function processTeardowns(
  db: Database,
  provisioner: Pick<Provisioner, 'deprovision'>,
  stops: TeardownStops,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<number> {
  const { signal } = stops;
  const rows = await db.select().from(vpnTeardowns).limit(100);
  let done = 0;
  for (const row of rows) {
    if (signal.aborted || stops.draining()) break;
    try {
      await provisioner.deprovision(row, { signal });
      await db.delete(vpnTeardowns).where(eq(vpnTeardowns.vpnId, row.vpnId));
      log.info({ vpnId: row.vpnId }, 'VPN of a deleted account torn down');
      done++;
    } catch (error) {
      log.warn(
        { vpnId: row.vpnId, err: safeMessage(error).slice(0, 300) },
        'teardown failed; will retry',
      );
    }
  }
  return done;
}
