// One home for the error codes the server answers and the client translates (STYLE.md: errors).
import { z } from 'zod';

/**
 * Error codes the API answers in `{ error: { code, message } }`. The client maps each code to the
 * i18n key `errors:<code>`; `message` is the English text (spec 8 word for word where the spec has one).
 */
export const ErrorCode = z.enum([
  'bad_request',
  'authentication_required',
  'login_failed',
  'login_throttled',
  'invalid_email',
  'email_taken',
  'new_email_invalid',
  'account_pending_deletion',
  'username_is_email',
  'username_at',
  'invalid_date_of_birth',
  'too_young',
  'password_too_short',
  'password_too_common',
  'signup_throttled',
  'email_not_found',
  'reset_throttled',
  'link_invalid',
  'passwords_differ',
  'wrong_old_password',
  'signups_closed',
  'activation_failed',
  'activation_throttled',
  'not_found',
  'blocked',
  'not_enough_credits',
  'premium_only',
  'photo_limit',
  'photo_limit_premium',
  'conflict',
  'complaints_throttled',
  'forbidden_origin',
  'unsupported_media_type',
  'request_too_large',
  'too_many_requests',
  'unauthorized',
  'payment_failed',
  'payment_unavailable',
  'server_error',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Error body of every non-2xx answer. `fields` names the invalid input fields, when known. */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** Values interpolated into the message, e.g. `name` for `blocked` (spec 6), for the client's translation. */
    params: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** English texts of the error codes (spec 5, 6 and 8 word for word). `{{name}}` is interpolated. */
export const errorMessages: Record<ErrorCode, string> = {
  bad_request: 'Some of the data you sent is not valid.',
  authentication_required: 'Please log in to continue.',
  login_failed: 'Login failed, please try again.',
  login_throttled: 'Too many incorrect attempts, account blocked for a number of minutes',
  invalid_email: 'Invalid email',
  email_taken: 'This email address already owns an account on this website',
  new_email_invalid: 'New email adress is invalid',
  account_pending_deletion: 'Account pending deletion (reactivate via emailed link or contact customer service)',
  username_is_email: 'Username may not be the same as your e-mail address',
  username_at: 'Username may not start with @',
  invalid_date_of_birth: 'Invalid date of birth',
  too_young: 'You must be at least 18 years old',
  password_too_short: 'Your password must be at least 8 characters long',
  password_too_common: 'This password is too easy to guess. Please choose another one.',
  signup_throttled: 'Too many sign-up attempts from your connection. Please try again in an hour.',
  email_not_found: 'E-mail address not found.',
  reset_throttled: 'Too many password reset e-mails sent, try again tomorrow.',
  link_invalid: 'Link expired or invalid, request a new e-mail.',
  passwords_differ: 'The entered passwords are not the same.',
  wrong_old_password: 'Please check your old password.',
  signups_closed: 'Signing up is by invitation only',
  activation_failed: 'Activation failed, please contact support.',
  activation_throttled: 'Too many activation e-mails sent, try again tomorrow.',
  not_found: 'This page could not be found',
  blocked: "You're blocked by {{name}}. You do not have access to this page.",
  not_enough_credits: 'You do not have enough credits to send this message.',
  premium_only: 'This feature is only available for premium members.',
  photo_limit: 'Photo limit reached for free members.',
  photo_limit_premium: 'You have reached the maximum of 25 photos. Delete one to add another.',
  conflict: 'This request conflicts with an earlier one.',
  complaints_throttled: 'You have sent many reports today. Please try again tomorrow or contact customer service.',
  forbidden_origin: 'This request was refused because it did not come from this site.',
  unsupported_media_type: 'Requests must be sent as application/json.',
  request_too_large: 'This request is too large.',
  too_many_requests: 'Too many requests, please try again in a minute.',
  unauthorized: 'This request lacks valid credentials.',
  payment_failed: 'Payment failed or has been cancelled.',
  payment_unavailable: 'Payments are not available right now, please try again in a few minutes.',
  server_error: 'An error occurred, please try again later.',
};
