// The signup form state of spec 3 (email, name, password, date_of_birth, signup_message) and the current step, kept
// so that a reload in the middle of the signup steps resumes where the visitor was. Everything but the
// password goes to localStorage; the password only to sessionStorage (this tab, gone when it closes), never to
// localStorage. Both are cleared after a successful signup.
import { z } from 'zod';
import { Country, Gender } from '../../../contract/index.ts';
import { SIGNUP_STEPS, type SignupValues } from './signup-rules.ts';

const KEY = 'signup-draft';
const PASSWORD_KEY = 'signup-draft-password';
/** A draft older than this is dropped (7 days, in ms): a shared computer should not keep it forever. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** What is stored in localStorage: the values without the password, the step, when it was saved (ms since epoch). */
const StoredDraft = z.object({
  step: z
    .number()
    .int()
    .min(0)
    .max(SIGNUP_STEPS.length - 1),
  saved_at: z.number(),
  values: z.object({
    email: z.string().max(254),
    name: z.string().max(30),
    date_of_birth: z.string().max(10),
    gender: Gender,
    lookingFor: z.enum(['men', 'women', 'both']),
    country: z.union([Country, z.literal('')]),
    signup_message: z.string().max(500),
  }),
});

/** A signup in progress: the form's values and the step (0-4) the visitor was on. */
export interface SignupDraft {
  step: number;
  values: SignupValues;
}

/** The saved draft, or null when there is none, it is older than 7 days, malformed, or storage is blocked. */
export function loadSignupDraft(now = Date.now()): SignupDraft | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = StoredDraft.safeParse(JSON.parse(raw));
    if (!parsed.success || now - parsed.data.saved_at > MAX_AGE_MS) {
      clearSignupDraft();
      return null;
    }
    const password = sessionStorage.getItem(PASSWORD_KEY) ?? '';
    return { step: parsed.data.step, values: { ...parsed.data.values, password: password.slice(0, 200) } };
  } catch {
    return null;
  }
}

/** Saves `draft` (the password to sessionStorage only). Storage errors are ignored: the form still works. */
export function saveSignupDraft(draft: SignupDraft, now = Date.now()): void {
  const { password, ...values } = draft.values;
  try {
    localStorage.setItem(KEY, JSON.stringify({ step: draft.step, saved_at: now, values }));
    if (password) sessionStorage.setItem(PASSWORD_KEY, password);
    else sessionStorage.removeItem(PASSWORD_KEY);
  } catch {
    // Storage full or blocked: the draft is simply not kept.
  }
}

/** Forgets the draft (after a successful signup). */
export function clearSignupDraft(): void {
  try {
    localStorage.removeItem(KEY);
    sessionStorage.removeItem(PASSWORD_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
