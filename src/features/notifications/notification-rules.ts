// Pure rules of the notification settings (spec 2: disabled-notifications alert, spec 4: e-mail notifications can be
// disabled), apart from the components so they can be unit-tested and so the layout's alert pulls in no zod.
import type { DisabledNotification, EmailKind, NotificationSettings } from '../../../contract/index.ts';

/** Spec 2: the alert's dismissal is stored with its timestamp under this key. */
export const DISABLED_ALERT_KEY = 'hide-disabled-notifications-alert';

/** Spec 2: routes where the disabled-notifications alert never shows. */
const DISABLED_ALERT_HIDDEN_ON: ReadonlySet<string> = new Set(['settings', 'notifications']);

/** The e-mail kinds in the order the screen lists them. */
export const EMAIL_KINDS: readonly EmailKind[] = ['message', 'like', 'match'];

/**
 * Spec 2: the disabled-notifications alert shows when the disabled list is non-empty, outside settings and
 * notifications, until dismissed. `dismissedAt` is the stored dismissal (ms since epoch) or null. A stop recorded
 * after the dismissal (its `since` is later) shows the alert again: the member has not seen that one yet.
 */
export function showDisabledAlert(
  disabled: readonly DisabledNotification[],
  routeName: string,
  dismissedAt: number | null,
): boolean {
  if (disabled.length === 0 || DISABLED_ALERT_HIDDEN_ON.has(routeName)) return false;
  if (dismissedAt === null) return true;
  return disabled.some((d) => Date.parse(d.since) > dismissedAt);
}

/**
 * Whether e-mails of `kind` are actually sent: the member's own choice is on and the mail system has not stopped
 * them (contract: a kind is mailed only when enabled and not in `disabled`). This is what the kind's switch shows.
 */
export function emailOn(settings: NotificationSettings, kind: EmailKind): boolean {
  const enabled = settings.email.find((e) => e.kind === kind)?.enabled ?? false;
  return enabled && !settings.disabled.some((d) => d.kind === kind);
}
