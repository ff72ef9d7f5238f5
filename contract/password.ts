// Password reset by e-mailed link and password change (spec 2: /reset-password, /reset-password/do; spec 5, 8).
import { z } from 'zod';
import { Text } from './common.ts';

/** Spec 5: a new password has at least this many characters (else 400 password_too_short); the signup form says so first. */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * A password as typed; the server also checks a new one's length (MIN_PASSWORD_LENGTH, password_too_short) and
 * strength (zxcvbn score 3, the site's and the member's own words counting as guessed first: password_too_common).
 */
const Password = Text.min(1).max(200);

/**
 * POST /api/password-reset.php: mails a single-use reset link to `email`. Answers `{ sent: true }`. Errors: 404
 * email_not_found ("E-mail address not found.", spec 8), 429 reset_throttled (spec 8: too many e-mails today; or too many
 * unknown addresses from one IP today: address probing).
 */
export const PasswordResetRequest = z.object({ email: Text.trim().min(1).max(254) });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;
export const PasswordResetResponse = z.object({ sent: z.literal(true) });

/**
 * POST /api/password-reset-do.php: sets a new password with the link's `token`; ends every session of the account
 * and logs this browser in (answers `UserResponse`). Errors: 400 link_invalid (spec 8, checked first), password_too_short,
 * password_too_common.
 */
export const PasswordResetDoRequest = z.object({ token: Text.min(1).max(100), password: Password });
export type PasswordResetDoRequest = z.infer<typeof PasswordResetDoRequest>;

/**
 * PUT /api/password.php: a logged-in member changes the password (spec 5); the other sessions end. Answers
 * `{ changed: true }`. Errors: 400 passwords_differ, password_too_short, password_too_common, 403 wrong_old_password, 429
 * login_throttled (wrong current passwords share the login limit).
 */
export const PasswordChangeRequest = z.object({ old_password: Password, password: Password, password_repeat: Password });
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;
export const PasswordChangeResponse = z.object({ changed: z.literal(true) });

/** Reset links are valid this many minutes. */
export const RESET_LINK_MINUTES = 60;
/** Reset e-mails one account may get per 24 hours (spec 8: "Too many password reset e-mails sent, try again tomorrow."). */
export const RESET_MAILS_PER_DAY = 3;
