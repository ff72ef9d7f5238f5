// Spec 2 like modal: with a numeric query `t` (seconds), a profile is shown after t seconds and `t` leaves the URL.
// Only the timer lives in the layout; the modal and its profile call load when it fires (DESIGN: budgets).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearch } from 'wouter';

const LikeModal = lazy(() => import('./like-modal.tsx'));

/** The longest delay honoured, in seconds (a day); a larger `t` is ignored like a non-numeric one. */
const LIKE_MODAL_MAX_DELAY_S = 86_400;

/** The delay in ms that query string `search` asks for with `t`, or null when `t` is absent or not a number of seconds. */
export function likeModalDelay(search: string): number | null {
  const t = new URLSearchParams(search).get('t');
  if (t === null || !/^\d+(\.\d+)?$/.test(t)) return null;
  const s = Number(t);
  return s <= LIKE_MODAL_MAX_DELAY_S ? s * 1000 : null;
}

/** Removes `t` from the address bar (history.replaceState), keeping the path, the other parameters and the hash. */
function dropDelayParam(): void {
  const url = new URL(location.href);
  url.searchParams.delete('t');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** Mounted in the default layout: starts the timer when the URL carries `t`, then shows the like modal once. */
export function LikeModalHost() {
  const search = useSearch();
  const delay = likeModalDelay(search);
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => {
      setDue(true);
      dropDelayParam();
    }, delay);
    return () => clearTimeout(timer);
  }, [delay]);

  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <LikeModal onClosed={() => setDue(false)} />
    </Suspense>
  );
}
