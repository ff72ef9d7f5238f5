// Spec 2 like modal: with a numeric query `t` (seconds), a profile is shown after t seconds and `t` leaves the URL.
// Only the timer lives in the layout; the modal and its profile call load when it fires (DESIGN: budgets).
import { Suspense, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { lazyPart } from '../../app/lazy-screen.ts';

const LikeModal = lazyPart(() => import('./like-modal.tsx'));

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

/**
 * The address when this module loaded: the layout's hosts load right after the first page's paint, so it is the
 * address the page opened with (a link from an e-mail or an ad). Empty on the server.
 */
const openedWith = typeof location === 'undefined' ? '' : location.href;

/**
 * Milliseconds of the delay already past: the time since the page opened (performance.now()) while the address is still
 * the one it opened with, as the wait for the layout's hosts counts; none after an in-app navigation to an address with
 * `t`.
 */
function sinceOpened(): number {
  return location.href === openedWith ? performance.now() : 0;
}

/**
 * Mounted in the default layout: when the URL carries `t`, shows the like modal once, t seconds after the page opened
 * (spec 2), however long the layout's lazy hosts took to load.
 */
export function LikeModalHost() {
  const search = useSearch();
  const delay = likeModalDelay(search);
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(
      () => {
        setDue(true);
        dropDelayParam();
      },
      Math.max(0, delay - sinceOpened()),
    );
    return () => clearTimeout(timer);
  }, [delay]);

  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <LikeModal onClosed={() => setDue(false)} />
    </Suspense>
  );
}
