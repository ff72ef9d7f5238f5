// Open state of the signup modal (spec 2: default and empty layouts hold it; any screen may open it).
import { proxy } from 'valtio';

export const signupModal = proxy({
  open: false,
  /** True while the signup call runs: the modal then ignores backdrop clicks and Escape (spec 2). */
  busy: false,
});

/** Opens the signup modal, e.g. from a visitor's "Sign up" call to action. */
export function openSignupModal(): void {
  signupModal.open = true;
}

/** Closes it unless a signup is in progress. */
export function closeSignupModal(): void {
  if (!signupModal.busy) signupModal.open = false;
}
