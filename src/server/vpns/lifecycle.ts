/**
 * The VPN lifecycle (spec §4, docs/architecture.md "Server"): durable jobs drive a VPN through
 * Creating -> Created -> Provisioning -> Running and Deprovisioning -> Deleted by calling the
 * provisioner; a metering loop (meteringLoop.ts) charges Running VPNs and ends them by the rules
 * of spec §4.
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
 * The work of each state is in steps.ts, the teardown outbox of deleted accounts in
 * teardowns.ts. Secrets: keys are generated at Creating -> Created (steps.ts; no server key when
 * the provisioner makes it where the server runs) and wiped at Deleted or Failed; nothing here
 * logs a key (log lines carry the vpnId, states and error messages only).
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lt, notInArray } from 'drizzle-orm';
import type { VpnState } from '../../core/vpn';
import type { ExecuteSql } from '../db';
import { safeMessage } from '../logger';
import { vpns, type VpnRow } from '../db/schema';
import { PermanentProvisionError } from '../provisioners';
import { createJobRunner, type JobRunner, type JobTuning } from './jobs';
import { DEFAULT_LIFECYCLE_TUNING, type LifecycleTuning } from './lifecycleTuning';
import type { EndReason, MeterPlan } from './metering';
import { MeteringLoop, type MeteringLoopOptions } from './meteringLoop';
import { provisionTarget, stepVpn, type StepContext } from './steps';
import { processTeardowns, writeTeardowns } from './teardowns';
import { rowReader, transitionBatcher, type FindFn, type TransitionFn } from './transitionBatch';
import {
  findById,
  IN_PROGRESS_STATES,
  PROVISIONING_STATES,
  TERMINAL_STATES,
  transition,
  type Executor,
} from './store';

/** Options of {@link VpnLifecycle}: the metering loop's (meteringLoop.ts) and the jobs'. */
export interface LifecycleOptions extends Omit<MeteringLoopOptions, 'enqueue' | 'onTick'> {
  /** Raw SQL on the same database, for pg-boss. */
  executeSql: ExecuteSql;
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
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly metering: MeteringLoop;
  /** The steps' state changes and the jobs' first reads, in bulk per turn (transitionBatch.ts). */
  private readonly transitions: TransitionFn;
  private readonly findRow: FindFn;
  private teardownPass: Promise<number> | undefined;
  /** A teardown pass was asked for while one ran: run another after it. */
  private teardownAgain = false;
  private stopped: Promise<void> | undefined;
  /** Stopping: no new job, metering pass or teardown starts; those in progress finish. */
  private draining = false;

  constructor(private readonly options: LifecycleOptions) {
    this.tuning = { ...DEFAULT_LIFECYCLE_TUNING, ...options.tuning };
    this.transitions = transitionBatcher(options.db);
    this.findRow = rowReader(options.db);
    this.jobs = createJobRunner({
      executeSql: options.executeSql,
      log: options.log,
      tuning: options.tuning,
      handler: ({ vpnId }) => this.runJob(vpnId),
    });
    this.metering = new MeteringLoop({
      ...options,
      enqueue: (vpnId) => this.enqueue(vpnId),
      onTick: () => this.runTeardowns(),
    });
  }

