/**
 * Deadline passes (termination lag): between two regular metering passes, runs a
 * `dueOnly` pass (meterBatch.ts) when the deadline of a Running VPN comes, so that a VPN reaches
 * Deprovisioning soon after its deadline instead of up to one metering interval later.
 *
 * The regular pass hands over the deadlines that fall before the next one (`arm`). The timer
 * fires at the earliest; the pass it runs covers every deadline come by its start; passes are at
 * least `minGapMs` apart (start to start), so many close deadlines cost a few small passes.
 */

/** Least time between the starts of two deadline passes, ms (the lifecycle's `minGapMs`). */
export const DEADLINE_PASS_GAP_MS = 500;

/** What a {@link DeadlineTimer} needs. */
export interface DeadlineTimerOptions {
  /** Runs one deadline pass (its errors are the caller's: it must not reject). */
  run: () => Promise<void>;
  /** Now, epoch milliseconds (the clock deadlines are in). */
  clock: () => number;
  /** Least time between the starts of two passes, ms. */
  minGapMs: number;
}

/** Runs deadline passes at the deadlines it is given (see the module comment). */
export class DeadlineTimer {
  private timer: NodeJS.Timeout | undefined;
  /** Deadlines waited for, epoch ms, ascending; those before `next` are done. */
  private pending: number[] = [];
  private next = 0;
  private stopped = false;

  constructor(private readonly options: DeadlineTimerOptions) {}

  /** Waits for `deadlines` (epoch ms, any order) instead of those given before. */
  arm(deadlines: readonly number[], notBeforeMs = 0): void {
    this.pending = [...deadlines].sort((a, b) => a - b);
    this.next = 0;
    this.schedule(notBeforeMs);
  }

  /** Stops: no pass starts from now on (one in progress finishes). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(notBeforeMs: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const first = this.pending[this.next];
    if (this.stopped || first === undefined) return;
    const at = Math.max(first, notBeforeMs);
    this.timer = setTimeout(() => void this.fire(), Math.max(0, at - this.options.clock()));
    this.timer.unref();
  }

  private async fire(): Promise<void> {
    this.timer = undefined;
    const startMs = this.options.clock();
    // The pass starting now covers every deadline come by now.
    while (this.next < this.pending.length && this.pending[this.next] <= startMs) this.next++;
    await this.options.run();
    this.schedule(startMs + this.options.minGapMs);
  }
}
