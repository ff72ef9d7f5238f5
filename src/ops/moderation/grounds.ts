// The terms' clauses a moderator chooses as a decision's ground (contract MODERATION_GROUNDS), as the console names
// them; the member reads their own language's text in the statement of reasons.
import type { ModerationGround } from '../../../contract/ops-moderation.ts';

/** Each ground's English label, with the terms' section. */
export const GROUND_LABELS: Record<ModerationGround, string> = {
  'terms:underage': 'Under 18 (terms 2)',
  'terms:false_data': 'False personal data (terms 2)',
  'terms:illegal_content': 'Illegal content or minors (terms 6)',
  'terms:no_consent': 'Others shown without consent (terms 6)',
  'terms:harassment': 'Harassment, threats, blackmail, deceit (terms 6)',
  'terms:money': 'Asking for money (terms 6)',
  'terms:spam': 'Advertising, spam, paid sexual services (terms 6)',
  'terms:photo_rules': 'Photo breaks the photo rules (terms 7)',
};
