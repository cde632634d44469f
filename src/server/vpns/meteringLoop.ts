/**
 * The metering loop of one process (spec §4): a batched pass over every Running VPN
 * every metering interval (meterBatch.ts), deadline passes between them (deadlineTimer.ts), and
 * the one-VPN path a deletion takes (meterOne.ts). Passes of this process run one after the
 * other, never two at once; the VPNs a pass ends (Running -> Deprovisioning) are handed to the
 * lifecycle's jobs for their teardown. Several processes may meter at once: the owner locks and
 * compare-and-set writes of meterBatch.ts and meterOne.ts keep every charge exact.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import { safeMessage } from '../logger';
import type { LedgerService } from '../ledger/service';
import type { Provisioner } from '../provisioners';
import { DEADLINE_PASS_GAP_MS, DeadlineTimer } from './deadlineTimer';
import { meterBatch, type MeterBatchResult } from './meterBatch';
import { settleEveryIntervals, type EndReason, type MeterPlan } from './metering';
import { meterOne } from './meterOne';
import { recordEvent } from '../metrics/events';

/** What a {@link MeteringLoop} needs. */
export interface MeteringLoopOptions {
  db: Database;
  ledger: LedgerService;
  provisioner: Provisioner;
  /** Current time, epoch milliseconds. */
  clock: () => number;
  log: FastifyBaseLogger;
  /** Metering period, milliseconds (`METER_INTERVAL_S`). */
  meterIntervalMs: number;
  /** Settlement period, milliseconds (`METER_SETTLE_S`; 0: every charge; metering.ts). */
  meterSettleMs: number;
  /** Queues the lifecycle job of a VPN that ended (its teardown); must not reject. */
  enqueue: (vpnId: string) => Promise<void>;
  /** Called at every regular pass's start (the lifecycle runs its teardown outbox then). */
  onTick?: () => void;
  /**
   * Told about every VPN this process ended (a pass or `meter`), once its end is committed
   * (the notices: notices/service.ts); must not throw.
   */
  onEnded?: (vpnId: string, reason: EndReason) => void;
}

/** Meters the Running VPNs of every owner, from this process (see the module comment). */
export class MeteringLoop {
  private timer: NodeJS.Timeout | undefined;
  /** The passes of this process, one after the other (regular and deadline passes). */
  private pass: Promise<unknown> = Promise.resolve();
  private readonly deadlines: DeadlineTimer;
  private stopped = false;

  constructor(private readonly options: MeteringLoopOptions) {
    this.deadlines = new DeadlineTimer({
      run: () => this.queuePass(true).then(() => undefined),
      clock: options.clock,
      minGapMs: Math.min(DEADLINE_PASS_GAP_MS, options.meterIntervalMs),
    });
  }

  /** Metering intervals per settlement (metering.ts "Settling"). */
  private get settleEveryIntervals(): number {
    return settleEveryIntervals(this.options.meterIntervalMs, this.options.meterSettleMs);
  }

  /**
   * Runs a pass every `meterIntervalMs`, start to start (a pass's own duration does not delay
   * the next, so a VPN ends at most one interval plus one pass after its limit), never two at
   * once. Between them, deadline passes end the VPNs whose deadline comes before the next
   * (deadlineTimer.ts), a fraction of a second after it.
   */
  start(delayMs = this.options.meterIntervalMs): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const startedAt = Date.now();
      void this.queuePass(false)
        .then((result) => {
          if (result) this.deadlines.arm(result.upcoming);
        })
        .finally(() =>
          this.start(Math.max(0, this.options.meterIntervalMs - (Date.now() - startedAt))),
        );
      this.options.onTick?.();
    }, delayMs);
    this.timer.unref();
  }

  /** Stops: no pass starts from now on; resolves when the pass in progress has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.deadlines.stop();
    await this.pass;
  }

  /**
   * Meters every Running VPN once, as one batch (meterBatch.ts: the same plan as
   * {@link meter} VPN by VPN, written with set-based SQL), at once, even while another pass
   * runs (as another process's would); enqueues the teardown of those that end and returns how
   * many ended. Throws the pass's error.
   */
  async meterAll(): Promise<number> {
    return (await this.runPass(false)).ended.length;
  }

  /**
   * Runs a pass after the one in progress (a deadline pass with `dueOnly`); resolves to its
   * result, or undefined when it failed (logged).
   */
  private queuePass(dueOnly: boolean): Promise<MeterBatchResult | undefined> {
    const settled = this.pass
      .then(() => this.runPass(dueOnly))
      .catch((error: unknown) => {
        this.options.log.error({ err: safeMessage(error) }, 'metering pass failed');
        return undefined;
      });
    this.pass = settled;
    return settled;
  }

  /** One pass (meterBatch.ts); enqueues the teardown of the VPNs that end. */
  private async runPass(dueOnly: boolean): Promise<MeterBatchResult> {
    const { db, provisioner, clock, meterIntervalMs, log } = this.options;
    const startedAt = performance.now();
    const result = await meterBatch({
      db,
      provisioner,
      clock,
      intervalMs: meterIntervalMs,
      settleEveryIntervals: this.settleEveryIntervals,
      dueOnly,
      onUsageError: (vpnId, error) =>
        log.warn({ vpnId, err: safeMessage(error) }, 'could not read VPN usage'),
    });
    recordEvent('meteringPass', {
      seconds: (performance.now() - startedAt) / 1000,
      vpns: result.metered,
      chargedNano: result.chargedNano,
    });
    for (const { vpnId, reason } of result.ended) await this.ended(vpnId, reason);
    return result;
  }

  /** After a VPN ended (committed): counts and logs it, queues its teardown, tells `onEnded`. */
  private async ended(vpnId: string, reason: EndReason): Promise<void> {
    recordEvent('vpnEnded', { reason });
    this.options.log.info({ vpnId, reason }, 'VPN ending');
    await this.options.enqueue(vpnId);
    this.options.onEnded?.(vpnId, reason);
  }

  /**
   * Charges a Running VPN for its time and traffic since its last charge and ends it
   * (Running -> Deprovisioning) when spec §4 says so or when `endNow` is given (a deletion).
   * One transaction under the owner's lock (meterOne.ts); a settlement's ledger entry is keyed
   * `usage:<vpnId>:<index>`. Returns the plan applied, or undefined when the VPN is not Running.
   */
  async meter(vpnId: string, endNow?: EndReason): Promise<MeterPlan | undefined> {
    const { db, ledger, provisioner, clock, meterIntervalMs, log } = this.options;
    const plan = await meterOne(
      {
        db,
        ledger,
        provisioner,
        now: clock,
        intervalMs: meterIntervalMs,
        settleEveryIntervals: this.settleEveryIntervals,
        log,
      },
      vpnId,
      endNow,
    );
    if (plan?.end) await this.ended(vpnId, plan.end.reason);
    return plan;
  }
}
