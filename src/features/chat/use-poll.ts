// Polls the open conversation (every 5 s while the page is visible) until live events replace it.
import { useEffect } from 'react';

/** Calls `tick` every `ms` milliseconds while the document is visible, and at once when it becomes visible again. */
export function usePoll(tick: () => void, ms: number, deps: readonly unknown[]): void {
  useEffect(() => {
    const run = () => { if (document.visibilityState === 'visible') tick(); };
    const timer = setInterval(run, ms);
    document.addEventListener('visibilitychange', run);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', run);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
