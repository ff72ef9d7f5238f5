// The "Did you mean ...?" of the signup form and the e-mail change form: it must also show when the address is sent
// with a tap on Next (the blur and the submit come together, so the blur's suggestion alone is never seen).
import { useRef, useState } from 'react';
import { suggestEmail } from './email-suggest.ts';

/**
 * Spec 5's typo suggestion for an e-mail field. `suggestion` is the corrected address on show, or null.
 * `onBlur(email)` shows it as the field is left; `holds(email)` is asked on Next or Send and answers true (and shows
 * the suggestion) when the address has a likely typo not yet held for, so the first tap stops and a second goes on.
 * `clear()` hides it (on typing, or once the suggestion was taken).
 */
export function useEmailSuggestion() {
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const heldFor = useRef<string | null>(null);
  const holds = (email: string): boolean => {
    const found = suggestEmail(email);
    setSuggestion(found);
    if (!found || heldFor.current === email.trim()) return false;
    heldFor.current = email.trim();
    return true;
  };
  return {
    suggestion,
    onBlur: (email: string) => setSuggestion(suggestEmail(email)),
    holds,
    clear: () => setSuggestion(null),
  };
}
