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
 * priority that comes due later (the offer popup after 40 s) takes the screen and hands it back when closed, except
 * from one the member is filling in (`answering`, e.g. a signup under way: choosing a country can make the entry
 * warning due), which keeps it.
 */
export function choosePrompt(wanted: readonly PromptName[], answering: PromptName | null = null): PromptName | null {
  if (answering !== null && wanted.includes(answering)) return answering;
  return PROMPT_ORDER.find((name) => wanted.includes(name)) ?? null;
}

/** The prompts asking to show now (`wanted`, in the order they asked) and the one being filled in (`answering`). */
export const prompts = proxy({ wanted: [] as PromptName[], answering: null as PromptName | null });

/** Asks for `name`'s turn; it shows when choosePrompt gives it. Idempotent. */
export function wantPrompt(name: PromptName): void {
  if (!prompts.wanted.includes(name)) prompts.wanted.push(name);
}

/** `name` was answered, dismissed or left the page: the next prompt gets its turn. Idempotent. */
export function releasePrompt(name: PromptName): void {
  prompts.wanted = prompts.wanted.filter((other) => other !== name);
  if (prompts.answering === name) prompts.answering = null;
}

/**
 * For a prompt component: `wants` is whether its own rules would show it now; returns true when it may (its turn has
 * come). `answering`: the member is filling it in, so while it shows no other prompt takes its place. Its wish is
 * withdrawn when `wants` turns false or the component unmounts.
 */
export function usePromptTurn(name: PromptName, wants: boolean, answering = false): boolean {
  const { wanted, answering: filledIn } = useSnapshot(prompts);
  useEffect(() => {
    if (!wants) return;
    wantPrompt(name);
    return () => releasePrompt(name);
  }, [name, wants]);
  // Counted in from its first render, before its effect has asked: a remounted prompt does not blink.
  const turn = wants && choosePrompt(wanted.includes(name) ? wanted : [...wanted, name], filledIn) === name;
  useEffect(() => {
    if (turn && answering) prompts.answering = name;
    else if (prompts.answering === name) prompts.answering = null;
  }, [name, turn, answering]);
  return turn;
}
