import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doneProgress, progress, PROGRESS, startProgress } from './progress.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('the navigation progress bar (spec 9: 5 s, 200 ms throttle, 500 ms hide delay)', () => {
  it('never shows for a load quicker than the throttle', () => {
    startProgress();
    vi.advanceTimersByTime(PROGRESS.throttleMs - 1);
    doneProgress();
    vi.advanceTimersByTime(1000);
    expect(progress.visible).toBe(false);
  });

  it('shows after 200 ms, creeps to 90 % by 5 s, fills at the end and hides 500 ms later', () => {
    startProgress();
    vi.advanceTimersByTime(PROGRESS.throttleMs);
    expect(progress.visible).toBe(true);
    vi.advanceTimersByTime(2500);
    expect(progress.value).toBeGreaterThan(0.4);
    expect(progress.value).toBeLessThan(0.6);
    vi.advanceTimersByTime(10_000);
    expect(progress.value).toBe(0.9);
    doneProgress();
    expect(progress.value).toBe(1);
    vi.advanceTimersByTime(PROGRESS.hideDelayMs - 1);
    expect(progress.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(progress.visible).toBe(false);
  });

  it('waits for every load that overlaps', () => {
    startProgress();
    startProgress();
    vi.advanceTimersByTime(300);
    doneProgress();
    expect(progress.value).toBeLessThan(1);
    doneProgress();
    expect(progress.value).toBe(1);
  });
});
