/**
 * The VPN lifecycle (spec §4, DESIGN.md "Server"): durable jobs drive a VPN through
 * Creating -> Created -> Provisioning -> Running and Deprovisioning -> Deleted by calling the
 * provisioner; a metering loop charges Running VPNs and ends them by the rules of spec §4.
 *
 * Every step re-reads the VPN and changes its state by compare-and-set, so a job may run twice
 * (pg-boss retries, a duplicate after a restart, two processes) without harm: the second finds
 * the work done. A restart resumes every VPN: on start, each VPN in Creating, Created,
 * Provisioning or Deprovisioning gets a job again, and a sweep every minute does the same for
 * VPNs that have not moved for a long time (a crashed worker of a fleet).
 *
 * Provisioning errors are retried (pg-boss, with backoff); after `maxProvisionAttempts` failed
 * attempts (or at once for a PermanentProvisionError) the VPN ends in Failed with the reason,
 * and whatever was set up is torn down. A deletion during provisioning cancels the local work at
 * once (elsewhere, the provisioning job notices when its step ends) and tears down.
 *
 * Secrets: keys are generated at Creating -> Created and wiped at Deleted or Failed; nothing
 * here logs a key (log lines carry the vpnId, states and error messages only).
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lt, notInArray } from 'drizzle-orm';
import type { VpnState } from '../../core/vpn';
import type { Database, ExecuteSql } from '../db';
import { safeMessage } from '../logger';
import { vpns, vpnTeardowns, type VpnRow } from '../db/schema';
import type { LedgerService } from '../plugins/services/ledger';
import { PermanentProvisionError, type Provisioner, type ProvisionTarget } from '../provisioners';
import { createJobRunner, type JobRunner, type JobTuning } from './jobs';
import { generateKeyPair, generatePresharedKey } from './keys';
import { meterBatch } from './meterBatch';
import { planMetering, usageKey, type EndReason, type MeterPlan } from './metering';
import {
  findById,
  IN_PROGRESS_STATES,
  lockUser,
  lockVpn,
  PROVISIONING_STATES,
  TERMINAL_STATES,
  transition,
  type Executor,
} from './store';

/** Tuning of the lifecycle (tests shorten it). */
export interface LifecycleTuning extends JobTuning {
  /** Failed provisioning attempts after which a VPN is Failed. */
  maxProvisionAttempts: number;
  /** Milliseconds between two sweeps for stalled VPNs. */
  sweepIntervalMs: number;
  /** A VPN in progress that has not changed for this many milliseconds is resumed by a sweep. */
  stalledAfterMs: number;
}

/** Default lifecycle tuning. */
export const DEFAULT_LIFECYCLE_TUNING: Readonly<Omit<LifecycleTuning, keyof JobTuning>> =
  Object.freeze({
    maxProvisionAttempts: 3,
    sweepIntervalMs: 60_000,
    stalledAfterMs: 15 * 60_000,
  });

/** Options of {@link VpnLifecycle}. */
export interface LifecycleOptions {
  db: Database;
  /** Raw SQL on the same database, for pg-boss. */
  executeSql: ExecuteSql;
  ledger: LedgerService;
  provisioner: Provisioner;
  /** Current time, epoch milliseconds. */
  clock: () => number;
  log: FastifyBaseLogger;
  /** Metering period, milliseconds (`METER_INTERVAL_S`). */
  meterIntervalMs: number;
  tuning?: Partial<LifecycleTuning>;
}

/** Most state changes one job makes (Creating to Deleted is 6); a guard against loops. */
const MAX_STEPS = 12;

/** The message of an error, for logs and the `reason` column (never a stack, never a key). */
function messageOf(error: unknown): string {
  return safeMessage(error).slice(0, 300);
}

/** Aborts local work on a VPN because it is being deleted. */
class CancelledError extends Error {
  constructor() {
    super('cancelled: the VPN is being deleted');
    this.name = 'CancelledError';
  }
}

/** Runs the lifecycle of every VPN (jobs, metering, teardowns) in this process. */
export class VpnLifecycle {
  private readonly jobs: JobRunner;
  private readonly tuning: Omit<LifecycleTuning, keyof JobTuning>;
  private readonly shutdown = new AbortController();
  /** Controllers of the local steps in progress, by vpnId. */
  private readonly running = new Map<string, Set<AbortController>>();
  private meterTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private meterPass: Promise<unknown> = Promise.resolve();
  private teardownPass: Promise<number> | undefined;
  private stopped: Promise<void> | undefined;

