/**
 * Group commit per key (vpns/createBatch.ts): work items of one key (an owner) that arrive while a
 * batch of that key runs wait, and run together as the next batch, in one call of `run` (one
 * transaction under the owner's lock instead of one each, every one of them waiting for the
 * lock). The first item of an idle key waits for the end of the current turn of the event loop
 * only, so that items arriving in the same turn share its batch. Batches of different keys run
 * at once; at most one batch of a key runs at a time in this process.
 */

/** What one item of a batch came to: its value, or the error its caller gets. */
export type ItemOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** Runs the items of one key together; one outcome per item, in their order. */
export type BatchRun<K, T, R> = (key: K, items: readonly T[]) => Promise<ItemOutcome<R>[]>;

interface Waiting<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/** Items run in batches per key (see the module's comment). */
export class GroupCommit<K, T, R> {
  private readonly waiting = new Map<K, Waiting<T, R>[]>();
  /** Keys with a batch running or about to run. */
  private readonly busy = new Set<K>();

  /**
   * @param run the batch's work; when it throws, every item of the batch gets its error.
   * @param maxBatch most items in one batch (the rest wait for the next).
   */
  constructor(
    private readonly run: BatchRun<K, T, R>,
    private readonly maxBatch = 100,
  ) {}

  /** Runs `item` in the next batch of `key`; resolves to its value or rejects with its error. */
  submit(key: K, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push({ item, resolve, reject });
      else this.waiting.set(key, [{ item, resolve, reject }]);
      if (!this.busy.has(key)) {
        this.busy.add(key);
        setImmediate(() => void this.next(key));
      }
    });
  }

  /** Runs the next batch of `key`, then the one after while items wait. */
  private async next(key: K): Promise<void> {
    const queue = this.waiting.get(key) ?? [];
    const batch = queue.splice(0, this.maxBatch);
    if (queue.length === 0) this.waiting.delete(key);
    if (batch.length === 0) {
      this.busy.delete(key);
      return;
    }
    try {
      const outcomes = await this.run(
        key,
        batch.map((entry) => entry.item),
      );
      batch.forEach((entry, index) => {
        const outcome = outcomes[index];
        if (!outcome) entry.reject(new Error('no outcome for a batched item'));
        else if (outcome.ok) entry.resolve(outcome.value);
        else entry.reject(outcome.error);
      });
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
    void this.next(key);
  }
}
