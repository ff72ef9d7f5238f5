// One prompt at a time: the overlays that ask the member for something (spec 1, 2, 4 and the install hint) wait
// for their turn here, so a phone's first screens never stack them; the one order among them lives in this file.
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';

/**
 * The prompts, highest priority first: the entry warning (spec 1), the signup modal, the activation reminder (spec 2),
 * the time-bonus or welcome-discount popup (spec 4), the push opt-in alert, the profile photo alert (spec 2) and the
 * iOS install hint. Banners (the offer banner) are not prompts: they stay in the page.
 */
const PROMPT_ORDER = [
  'entry-warning',
  'signup-modal',
  'activation-reminder',
  'offer-popup',
  'push-opt-in',
  'photo-alert',
  'install',
] as const;

export type PromptName = (typeof PROMPT_ORDER)[number];

/**
 * The prompt to show among those that `wanted` ask to: the first of them in PROMPT_ORDER, null when none asks. The
 * others wait: the next one shows once the one before it is answered or dismissed (it leaves `wanted`); one of higher
 * priority that comes due later (the offer popup after 40 s) takes the screen and hands it back when closed. (The entry
 * warning, first of all, never comes due over a form being filled in: it follows the country the visit began with.)
 */
export function choosePrompt(wanted: readonly PromptName[]): PromptName | null {
  return PROMPT_ORDER.find((name) => wanted.includes(name)) ?? null;
}

/** The prompts asking to show now (`wanted`, in the order they asked). */
export const prompts = proxy({ wanted: [] as PromptName[] });

/** Asks for `name`'s turn; it shows when choosePrompt gives it. Idempotent. */
export function wantPrompt(name: PromptName): void {
  if (!prompts.wanted.includes(name)) prompts.wanted.push(name);
}

/** `name` was answered, dismissed or left the page: the next prompt gets its turn. Idempotent. */
export function releasePrompt(name: PromptName): void {
  prompts.wanted = prompts.wanted.filter((other) => other !== name);
}

/**
 * For a prompt component: `wants` is whether its own rules would show it now; returns true when it may (its turn has
 * come). Its wish is withdrawn when `wants` turns false or the component unmounts.
 */
export function usePromptTurn(name: PromptName, wants: boolean): boolean {
  const { wanted } = useSnapshot(prompts);
  useEffect(() => {
    if (!wants) return;
    wantPrompt(name);
    return () => releasePrompt(name);
  }, [name, wants]);
  // Counted in from its first render, before its effect has asked: a remounted prompt does not blink.
  return wants && choosePrompt(wanted.includes(name) ? wanted : [...wanted, name]) === name;
}