  /** What the state steps need (steps.ts). */
  private get stepContext(): StepContext {
    return {
      db: this.options.db,
      provisioner: this.options.provisioner,
      now: () => this.now(),
      log: this.log,
      shutdown: this.shutdown.signal,
      transition: this.transitions,
    };
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
    this.runTeardowns();
    this.metering.start();
    this.sweepTimer = setInterval(() => {
      void this.recover(this.tuning.stalledAfterMs).catch((error: unknown) =>
        this.log.error({ err: messageOf(error) }, 'sweep for stalled VPNs failed'),
      );
    }, this.tuning.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  /**
   * What of the lifecycle is down, by part (`/readyz`): the job queue when its workers do not
   * take jobs, and the provisioner's own link (the NATS broker of the VPN hosts); empty when
   * all runs.
   */
  async problems(): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    if (!this.jobs.running()) found.jobs = 'the job queue is not running';
    const provisioner = await this.options.provisioner.health?.();
    if (provisioner) found.nats = provisioner;
    return found;
  }

  /**
   * Stops gracefully: no new job, metering pass or teardown starts; the jobs, pass
   * and teardown in progress finish, for at most `drainMs` (tuning; then their steps are aborted
   * and their jobs retried by the next start). Jobs sent meanwhile wait in the database.
   * Idempotent.
   */
  stop(drainMs = this.tuning.drainMs): Promise<void> {
    return (this.stopped ??= (async () => {
      const startedAt = Date.now();
      this.draining = true;
      const meterPass = this.metering.stop();
      clearInterval(this.sweepTimer);
      this.jobs.pause();
      if (drainMs <= 0) this.shutdown.abort(new Error('shutting down'));
      const late = setTimeout(() => this.shutdown.abort(new Error('shutting down')), drainMs);
      try {
        await Promise.allSettled([meterPass, this.teardownPass]);
        // A second past the abort, so that aborted jobs end (and are retried) on their own.
        await this.jobs.stop(Math.max(1000, drainMs - (Date.now() - startedAt) + 1000));
      } finally {
        clearTimeout(late);
        this.shutdown.abort(new Error('shutting down'));
      }
    })());
  }

  /**
   * Hands the provisioner the live VPNs (Running or Paused with their keys; the ids of those in
   * progress) to reconcile its servers with. A failure is logged: the service still
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
        running: rows.filter(serving).map((row) => provisionTarget(row, provisioner)),
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
    // At once: the sends of one turn are one insert (jobs.ts).
    await Promise.all(rows.map(({ vpnId }) => this.enqueue(vpnId)));
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
    // The row a step's own change returned (compare-and-set: it is current), else read again.
    let known: VpnRow | undefined;
    for (let step = 0; step < MAX_STEPS; step++) {
      this.shutdown.signal.throwIfAborted();
      const row = known ?? (await this.findRow(vpnId));
      known = undefined;
      if (!row) return;
      const controller = new AbortController();
      const mine = this.running.get(vpnId) ?? new Set<AbortController>();
      mine.add(controller);
      this.running.set(vpnId, mine);
      try {
        const signal = AbortSignal.any([this.shutdown.signal, controller.signal]);
        const outcome = await stepVpn(this.stepContext, row, signal);
        if (outcome === true) return;
        if (outcome !== false) known = outcome;
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

  // -------------------------------------------------------------------------------------------
  // Metering (meteringLoop.ts)

  /** Meters every Running VPN once, as one batch; returns how many ended (meteringLoop.ts). */
  meterAll(): Promise<number> {
    return this.metering.meterAll();
  }

  /**
   * Charges a Running VPN and ends it when spec §4 says so or when `endNow` is given (a
   * deletion); the plan applied, or undefined when it is not Running (meteringLoop.ts).
   */
  meter(vpnId: string, endNow?: EndReason): Promise<MeterPlan | undefined> {
    return this.metering.meter(vpnId, endNow);
  }

  // -------------------------------------------------------------------------------------------
  // Account deletion

  /**
   * The owner `sub` is being deleted (identity plugin's onUserDeleted, inside its transaction
   * `tx`): every VPN not yet Deleted or Failed is written to the teardown outbox (its row goes
   * with the user's) and local work on it is cancelled; once the deletion has committed,
   * {@link runTeardowns} tears the servers down (app.ts: the identity's afterUserDeleted).
   */
  async onUserDeleted(sub: string, tx: Executor): Promise<void> {
    const written = await writeTeardowns(tx, sub);
    for (const vpnId of written) this.cancel(vpnId);
  }

  /**
   * Runs the teardown outbox now (after a deleting transaction committed; the metering loop also
   * runs it at every pass). A pass in progress may have read the outbox before the commit, so a
   * request during a pass runs one more pass after it.
   */
  runTeardowns(): void {
    if (this.draining) return;
    if (this.teardownPass) {
      this.teardownAgain = true;
      return;
    }
    this.teardownAgain = false;
    this.teardownPass = this.processTeardowns()
      .catch((error: unknown) => {
        this.log.error({ err: messageOf(error) }, 'teardown pass failed');
        return 0;
      })
      .finally(() => {
        this.teardownPass = undefined;
        if (this.teardownAgain) this.runTeardowns();
      });
  }

  /** Deprovisions the servers of deleted accounts' VPNs; returns how many were torn down. */
  processTeardowns(): Promise<number> {
    return processTeardowns(
      this.options.db,
      this.options.provisioner,
      { signal: this.shutdown.signal, draining: () => this.draining },
      this.log,
    );
  }
}
