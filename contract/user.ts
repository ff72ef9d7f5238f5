// The member's own account: the user call (spec 7), login, signup and activation.
import { z } from 'zod';
import { Country, Gender, Language, Sexuality, Text } from './common.ts';
import { DisabledNotification } from './notifications.ts';

/** A photo as the viewer may see it. `locked` photos carry only the server-blurred URL (DESIGN: security). */
export const Photo = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  locked: z.boolean(),
});
export type Photo = z.infer<typeof Photo>;

/** The current user (spec 3: User). Dates are ISO 8601 strings; credits are whole credits. */
export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(['not_confirmed', 'confirmed']),
  credits: z.number().int(),
  /** The bought part of `credits` not spent yet (free credits are spent first): what a refund can still return. */
  bought_credits: z.number().int().nonnegative(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  language: Language,
  fictional_icon: z.boolean(),
  /** E-mail notifications the mail system stopped (spec 4); non-empty shows the disabled-notifications alert (spec 2). */
  notifications_disabled: z.array(DisabledNotification),
  /** Invisible mode (spec 4): absent from search and never shown online; chatting still works. */
  invisible: z.boolean(),
  /** Conversations this member started; a free member may start `free_conversations` of them (spec 9). */
  conversations_started: z.number().int(),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    country: Country,
    /** The member's own gender and sexuality: the search starts from what they look for (members-screen). */
    gender: Gender.nullable(),
    sexuality: Sexuality.nullable(),
    status: z.enum(['active', 'disabled']),
    main_image: z.object({ filename: z.string(), thumb_filename: z.string(), status: z.literal('active') }).nullable(),
  }),
});
export type User = z.infer<typeof User>;

/** GET/POST/PUT /api/user.php answer. `user` is null when logged out (GET only). */
export const UserResponse = z.object({ user: User.nullable() });
export type UserResponse = z.infer<typeof UserResponse>;

/** POST /api/user.php: login. */
export const LoginRequest = z.object({
  email: Text.trim().min(1).max(254),
  password: Text.min(1).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** PUT /api/invisible.php: turns invisible mode on or off (spec 4). Answers `UserResponse`. */
export const InvisibleRequest = z.object({ invisible: z.boolean() });
export type InvisibleRequest = z.infer<typeof InvisibleRequest>;

/** PUT /api/user.php: a logged-in user switches language (spec 7). */
export const LanguageRequest = z.object({ language: Language });
export type LanguageRequest = z.infer<typeof LanguageRequest>;

/**
 * POST /api/signup.php (spec 3: signup form state, spec 5: rules). `name` is the username.
 * Answers `UserResponse` with status not_confirmed and sets the session cookie; an activation mail is sent.
 * Errors: invalid_email, email_taken, username_is_email, username_at, invalid_date_of_birth, too_young,
 * password_too_short, password_too_common, signups_closed, 429 signup_throttled (too many accounts made from one IP
 * this hour, or a taken address after too many email_taken answers to one IP: address probing).
 */
export const SignupRequest = z.object({
  email: Text.trim().max(254),
  name: Text.trim().min(2).max(30),
  password: Text.max(200),
  date_of_birth: Text.max(10),
  gender: Gender,
  sexuality: Sexuality,
  country: Country,
  signup_message: Text.max(500).optional(),
  /** Tracking data (spec 3); `network` present means a traffic source. */
  tracking: z
    .object({
      network: Text.max(64).optional(),
      ref: Text.max(64).optional(),
      sub1: Text.max(64).optional(),
      sub2: Text.max(64).optional(),
      sub3: Text.max(64).optional(),
    })
    .optional(),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

/**
 * Spec 5: may a visitor sign up? When the site's `signups` is all, or with_trafficsource and the visit came from a
 * traffic source (`network`, the tracking data's, spec 3); never when it is none. The signup form shows the
 * invite-only notice by it; POST /api/signup.php answers 403 signups_closed by it.
 */
export function signupsOpen(
  settings: { signups: 'all' | 'with_trafficsource' | 'none' },
  network: string | null | undefined,
): boolean {
  return settings.signups === 'all' || (settings.signups === 'with_trafficsource' && !!network);
}

/** GET /api/activate.php?token=: the link in the activation mail; redirects to /activate/done or /activate/error. */
export const ActivateQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/** A mail the embedded mail service kept (GET /api/dev-mailbox.php, embedded mail only). */
export const Mail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type Mail = z.infer<typeof Mail>;
export const MailboxResponse = z.object({ mails: z.array(Mail) });
export type MailboxResponse = z.infer<typeof MailboxResponse>;

/** Cookie (path /activate, 10 minutes, readable by the page) set when an activation link has just worked. */
export const ACTIVATED_COOKIE = 'activated';
