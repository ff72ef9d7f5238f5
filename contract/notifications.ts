// Notification settings (spec 2 route /notifications, spec 4: e-mail notifications can be disabled): which
// e-mail notifications a member gets, and which ones the mail system stopped and why.
import { z } from 'zod';

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
