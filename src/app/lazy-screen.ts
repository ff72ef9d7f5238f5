// Lazy screens, layouts and parts, loaded so that neither a deploy nor a lost network breaks the page: (1) a preload()
// so the entry can fetch the first route's chunks in parallel with the boot calls; (2) a chunk that fails while the
// server cannot be reached (a first visit that goes offline before the service worker has precached every chunk) is
// loaded again once it can, the part waiting meanwhile; (3) the chunk-reload guard of spec 4/8: a chunk that fails
// while the server answers is gone after a deploy (old chunk names 404), and one full reload fetches the new
// index.html, at most once per 60 s.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PROBE_INTERVAL_MS, serverAnswers } from '../pwa/server-probe.ts';

const RELOAD_KEY = 'chunk-reload-at';
/** Spec 9: chunk reload guard 60 s. */
const RELOAD_GUARD_MS = 60_000;

function lastReload(): number {
  try {
    return Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  } catch {
    return 0;
  }
}

/** Resolves at the browser's next `online` event or after PROBE_INTERVAL_MS, whichever comes first. */
function nextChance(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, PROBE_INTERVAL_MS);
    window.addEventListener('online', done);
  });
}

/**
 * Runs `load`; when it fails, in the browser: while the server cannot be reached, again at each nextChance until it
 * loads (the promise waits, so a lazy part stays suspended instead of breaking the page); when the server answers,
 * reloads the page once per 60 s (never settles then), else rethrows. On the server it rethrows.
 */
function resilient<T>(load: () => Promise<T>): () => Promise<T> {
  const attempt = (): Promise<T> =>
    load().catch(async (error: unknown) => {
      if (typeof window === 'undefined') throw error;
      if (!(await serverAnswers())) {
        await nextChance();
        return attempt();
      }
      if (Date.now() - lastReload() > RELOAD_GUARD_MS) {
        try {
          sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        } catch {
          // Storage blocked: reload anyway; the guard then cannot hold but the reload is still right.
        }
        location.reload();
        return new Promise<never>(() => {});
      }
      throw error;
    });
  return attempt;
}

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the chunk (idempotent) and resolves to its module; React.lazy then renders from the same promise. */
  preload: () => Promise<unknown>;
};

/** React.lazy over a module's default export, plus preload(), loaded as `resilient` says. */
export function lazyScreen<P = object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const run = resilient(load);
  const preload = () =>
    (pending ??= run().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
}

/**
 * React.lazy for a part of a page (a modal, a badge, a headless service), loaded as `resilient` says: offline, the
 * part waits for the network instead of bringing down its screen.
 */
export const lazyPart: typeof lazy = (load) => lazy(resilient(load));
