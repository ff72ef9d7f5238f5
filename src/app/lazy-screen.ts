// Lazy screens and layouts with (1) a preload() so the entry can fetch the first route's chunks in
// parallel with the boot calls, and (2) the chunk-reload guard of spec 4/8: after a deploy, old chunk
// names 404; one full reload fetches the new index.html, at most once per 60 s.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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

/** Runs `load`; on failure reloads the page once per 60 s, else rethrows. */
function guarded<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
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
}

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the chunk (idempotent) and resolves to its module; React.lazy then renders from the same promise. */
  preload: () => Promise<unknown>;
};

/** React.lazy over a module's default export, plus preload() and the reload guard. */
export function lazyScreen<P = object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const run = guarded(load);
  const preload = () =>
    (pending ??= run().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
}
