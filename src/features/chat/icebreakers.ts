// Opening lines for an empty conversation (spec 2: icebreaker modal), drawn from the other member's interests. Pure,
// so the choice of lines is tested without a page; the texts are i18n keys under discovery:icebreaker.lines.
import type { Interest } from '../../../contract/index.ts';

/** Interest lines offered at most (one template each, in turn), before the general lines. */
const ICEBREAKER_INTEREST_LINES = 3;

/** One opening line: its i18n key (discovery namespace) and the interest it names, if any. */
export interface IcebreakerLine {
  key: string;
  interest?: Interest;
}

const templates = ['icebreaker.lines.interest1', 'icebreaker.lines.interest2', 'icebreaker.lines.interest3'];

/**
 * The lines for a member with `interests` (their profile's order): one per interest for the first
 * ICEBREAKER_INTEREST_LINES interests, each with the next template, then the two general lines.
 */
export function icebreakerLines(interests: readonly Interest[]): IcebreakerLine[] {
  const own = interests
    .slice(0, ICEBREAKER_INTEREST_LINES)
    .map((interest, i) => ({ key: templates[i % templates.length], interest }));
  return [...own, { key: 'icebreaker.lines.general1' }, { key: 'icebreaker.lines.general2' }];
}
