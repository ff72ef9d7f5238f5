// A small seeded PRNG (mulberry32) with the draws the demo seed needs, so every seed run is reproducible.

/** Deterministic random source; all ranges are inclusive. */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability `p` (0..1). */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** A key of `weights`, chosen with probability proportional to its weight (weights >= 0, not all 0). */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** `k` distinct elements of `items` in random order (all of them when k >= length). */
  sample<T>(items: readonly T[], k: number): T[];
}

/** Creates a PRNG from a 32-bit integer seed. */
export function createRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted(weights) {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      let r = next() * entries.reduce((s, [, w]) => s + w, 0);
      for (const [k, w] of entries) {
        r -= w;
        if (r < 0) return k;
      }
      return entries[entries.length - 1][0];
    },
    sample(items, k) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, Math.max(0, k));
    },
  };
}
