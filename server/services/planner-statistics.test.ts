import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/connect.ts';
import { ANALYZE_INTERVAL_MS, startPlannerStatistics } from './planner-statistics.ts';

afterEach(() => vi.useRealTimers());

describe('planner statistics', () => {
  it('runs ANALYZE on PGlite every interval until stopped; never on PostgreSQL', async () => {
    vi.useFakeTimers();
    const execute = vi.fn().mockResolvedValue(undefined);
    const db = { execute } as unknown as Db;
    const stop = startPlannerStatistics(db, true, () => {});
    expect(execute).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ANALYZE_INTERVAL_MS * 2);
    expect(execute).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(ANALYZE_INTERVAL_MS);
    expect(execute).toHaveBeenCalledTimes(2);

    const onPostgres = vi.fn();
    startPlannerStatistics({ execute: onPostgres } as unknown as Db, false, () => {})();
    await vi.advanceTimersByTimeAsync(ANALYZE_INTERVAL_MS);
    expect(onPostgres).not.toHaveBeenCalled();
  });

  it('logs a failure and tries again at the next interval', async () => {
    vi.useFakeTimers();
    const execute = vi.fn().mockRejectedValueOnce(new Error('busy')).mockResolvedValue(undefined);
    const log = vi.fn();
    const stop = startPlannerStatistics({ execute } as unknown as Db, true, log);
    await vi.advanceTimersByTimeAsync(ANALYZE_INTERVAL_MS);
    expect(log).toHaveBeenCalledWith('analyze failed', { error: 'busy' });
    await vi.advanceTimersByTimeAsync(ANALYZE_INTERVAL_MS);
    expect(execute).toHaveBeenCalledTimes(2);
    stop();
  });
});
