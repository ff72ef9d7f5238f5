// Parts of the page that depend on the device (local storage, push permission, display mode) are not in the
// server's render: they render after hydration, so the hydrating render matches the HTML.
import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Whether the whole page is live: ClientOnly parts that mount from then on render at once. */
let hydrated = false;
/** The switches of the ClientOnly parts that hydrated, waiting for the whole page (markHydrated). */
const waiting = new Set<() => void>();

/**
 * Marks the whole page live: called by src/app/boot.tsx before the first render of a page without server HTML, and
 * once a server-rendered page's screen has hydrated (app-router.tsx Unlock; its Suspense boundary is the innermost
 * one, and boundaries hydrate outer ones first). The ClientOnly parts that hydrated switch on now, and those that
 * mount afterwards render at once.
 */
export function markHydrated(): void {
  hydrated = true;
  for (const show of waiting) show();
  waiting.clear();
}

/**
 * False on the server and during hydration, true once the whole page is live (at once after markHydrated). Parts of
 * an outer boundary wait for the inner ones: a device's part (the offers service, the sync) that changed a store
 * while an inner boundary was still to hydrate would make that boundary differ from the server's HTML. The switch is
 * a transition: the device's parts render in a render of their own that yields to the browser every few
 * milliseconds. (useSyncExternalStore's switch was a synchronous render in the task of hydration's commit: one long
 * task, Lighthouse's total blocking time.)
 */
export function useHydrated(): boolean {
  const [now, setNow] = useState(hydrated);
  useEffect(() => {
    if (now) return;
    const show = () => startTransition(() => setNow(true));
    if (hydrated) {
      show();
      return;
    }
    waiting.add(show);
    return () => {
      waiting.delete(show);
    };
  }, [now]);
  return now;
}

/** Renders `children` only after hydration (see useHydrated): for device-dependent parts of a server-rendered page. */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
