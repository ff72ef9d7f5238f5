import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIDDEN_CLOSE_MS, liveChannel, openLiveChannel, REOPEN_MIN_MS } from './live.ts';

/** A stand-in for the browser's EventSource: the test plays the server through `emit` and `fail`. */
class FakeEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.all.push(this);
  }
  emit(type: string, cursor: number | string) {
    this.readyState = FakeEventSource.OPEN;
    const data = typeof cursor === 'number' ? JSON.stringify({ cursor }) : cursor;
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId: typeof cursor === 'number' ? String(cursor) : '' }));
  }
  /** A dropped stream: `gaveUp` as after a non-200 answer (CLOSED), else the browser reconnects (CONNECTING). */
  fail(gaveUp = false) {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const latest = () => FakeEventSource.all.at(-1)!;
let doc: EventTarget & { visibilityState: string };

function setVisibility(state: 'visible' | 'hidden') {
  doc.visibilityState = state;
  doc.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('openLiveChannel', () => {
  it('calls onChanged per changed event, says open after ready, and closes the stream when stopped', () => {
    const onChanged = vi.fn();
    const stop = openLiveChannel(onChanged);
    expect(latest().url).toBe('/api/events.php');
    expect(liveChannel.open).toBe(false);
    latest().emit('ready', 4);
    expect(liveChannel.open).toBe(true);
    expect(onChanged).not.toHaveBeenCalled();
    latest().emit('changed', 5);
    latest().emit('changed', 'not json');
    expect(onChanged).toHaveBeenCalledTimes(1);
    stop();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    expect(liveChannel.open).toBe(false);
  });

  it('after an error, the next ready calls onChanged once (events may have been missed)', () => {
    const onChanged = vi.fn();
    const stop = openLiveChannel(onChanged);
    latest().emit('ready', 4);
    latest().fail();
    expect(liveChannel.open).toBe(false);
    expect(FakeEventSource.all).toHaveLength(1); // the browser reconnects by itself
    latest().emit('ready', 6);
    expect(onChanged).toHaveBeenCalledTimes(1);
    latest().emit('ready', 6);
    expect(onChanged).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a reconnect event (a draining server): not open until the next ready, which calls onChanged once', () => {
    const onChanged = vi.fn();
    const stop = openLiveChannel(onChanged);
    latest().emit('ready', 4);
    latest().emit('reconnect', 4);
    expect(liveChannel.open).toBe(false);
    latest().fail();
    expect(FakeEventSource.all).toHaveLength(1); // the browser reconnects by itself, after the server's retry hint
    latest().emit('ready', 7);
    expect(liveChannel.open).toBe(true);
    expect(onChanged).toHaveBeenCalledTimes(1);
    stop();
  });

  it('when the browser gives up, opens a new stream later that names the last event id', () => {
    const stop = openLiveChannel(vi.fn());
    latest().emit('ready', 4);
    latest().emit('changed', 9);
    latest().fail(true);
    vi.advanceTimersByTime(REOPEN_MIN_MS - 1);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(latest().url).toBe('/api/events.php?last_event_id=9');
    // Failing again backs off (twice the delay).
    latest().fail(true);
    vi.advanceTimersByTime(REOPEN_MIN_MS);
    expect(FakeEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(REOPEN_MIN_MS);
    expect(FakeEventSource.all).toHaveLength(3);
    stop();
  });

  it('closes after the page was hidden for long and reopens when it is visible again', () => {
    const stop = openLiveChannel(vi.fn());
    latest().emit('ready', 4);
    setVisibility('hidden');
    vi.advanceTimersByTime(HIDDEN_CLOSE_MS - 1);
    expect(latest().readyState).toBe(FakeEventSource.OPEN);
    setVisibility('visible');
    setVisibility('hidden');
    vi.advanceTimersByTime(HIDDEN_CLOSE_MS);
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    expect(liveChannel.open).toBe(false);
    setVisibility('visible');
    expect(FakeEventSource.all).toHaveLength(2);
    expect(latest().url).toBe('/api/events.php?last_event_id=4');
    stop();
    setVisibility('hidden');
    setVisibility('visible');
    expect(FakeEventSource.all).toHaveLength(2);
  });
});
