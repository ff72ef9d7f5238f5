// Parts of the page that depend on the device (local storage, push permission, display mode) are not in the
// server's render: they render from the first commit after hydration, so the hydrating render matches the HTML.
import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true afterwards (and at once in a page that was not server-rendered):
 * React renders with the server snapshot while hydrating, then again with the client one.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/** Renders `children` only after hydration (see useHydrated): for device-dependent parts of a server-rendered page. */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
