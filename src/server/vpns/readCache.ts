/**
 * A cache of VPN reads per owner: the answers of `list` and `get` are kept in memory
 * until the database says the owner's VPNs changed. Every change of `vpns` notifies channel
 * {@link VPN_CHANGES_CHANNEL} after commit with the owners concerned (migration 0007's trigger),
 * so every server process on one database drops what changed; this process also drops an
 * owner's entries itself right after its own changes (read-your-writes without waiting for the
 * notification).
 *
 * Correctness under races: a load records the owner's generation when it starts and its result
 * is kept only if no change of that owner (or of everyone) was announced meanwhile, so a read
 * that began before a commit can never be cached after it. While not listening (before start,
 * after a lost connection until it is back) nothing is cached. Entries also expire after
 * {@link VPN_CACHE_TTL_MS} whatever happens.
 */

/** The channel of VPN change notifications (payload: comma-separated owner subs, or `*`). */
export const VPN_CHANGES_CHANNEL = 'peanut_vpns';
/** Longest life of a cached answer, milliseconds (a bound if a notification were ever lost). */
export const VPN_CACHE_TTL_MS = 30_000;
/** Most cached answers in all; past this the cache is emptied. */
export const VPN_CACHE_MAX_ENTRIES = 50_000;

/** One cached answer. */
interface Entry {
  value: unknown;
  expiresAtMs: number;
}

/** The cached answers of one owner. */
interface OwnerEntries {
  /** Unique among all owner entries ever made here (a changed owner gets a new one). */
  generation: number;
  answers: Map<string, Entry>;
}

/** Per-owner cache of VPN reads, invalidated by database notifications. */
export class VpnReadCache {
  private readonly owners = new Map<string, OwnerEntries>();
  /** Loads running now, by owner and key, with the generations they started at. */
  private readonly pending = new Map<string, { stamp: string; promise: Promise<unknown> }>();
  /** Bumped by every change announced for everyone (and every reset). */
  private globalGeneration = 0;
  /** Last owner generation given out. */
  private ownerGenerations = 0;
  private entries = 0;
  private active = false;

  /** Creates a cache; `clock` gives epoch milliseconds. */
  constructor(private readonly clock: () => number = Date.now) {}

  /** Starts caching (call once notifications are being received). */
  enable(): void {
    this.active = true;
  }

  /** Stops caching and forgets everything (notifications may be missed from now on). */
  disable(): void {
    this.active = false;
    this.reset();
  }

  /** Forgets every answer (everything may have changed). */
  reset(): void {
    this.globalGeneration++;
    this.owners.clear();
    this.pending.clear();
    this.entries = 0;
  }

  /** Forgets the answers of `sub`. */
  invalidate(sub: string): void {
    const owner = this.owners.get(sub);
    if (!owner) return;
    // Loads under way hold the old entry: they will not store into the new one.
    this.owners.delete(sub);
    this.entries -= owner.answers.size;
  }

  /** Applies a notification payload: comma-separated subs, or `*` for everyone. */
  onNotify(payload: string): void {
    if (payload === '*' || payload === '') {
      this.reset();
      return;
    }
    for (const sub of payload.split(',')) this.invalidate(sub);
  }

  /**
   * The cached answer `key` of owner `sub` if there is one and it has not expired (what `get`
   * would return without loading), else undefined: no load, no promise. Undefined also while
   * not caching, and for a cached `undefined`.
   */
  peek<T>(sub: string, key: string): T | undefined {
    if (!this.active) return undefined;
    const hit = this.owners.get(sub)?.answers.get(key);
    return hit && hit.expiresAtMs > this.clock() ? (hit.value as T) : undefined;
  }

  /**
   * The answer `key` of owner `sub`: cached, or loaded by `load` (concurrent identical reads
   * share one load) and cached when nothing of `sub` changed while it ran.
   */
  async get<T>(sub: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.active) return load();
    let owner = this.owners.get(sub);
    if (!owner) {
      owner = { generation: ++this.ownerGenerations, answers: new Map() };
      this.owners.set(sub, owner);
    }
    const now = this.clock();
    const hit = owner.answers.get(key);
    if (hit && hit.expiresAtMs > now) return hit.value as T;

    const stamp = `${this.globalGeneration}:${owner.generation}`;
    const pendingKey = `${sub}\n${key}`;
    const running = this.pending.get(pendingKey);
    if (running && running.stamp === stamp) return running.promise as Promise<T>;

    const globalAtStart = this.globalGeneration;
    const promise = load();
    this.pending.set(pendingKey, { stamp, promise });
    try {
      const value = await promise;
      const current = this.owners.get(sub);
      if (this.active && current === owner && this.globalGeneration === globalAtStart) {
        if (this.entries >= VPN_CACHE_MAX_ENTRIES) this.reset();
        else {
          if (!owner.answers.has(key)) this.entries++;
          owner.answers.set(key, { value, expiresAtMs: now + VPN_CACHE_TTL_MS });
        }
      }
      return value;
    } finally {
      if (this.pending.get(pendingKey)?.promise === promise) this.pending.delete(pendingKey);
    }
  }
}
