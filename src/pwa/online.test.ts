import { afterEach, describe, expect, it, vi } from 'vitest';
import { network, reportReachable } from './online.ts';
import { PROBE_INTERVAL_MS } from './server-probe.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reportReachable', () => {
  it('marks the app offline after a failed call and probes until the server answers', async () => {
    vi.useFakeTimers();
    let up = false;
    const fetchStub = vi.fn(() => (up ? Promise.resolve(new Response(null)) : Promise.reject(new TypeError('Failed to fetch'))));
    vi.stubGlobal('fetch', fetchStub);
    reportReachable(false);
    expect(network.online).toBe(false);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(network.online).toBe(false);
    up = true;
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(network.online).toBe(true);
    // Back online, the probe stops.
    await vi.advanceTimersByTimeAsync(3 * PROBE_INTERVAL_MS);
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('marks the app online again at any answer of a call, and probes once however many calls fail', async () => {
    vi.useFakeTimers();
    const fetchStub = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchStub);
    reportReachable(false);
    reportReachable(false);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    reportReachable(true);
    expect(network.online).toBe(true);
    await vi.advanceTimersByTimeAsync(2 * PROBE_INTERVAL_MS);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});
