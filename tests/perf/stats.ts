// Small statistics for the benchmarks: median, min, p90 (nearest rank) of samples in ms.

export interface Summary {
  n: number;
  median: number;
  min: number;
  p90: number;
  max: number;
}

/** Nearest-rank percentile (0 < p <= 100) of ascending `sorted`. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Median (mean of the middle two for an even count), min, p90 and max of `samples`. */
export function summarize(samples: number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const n = s.length;
  if (!n) return { n, median: NaN, min: NaN, p90: NaN, max: NaN };
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  return { n, median, min: s[0], p90: percentile(s, 90), max: s[n - 1] };
}

/** "1.23 ms" with 2 decimals below 10 ms, 1 above. */
export const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
