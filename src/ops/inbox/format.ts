// Small formatting helpers of the inbox console section.
import type { InboxReplyRule } from '../../../contract/ops-inbox.ts';

/** A wait in ms as people read it: "45 s", "12 min", "3 h 5 min"; "–" for null. */
export function formatWait(ms: number | null): string {
  if (ms === null) return '–';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** How long ago ISO time `iso` was, from `now`, as formatWait shows it. */
export const waitedSince = (iso: string, now = Date.now()) => formatWait(Math.max(0, now - new Date(iso).getTime()));

/** What a refused reply's rule means, for the operator. */
export const RULE_TEXT: Record<InboxReplyRule, string> = {
  phone: 'a phone number',
  email: 'an e-mail address',
  link: 'a link or web address',
  meeting: 'a proposal to meet',
};
