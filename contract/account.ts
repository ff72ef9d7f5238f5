// The account life of a member (spec 2, 4, 5, 8, 9): e-mail change, deletion with 14 days to change one's mind.
import { z } from 'zod';
import { Text } from './common.ts';

/**
 * PUT /api/email.php: asks to use `email` for the account; confirmed by the link mailed to it (/mail-change/do), the old
 * address gets a notice. The current password proves it is the member. Answers `{ sent: true }`. Errors: 400
 * new_email_invalid ("New email adress is invalid", spec 5), 409 email_taken (spec 5), 403 wrong_old_password, 429 login_throttled (wrong current passwords share the login
 * limit).
 */
export const EmailChangeRequest = z.object({ email: Text.trim().min(1).max(254), password: Text.min(1).max(200) });
export type EmailChangeRequest = z.infer<typeof EmailChangeRequest>;
export const SentResponse = z.object({ sent: z.literal(true) });

/** POST /api/mail-change-do.php: confirms a new address with the link's token. Answers `{ email }`. Errors: 400 link_invalid, 409 email_taken. */
export const TokenRequest = z.object({ token: Text.min(1).max(100) });
export type TokenRequest = z.infer<typeof TokenRequest>;
export const EmailChangedResponse = z.object({ email: z.string() });

/**
 * POST /api/account-delete.php: deletes the own account (spec 4): hidden at once, every session ended, a restore link
 * mailed; the data and photos are purged REACTIVATION_DAYS later. Errors: 403 wrong_old_password, 429 login_throttled.
 */
export const AccountDeleteRequest = z.object({ password: Text.min(1).max(200) });
export type AccountDeleteRequest = z.infer<typeof AccountDeleteRequest>;
export const AccountDeletedResponse = z.object({ deleted: z.literal(true) });

/**
 * POST /api/reactivate.php `TokenRequest`: restores an account pending deletion. The mailed link opens
 * `/login?reactivate=<token>`, whose page posts it (a state change is never a GET). Errors: 400 link_invalid.
 */
export const ReactivatedResponse = z.object({ reactivated: z.literal(true) });

/**
 * POST /api/unlock.php `TokenRequest`: the unlock link mailed to the owner of an account locked by guesses from
 * everywhere opens `/login?unlock=<token>`, whose page posts it; this browser becomes a known device that the
 * account-wide lock lets through (the password is still needed: no login). Errors: 400 link_invalid.
 */
export const UnlockedResponse = z.object({ unlocked: z.literal(true) });

/** Spec 9: a deleted account can be restored within this many days. */
export const REACTIVATION_DAYS = 14;
/** E-mail change links are valid this many hours. */
export const EMAIL_CHANGE_HOURS = 24;
