/**
 * Tasks run one after another per key and side by side across keys: a VPN host runs each VPN's
 * commands in the order they came, and different VPNs' commands at once.
 */
export class KeyedChains {
  private readonly chains = new Map<string, Promise<void>>();

  /**
   * Runs `task` after the tasks of `key` queued before it. Resolves or rejects as `task` does;
   * a failure goes to `onFailure` too and does not stop the tasks queued after it.
   */
  run(key: string, task: () => Promise<void>, onFailure: (error: unknown) => void): Promise<void> {
    const next = (this.chains.get(key) ?? Promise.resolve()).then(task);
    const tail = next.catch(onFailure);
    this.chains.set(key, tail);
    void tail.finally(() => {
      if (this.chains.get(key) === tail) this.chains.delete(key);
    });
    return next;
  }

  /** Resolves once every task queued so far has settled. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.chains.values()]);
  }
}
