// Toasts sit above the bars fixed at the window's bottom (the offer banner, the PWA dock's cards, the chat's composer),
// whose controls they would otherwise cover. Such bars carry the data-bottom-bar attribute; this measures them.
import { useEffect, useState } from 'react';

/** Marks an element at the bottom of the window that toasts must stay above (`<div data-bottom-bar>`). */
const BOTTOM_BAR_SELECTOR = '[data-bottom-bar]';

/**
 * Distance in CSS px from the window's bottom edge up to the top of the highest visible bottom bar (those whose top is
 * in the window's lower half); 0 when none shows.
 */
function bottomBarsHeight(): number {
  const height = window.innerHeight;
  let top = height;
  for (const bar of document.querySelectorAll(BOTTOM_BAR_SELECTOR)) {
    const rect = bar.getBoundingClientRect();
    if (rect.height > 0 && rect.top > height / 2) top = Math.min(top, rect.top);
  }
  return Math.ceil(height - top);
}

/**
 * bottomBarsHeight(), kept current while `active` (bars come and go, grow with a typed message, the window resizes);
 * 0 while inactive, when nothing is watched.
 */
export function useBottomBarsHeight(active: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!active) {
      setHeight(0);
      return;
    }
    let frame = 0;
    const sizes = new ResizeObserver(() => schedule());
    const measure = () => {
      frame = 0;
      sizes.disconnect();
      for (const bar of document.querySelectorAll(BOTTOM_BAR_SELECTOR)) sizes.observe(bar);
      setHeight(bottomBarsHeight());
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const tree = new MutationObserver(schedule);
    tree.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    measure();
    return () => {
      cancelAnimationFrame(frame);
      tree.disconnect();
      sizes.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, [active]);
  return height;
}
