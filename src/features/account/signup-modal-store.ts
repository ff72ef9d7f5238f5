// Open state of the signup modal (spec 2: default and empty layouts hold it; any screen may open it).
import { proxy } from 'valtio';

export const signupModal = proxy({
  open: false,
  /** True while the signup call runs: the modal then ignores backdrop clicks and Escape (spec 2). */
  busy: false,
  /** Where the new member goes after signing up (default /members), e.g. the chat of a member landing. */
  next: null as string | null,
});

/** Opens the signup modal, e.g. from a visitor's "Sign up" call to action. */
export function openSignupModal(): void {
  signupModal.next = null;
  signupModal.open = true;
}

/** Opens the signup modal and sends the new member to `next` (a path, e.g. "/members/42/chat") afterwards. */
export function openSignupModalFor(next: string): void {
  signupModal.next = next;
  signupModal.open = true;
}

/** Closes it unless a signup is in progress. */
export function closeSignupModal(): void {
  if (!signupModal.busy) signupModal.open = false;
}
