// Notification settings (spec 2 route /notifications, spec 4: e-mail notifications can be disabled): which
// e-mail notifications a member gets, and which ones the mail system stopped and why.
import { z } from 'zod';
import { Text } from './common.ts';

/** The e-mail notifications the site sends: a new message, a new like, a match. */
export const EmailKind = z.enum(['message', 'like', 'match']);
export type EmailKind = z.infer<typeof EmailKind>;

/**
 * Why the mail system stopped an e-mail notification (spec 4): the member marked one as spam, mail to the
 * address bounced, or the member unsubscribed through the mail's List-Unsubscribe link.
 */
export const DisabledReason = z.enum(['spam_complaint', 'bounce', 'list_unsubscribe']);
export type DisabledReason = z.infer<typeof DisabledReason>;

/** One e-mail notification kind the mail system stopped (spec 3: User.notifications_disabled); `since` is ISO 8601. */
export const DisabledNotification = z.object({ kind: EmailKind, reason: DisabledReason, since: z.string() });
export type DisabledNotification = z.infer<typeof DisabledNotification>;

/**
 * GET/PUT /api/notifications.php answer. `email` has one entry per EmailKind: `enabled` is the member's own choice.
 * A kind is mailed only when enabled and not in `disabled`. `address` is where the mails go.
 */
export const NotificationSettings = z.object({
  address: z.string(),
  email: z.array(z.object({ kind: EmailKind, enabled: z.boolean() })),
  disabled: z.array(DisabledNotification),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/**
 * PUT /api/notifications.php: turns e-mail notification `kind` on or off. Turning a kind on is the member's consent
 * again, so it also lifts that kind's entry from the disabled list (whatever the reason). Answers NotificationSettings.
 */
export const EmailSettingRequest = z.object({ kind: EmailKind, enabled: z.boolean() });
export type EmailSettingRequest = z.infer<typeof EmailSettingRequest>;

/**
 * POST /api/unsubscribe.php?token= and GET (RFC 8058 one-click unsubscribe; the URL of a mail's List-Unsubscribe
 * header). `token` names a member and an EmailKind and is signed by the server; its validity is checked by the server,
 * not here. POST answers UnsubscribeResponse; GET unsubscribes nothing and redirects (303) to /notifications.
 */
export const UnsubscribeQuery = z.object({ token: Text.min(1).max(200) });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;

/** POST /api/unsubscribe.php answer: the e-mail notification kind now stopped (reason list_unsubscribe). */
export const UnsubscribeResponse = z.object({ unsubscribed: EmailKind });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

/** The most events one POST /api/mail-events.php may carry. */
const MAIL_EVENTS_MAX = 100;

/**
 * One event of the mail provider's webhook: mail to `email` bounced (hard bounce), or its owner marked a mail as
 * spam. `kind`: the EmailKind of the mail complained about, when the provider knows it (else all kinds stop).
 */
export const MailEvent = z.object({
  type: z.enum(['bounce', 'spam_complaint']),
  email: Text.trim().min(3).max(254),
  kind: EmailKind.optional(),
});
export type MailEvent = z.infer<typeof MailEvent>;

/** POST /api/mail-events.php body (Authorization: Bearer MAIL_WEBHOOK_SECRET): 1 to MAIL_EVENTS_MAX events. */
export const MailEventsRequest = z.object({ events: z.array(MailEvent).min(1).max(MAIL_EVENTS_MAX) });
export type MailEventsRequest = z.infer<typeof MailEventsRequest>;

/** POST /api/mail-events.php answer: `applied` = events whose address belongs to at least one account. */
export const MailEventsResponse = z.object({ applied: z.number().int() });
export type MailEventsResponse = z.infer<typeof MailEventsResponse>;
