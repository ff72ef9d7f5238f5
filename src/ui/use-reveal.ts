// Shared by the forms whose answer replaces them (a complaint's "Thank you", a reset link sent, the SMS code step):
// the answer appears where the form began, often above a phone's screen after a tap on the form's last button.
import { useEffect, useRef } from 'react';

/**
 * A ref for the element that shows a form's answer. Each time `shown` turns true, that element is scrolled to the
 * middle of the screen (clear of the sticky top bar) and takes the focus, so a screen reader reads it out. An
 * element that is not focusable by itself needs `tabIndex={-1}`.
 */
export function useReveal<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'center' });
  }, [shown]);
  return ref;
}
