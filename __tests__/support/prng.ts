/**
 * A seeded pseudo-random generator (mulberry32) for the chaos tests: the same seed gives the
 * same kills at the same moments' offsets, so a failing run can be replayed.
 * @returns a function answering numbers in [0, 1).
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