  constructor(private readonly options: LifecycleOptions) {
    this.tuning = { ...DEFAULT_LIFECYCLE_TUNING, ...options.tuning };
    this.jobs = createJobRunner({
      executeSql: options.executeSql,
      log: options.log,
      tuning: options.tuning,
      handler: ({ vpnId }) => this.runJob(vpnId),
    });
  }

  private get log(): FastifyBaseLogger {
    return this.options.log;
  }

  private now(): number {
    return this.options.clock();
  }

  /**
   * Lets the provisioner re-adopt the servers of live VPNs and remove the others, then starts
   * the workers, resumes every VPN in progress and starts metering.
   */
  async start(): Promise<void> {
    await this.reconcileServers();
    await this.jobs.start();
    const resumed = await this.recover();
    if (resumed > 0) this.log.info({ resumed }, 'resumed VPNs in progress');
    this.kickTeardowns();
    this.scheduleMeter();
    this.sweepTimer = setInterval(() => {
      void this.recover(this.tuning.stalledAfterMs).catch((error: unknown) =>
        this.log.error({ err: messageOf(error) }, 'sweep for stalled VPNs failed'),
      );
    }, this.tuning.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  /**
   * Stops metering and the workers; local steps in progress are aborted (their jobs are retried
   * by the next start). Idempotent.
   */
  stop(): Promise<void> {
    return (this.stopped ??= (async () => {
      clearTimeout(this.meterTimer);
      clearInterval(this.sweepTimer);
      this.shutdown.abort(new Error('shutting down'));
      await Promise.allSettled([this.meterPass, this.teardownPass]);
      await this.jobs.stop();
    })());
  }

  /**
   * Hands the provisioner the live VPNs (Running or Paused with their keys; the ids of those in
   * progress) to reconcile its servers with (issue 7). A failure is logged: the service still
   * starts, and the jobs retry what they need.
   */
  private async reconcileServers(): Promise<void> {
    const { db, provisioner } = this.options;
    if (!provisioner.reconcile) return;
    try {
      const rows = await db
        .select()
        .from(vpns)
        .where(notInArray(vpns.state, [...TERMINAL_STATES]));
      const serving = (row: VpnRow) => row.state === 'Running' || row.state === 'Paused';
      await provisioner.reconcile({
        running: rows.filter(serving).map(provisionTarget),
        inProgress: rows.filter((row) => !serving(row)).map((row) => row.vpnId),
      });
    } catch (error) {
      this.log.error({ err: messageOf(error) }, 'reconciling the VPN servers failed');
    }
  }

  /** Queues a lifecycle job for `vpnId` (errors are logged: the sweep retries later). */
  async enqueue(vpnId: string): Promise<void> {
    if (this.shutdown.signal.aborted) return;
    try {
      await this.jobs.send(vpnId);
    } catch (error) {
      this.log.error({ vpnId, err: messageOf(error) }, 'could not queue a lifecycle job');
    }
  }

  /** Aborts this process's work in progress on `vpnId` (it is being deleted). */
  cancel(vpnId: string): void {
    for (const controller of this.running.get(vpnId) ?? []) controller.abort(new CancelledError());
  }

  /**
   * Queues a job for every VPN in progress (Creating, Created, Provisioning, Deprovisioning);
   * with `stalledForMs`, only for those unchanged for that long. Returns how many.
   */
  async recover(stalledForMs?: number): Promise<number> {
    const inProgress = inArray(vpns.state, [...IN_PROGRESS_STATES]);
    const rows = await this.options.db
      .select({ vpnId: vpns.vpnId })
      .from(vpns)
      .where(
        stalledForMs === undefined
          ? inProgress
          : and(inProgress, lt(vpns.updatedAt, new Date(this.now() - stalledForMs))),
      );
    for (const { vpnId } of rows) await this.enqueue(vpnId);
    return rows.length;
  }

  // -------------------------------------------------------------------------------------------
  // Jobs

  /** One lifecycle job: advance the VPN; count and judge provisioning failures. */
  private async runJob(vpnId: string): Promise<void> {
    try {
      await this.advance(vpnId);
    } catch (error) {
      if (this.shutdown.signal.aborted) throw error;
      await this.onStepFailed(vpnId, error);
    }
  }

  /**
   * After a failed step: a VPN being provisioned fails for good after `maxProvisionAttempts`
   * attempts (or a permanent error), else the error is thrown again for pg-boss to retry.
   */
  private async onStepFailed(vpnId: string, error: unknown): Promise<void> {
    const row = await findById(this.options.db, vpnId);
    const message = messageOf(error);
    if (!row || !PROVISIONING_STATES.includes(row.state as VpnState)) {
      this.log.warn({ vpnId, state: row?.state, err: message }, 'VPN step failed; will retry');
      throw error;
    }
    const attempts = row.attempts + 1;
    const permanent = error instanceof PermanentProvisionError;
    if (!permanent && attempts < this.tuning.maxProvisionAttempts) {
      await this.options.db.update(vpns).set({ attempts }).where(eq(vpns.vpnId, vpnId));
      this.log.warn({ vpnId, attempts, err: message }, 'VPN provisioning failed; will retry');
      throw error;
    }
    const failed = await transition(
      this.options.db,
      vpnId,
      PROVISIONING_STATES,
      'Failed',
      this.now(),
      { attempts, reason: `Provisioning failed: ${message}` },
    );
    if (!failed) return; // deleted meanwhile: the deletion tears it down
    this.log.warn({ vpnId, attempts, err: message }, 'VPN provisioning failed for good');
    try {
      await this.options.provisioner.deprovision(
        { vpnId, region: row.region, endpoint: row.endpoint },
        { signal: this.shutdown.signal },
      );
    } catch (cleanup) {
      this.log.error({ vpnId, err: messageOf(cleanup) }, 'teardown of a failed VPN failed');
    }
  }

  /**
   * Advances `vpnId` as far as it goes now: to Running (or Failed), or from Deprovisioning to
   * Deleted. Safe to run several times at once. Throws the provisioner's errors.
   */
  async advance(vpnId: string): Promise<void> {
    for (let step = 0; step < MAX_STEPS; step++) {
      this.shutdown.signal.throwIfAborted();
      const row = await findById(this.options.db, vpnId);
      if (!row) return;
      const controller = new AbortController();
      const mine = this.running.get(vpnId) ?? new Set<AbortController>();
      mine.add(controller);
      this.running.set(vpnId, mine);
      try {
        const signal = AbortSignal.any([this.shutdown.signal, controller.signal]);
        if (await this.step(row, signal)) return;
      } catch (error) {
        // Cancelled by a deletion: look at the VPN again (it is Deprovisioning now).
        if (controller.signal.aborted && !this.shutdown.signal.aborted) continue;
        throw error;
      } finally {
        mine.delete(controller);
        if (mine.size === 0) this.running.delete(vpnId);
      }
    }
    throw new Error(`VPN ${vpnId} did not settle in ${MAX_STEPS} steps`);
  }

  /** Does the work of `row`'s state; true when there is nothing more to do now. */
  private async step(row: VpnRow, signal: AbortSignal): Promise<boolean> {
    const { db, provisioner } = this.options;
    const { vpnId, region } = row;
    switch (row.state as VpnState) {
      case 'Creating': {
        await provisioner.prepare({ vpnId, region }, { signal });
        const server = generateKeyPair();
        const client = generateKeyPair();
        await transition(db, vpnId, ['Creating'], 'Created', this.now(), {
          serverPrivateKey: server.privateKey,
          serverPublicKey: server.publicKey,
          clientPrivateKey: client.privateKey,
          clientPublicKey: client.publicKey,
          presharedKey: generatePresharedKey(),
        });
        return false;
      }
      case 'Created':
        await transition(db, vpnId, ['Created'], 'Provisioning', this.now());
        return false;
      case 'Provisioning': {
        const result = await provisioner.provision(provisionTarget(row), { signal });
        const at = new Date(this.now());
        const running = await transition(db, vpnId, ['Provisioning'], 'Running', at.getTime(), {
          endpoint: result.endpoint,
          serverPublicKey: result.serverPublicKey,
          clientAddress: result.clientAddresses.join(', '),
          dns: result.dns.join(', '),
          runningAt: at,
          meteredAt: at,
          meteredIntervals: 0,
          attempts: 0,
        });
        if (running) {
          this.log.info({ vpnId, region }, 'VPN running');
          return true;
        }
        // Deleted (or its owner) meanwhile: undo what this step set up.
        const now = await findById(db, vpnId);
        if (!now || TERMINAL_STATES.includes(now.state as VpnState)) {
          await provisioner.deprovision(
            { vpnId, region, endpoint: result.endpoint },
            { signal: this.shutdown.signal },
          );
          return true;
        }
        return false;
      }
      case 'Deprovisioning':
        await provisioner.deprovision({ vpnId, region, endpoint: row.endpoint }, { signal });
        if (await transition(db, vpnId, ['Deprovisioning'], 'Deleted', this.now())) {
          this.log.info({ vpnId, region, reason: row.reason }, 'VPN deleted');
        }
        return true;
      default:
        return true; // Running, Paused, Failed, Deleted: nothing to do.
    }
  }

  // -------------------------------------------------------------------------------------------
  // Metering

  /**
   * Runs a metering pass every `meterIntervalMs`, start to start (a pass's own duration does not
   * delay the next, so a VPN ends at most one interval plus one pass after its limit), never
   * two at once.
   */
  private scheduleMeter(delayMs = this.options.meterIntervalMs): void {
    if (this.shutdown.signal.aborted) return;
    this.meterTimer = setTimeout(() => {
      const startedAt = Date.now();
      this.meterPass = this.meterAll()
        .catch((error: unknown) =>
          this.log.error({ err: messageOf(error) }, 'metering pass failed'),
        )
        .finally(() =>
          this.scheduleMeter(Math.max(0, this.options.meterIntervalMs - (Date.now() - startedAt))),
        );
      this.kickTeardowns();
    }, delayMs);
    this.meterTimer.unref();
  }

  /**
   * Meters every Running VPN once, as one batch (meterBatch.ts: the same plan as {@link meter}
   * VPN by VPN, written with set-based SQL); enqueues the teardown of those that end and
   * returns how many ended.
   */
  async meterAll(): Promise<number> {
    const { ended } = await meterBatch({
      db: this.options.db,
      provisioner: this.options.provisioner,
      clock: () => this.now(),
      intervalMs: this.options.meterIntervalMs,
      onUsageError: (vpnId, error) =>
        this.log.warn({ vpnId, err: messageOf(error) }, 'could not read VPN usage'),
    });
    for (const { vpnId, reason } of ended) {
      this.log.info({ vpnId, reason }, 'VPN ending');
      try {
        await this.enqueue(vpnId);
      } catch (error) {
        // The sweep for stalled VPNs enqueues it again later.
        this.log.error({ vpnId, err: messageOf(error) }, 'could not enqueue an ended VPN');
      }
    }
    return ended.length;
  }

  /**
   * Charges a Running VPN for its time and traffic since its last charge and ends it
   * (Running -> Deprovisioning) when spec §4 says so or when `endNow` is given (a deletion).
   * One transaction under the owner's lock; the ledger entry is keyed `usage:<vpnId>:<index>`.
   * Returns the plan applied, or undefined when the VPN is not Running.
   */
  async meter(vpnId: string, endNow?: EndReason): Promise<MeterPlan | undefined> {
    const { db, ledger, provisioner } = this.options;
    const before = await findById(db, vpnId);
    if (!before || before.state !== 'Running' || before.runningAt === null) return undefined;
    let usageBytes = before.bytes;
    try {
      ({ bytes: usageBytes } = await provisioner.usage({
        vpnId,
        region: before.region,
        runningAtMs: before.runningAt.getTime(),
      }));
    } catch (error) {
      this.log.warn({ vpnId, err: messageOf(error) }, 'could not read VPN usage');
    }
    const nowMs = this.now();
    const plan = await db.transaction(async (tx) => {
      await lockUser(tx, before.userSub);
      const row = await lockVpn(tx, vpnId);
      if (!row || row.state !== 'Running' || !row.runningAt || !row.meteredAt) return undefined;
      const planned = planMetering({
        nowMs,
        intervalMs: this.options.meterIntervalMs,
        runningAtMs: row.runningAt.getTime(),
        meteredAtMs: row.meteredAt.getTime(),
        meteredIntervals: row.meteredIntervals,
        deleteAfterS: row.deleteAfter,
        chargedBytes: row.bytes,
        usageBytes: Math.max(usageBytes, row.bytes),
        consumedNano: row.consumedNano,
        maxPeanutsNano: row.maxPeanutsNano,
        balanceNano: await ledger.balanceNano(row.userSub, tx),
        endNow,
      });
      await this.applyPlan(tx, row, planned, nowMs);
      return planned;
    });
    if (plan?.end) {
      this.log.info({ vpnId, reason: plan.end.reason }, 'VPN ending');
      await this.enqueue(vpnId);
    }
    return plan;
  }

  /** Writes a metering plan in the transaction `tx` (the VPN row is locked). */
  private async applyPlan(tx: Executor, row: VpnRow, plan: MeterPlan, nowMs: number) {
    const { charge } = plan;
    if (charge && charge.amountNano > 0) {
      const key = usageKey(row.vpnId, charge.index);
      const written = await this.options.ledger.append(
        { userSub: row.userSub, amountNano: -charge.amountNano, kind: 'usage', key },
        tx,
      );
      // Cannot happen while the row and the ledger change together; never charge twice.
      if (!written) this.log.error({ vpnId: row.vpnId, key }, 'usage charge already written');
    }
    const totals = {
      meteredAt: new Date(plan.meteredAtMs),
      meteredIntervals: plan.meteredIntervals,
      bytes: plan.chargedBytes,
      consumedNano: plan.consumedNano,
    };
    if (plan.end) {
      await transition(tx, row.vpnId, ['Running'], 'Deprovisioning', nowMs, {
        ...totals,
        endedAt: new Date(plan.end.atMs),
        reason: plan.end.reason,
      });
    } else {
      await tx.update(vpns).set(totals).where(eq(vpns.vpnId, row.vpnId));
    }
  }

  // -------------------------------------------------------------------------------------------
  // Account deletion

  /**
   * The owner `sub` is being deleted (identity plugin's onUserDeleted, inside its transaction
   * `tx`): every VPN not yet Deleted or Failed is written to the teardown outbox (its row goes
   * with the user's), local work on it is cancelled, and the teardowns run once committed.
   */
  async onUserDeleted(sub: string, tx: Executor): Promise<void> {
    const rows = await tx
      .select({ vpnId: vpns.vpnId, region: vpns.region, endpoint: vpns.endpoint })
      .from(vpns)
      .where(and(eq(vpns.userSub, sub), notInArray(vpns.state, [...TERMINAL_STATES])));
    if (rows.length === 0) return;
    await tx.insert(vpnTeardowns).values(rows).onConflictDoNothing();
    for (const { vpnId } of rows) this.cancel(vpnId);
    // After the deleting transaction commits (the metering loop also runs teardowns).
    setTimeout(() => this.kickTeardowns(), 100).unref();
  }

  /** Starts a teardown pass unless one runs. */
  private kickTeardowns(): void {
    if (this.teardownPass || this.shutdown.signal.aborted) return;
    this.teardownPass = this.processTeardowns()
      .catch((error: unknown) => {
        this.log.error({ err: messageOf(error) }, 'teardown pass failed');
        return 0;
      })
      .finally(() => {
        this.teardownPass = undefined;
      });
  }

  /** Deprovisions the servers of deleted accounts' VPNs; returns how many were torn down. */
  async processTeardowns(): Promise<number> {
    const { db, provisioner } = this.options;
    const rows = await db.select().from(vpnTeardowns).limit(100);
    let done = 0;
    for (const row of rows) {
      if (this.shutdown.signal.aborted) break;
      try {
        await provisioner.deprovision(row, { signal: this.shutdown.signal });
        await db.delete(vpnTeardowns).where(eq(vpnTeardowns.vpnId, row.vpnId));
        this.log.info({ vpnId: row.vpnId }, 'VPN of a deleted account torn down');
        done++;
      } catch (error) {
        this.log.warn({ vpnId: row.vpnId, err: messageOf(error) }, 'teardown failed; will retry');
      }
    }
    return done;
  }
}

/** The provisioner's view of a VPN with keys (from Created on). */
function provisionTarget(row: VpnRow): ProvisionTarget {
  const { serverPrivateKey, serverPublicKey, clientPublicKey, presharedKey } = row;
  if (!serverPrivateKey || !serverPublicKey || !clientPublicKey || !presharedKey) {
    throw new PermanentProvisionError('the VPN has no keys');
  }
  return {
    vpnId: row.vpnId,
    region: row.region,
    serverPrivateKey,
    serverPublicKey,
    clientPublicKey,
    presharedKey,
  };
}
