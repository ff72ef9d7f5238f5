// Open state of the signup modal (spec 2: default and empty layouts hold it; any screen may open it).
import { proxy } from 'valtio';

export const signupModal = proxy({
  open: false,
  /** True while a signup is in progress (a step after the first or something typed): backdrop clicks and Escape then do nothing (spec 2). */
  inProgress: false,
  /** True while the signup call runs: then not even the close button closes it. */
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

/** Tells the store whether a signup is in progress and whether its call runs (SignupForm's onProgressChange). */
export function setSignupProgress(inProgress: boolean, busy: boolean): void {
  signupModal.inProgress = inProgress;
  signupModal.busy = busy;
}

/** Closes it unless the signup call is running (the form state is kept: reopening resumes the same step). */
export function closeSignupModal(): void {
  if (!signupModal.busy) signupModal.open = false;
}
