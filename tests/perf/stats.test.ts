import { describe, expect, it } from 'vitest';
import { percentile, summarize } from './stats.ts';

describe('summarize', () => {
  it('answers median, min, nearest-rank p90 and max', () => {
    expect(summarize([5, 1, 3])).toEqual({ n: 3, median: 3, min: 1, p90: 5, max: 5 });
    const ten = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    expect(summarize(ten)).toMatchObject({ median: 5.5, p90: 9 });
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 90)).toBe(18);
    expect(summarize([]).median).toBeNaN();
  });
});
