import { describe, expect, it } from 'vitest';
import { createReloadGuard, UPDATE_RELOAD_GUARD_MS, UPDATE_RELOAD_KEY } from './update-guard.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('update reload guard', () => {
  it('never reloads on a controller change the user did not ask for (first install, another tab)', () => {
    const guard = createReloadGuard(memoryStorage(), () => 1_000_000);
    expect(guard.shouldReload()).toBe(false);
  });

  it('reloads once after the user accepted, and records when', () => {
    const storage = memoryStorage();
    const guard = createReloadGuard(storage, () => 1_000_000);
    guard.accept();
    expect(guard.shouldReload()).toBe(true);
    expect(guard.shouldReload()).toBe(false);
    expect(storage.data.get(UPDATE_RELOAD_KEY)).toBe('1000000');
  });

  it('refuses a second update reload of the tab within the guard time, allows it after', () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const first = createReloadGuard(storage, () => now);
    first.accept();
    expect(first.shouldReload()).toBe(true);

    // The reloaded page: the user accepts again at once (a loop), then much later (a real second update).
    now += UPDATE_RELOAD_GUARD_MS - 1;
    const second = createReloadGuard(storage, () => now);
    second.accept();
    expect(second.shouldReload()).toBe(false);
    now += 2;
    expect(second.shouldReload()).toBe(true);
  });

  it('still reloads once when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    const guard = createReloadGuard(blocked);
    guard.accept();
    expect(guard.shouldReload()).toBe(true);
    expect(guard.shouldReload()).toBe(false);
  });
});
