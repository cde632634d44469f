/**
 * Abortable waiting, shared by the SDK's waits (its real clock) and the server (the simulated
 * provisioner's steps, the latency plugin).
 */

/** Options of {@link sleep}. */
export interface SleepOptions {
  /**
   * Let the process exit while the timer is pending (Node's `unref`; no effect in a browser).
   * Default false: a CLI waiting between polls must stay alive.
   */
  unref?: boolean;
}

/**
 * Resolves after `ms` milliseconds; rejects with the signal's reason as soon as `signal` aborts
 * (at once when it already has).
 */
export function sleep(ms: number, signal?: AbortSignal, options: SleepOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (options.unref) timer.unref?.();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
