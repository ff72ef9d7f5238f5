// Parts of the page that depend on the device (local storage, push permission, display mode) are not in the
// server's render: they render after hydration, so the hydrating render matches the HTML.
import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Whether the whole page is live: ClientOnly parts that mount from then on render at once. */
let hydrated = false;

/**
 * Marks the whole page live: called by src/app/boot.tsx before the first render of a page without server HTML, and
 * once a server-rendered page's screen has hydrated (app-router.tsx Unlock; its Suspense boundary is the innermost
 * one that holds ClientOnly parts, which hydrate boundary by boundary, outer ones first). ClientOnly parts that mount
 * afterwards render at once; one that hydrates must not, or its first render would differ from the server's HTML.
 */
export function markHydrated(): void {
  hydrated = true;
}

/**
 * False on the server and during hydration, true from an effect after it (and at once after markHydrated). The
 * switch is a transition: the device's parts render in a render of their own that yields to the browser every few
 * milliseconds. (useSyncExternalStore's switch was a synchronous render in the task of hydration's commit: one long
 * task, Lighthouse's total blocking time.)
 */
export function useHydrated(): boolean {
  const [now, setNow] = useState(hydrated);
  useEffect(() => {
    if (now) return;
    startTransition(() => setNow(true));
  }, [now]);
  return now;
}

/** Renders `children` only after hydration (see useHydrated): for device-dependent parts of a server-rendered page. */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
