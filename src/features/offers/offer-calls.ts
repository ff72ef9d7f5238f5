// Which offers a member has and where they come from (spec 4), without the offers' code: the route table's first calls
// (src/app/routes.ts) and the app's start ask this before they load it.
import type { User } from '../../../contract/user.ts';

/** Spec 4: the member's offers are loaded for a member who has signed up and not paid yet. */
export const offersEligible = (user: Pick<User, 'paid_user' | 'signup_date'> | null | undefined): boolean =>
  !!user && !user.paid_user && !!user.signup_date;

/** The offer calls, as the API client sends them and a server render's first answers key them: time bonus, welcome. */
export const OFFER_CALLS = ['/api/discountcode.php', '/api/discountcode.php?welcome=true'] as const;

/** The offer calls a first render of `user`'s page reads (spec 4): OFFER_CALLS for a member with offers, else none. */
export const offerCallsOf = (user: Pick<User, 'paid_user' | 'signup_date'> | null | undefined): readonly string[] =>
  offersEligible(user) ? OFFER_CALLS : [];
