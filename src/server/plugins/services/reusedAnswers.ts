/**
 * Answers of a per-key check (is this session active? is this account disabled?) reused for a
 * short time, so that an API process asks the database at most once per key and period, and
 * forgotten at once when this process changes what they depend on.
 */

/** Most answers remembered; past this they are all forgotten. */
const MAX_ANSWERS = 100_000;

/** A check whose kept answers can be dropped. */
export interface ReusedAnswers<T> {
  (key: string): Promise<T>;
  /**
   * The kept answer of `key` if there is one and it is still fresh (as the call would return
   * it), without a query or a promise; undefined when the call would have to ask `check`.
   */
  peek(key: string): { readonly value: T } | undefined;
  /** Forgets every kept answer (this process changed what they depend on). */
  forget(): void;
}

/**
 * `check` with each answer reused for `ttlMs` milliseconds from the moment its query started,
 * concurrent checks of one key sharing one query, and a check that was running when `forget()`
 * came not keeping its answer (it may have read the state from before the change).
 */
export function reuseAnswers<T>(
  check: (key: string) => Promise<T>,
  ttlMs: number,
  clock: () => number = Date.now,
): ReusedAnswers<T> {
  const answers = new Map<string, { value: T; startedAtMs: number }>();
  const running = new Map<string, Promise<T>>();
  // Bumped by forget(): a check that started before it does not keep its answer.
  let generation = 0;
  const fresh = (key: string): { value: T; startedAtMs: number } | undefined => {
    const known = answers.get(key);
    return known && clock() - known.startedAtMs < ttlMs ? known : undefined;
  };
  const reused = (key: string): Promise<T> => {
    const known = fresh(key);
    if (known) return Promise.resolve(known.value);
    let answer = running.get(key);
    if (!answer) {
      const startedAtMs = clock();
      const started = generation;
      answer = check(key)
        .then((value) => {
          if (answers.size >= MAX_ANSWERS) answers.clear();
          if (started === generation) answers.set(key, { value, startedAtMs });
          return value;
        })
        .finally(() => {
          if (running.get(key) === answer) running.delete(key);
        });
      running.set(key, answer);
    }
    return answer;
  };
  return Object.assign(reused, {
    peek: fresh,
    forget() {
      generation += 1;
      answers.clear();
      running.clear();
    },
  });
}
