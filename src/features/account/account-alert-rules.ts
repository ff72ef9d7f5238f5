// Pure rules of the account alerts of spec 2 (activation reminder, profile photo alert), apart from the components so
// they can be unit-tested and the layout pulls in little code.
import type { User } from '../../../contract/index.ts';

/** What the rules read of the user (a valtio snapshot is read-only, hence readonly). */
export interface AlertUser {
  readonly status: User['status'];
  readonly notifications_disabled: readonly unknown[];
  readonly profile: { readonly status: User['profile']['status']; readonly main_image: unknown };
}

/** Spec 2: the profile photo alert's dismissal is stored with its time under this key. */
export const ENRICH_ALERT_KEY = 'hide-enrich-alert';
/** Spec 2: routes where the profile photo alert never shows. */
const ENRICH_ALERT_HIDDEN_ON: ReadonlySet<string> = new Set([
  'profile',
  'signup',
  'complete-signup',
  'activate-done',
  'premium',
  'notifications',
  'directdebit',
  'settings',
]);
/** Spec 2: routes where the activation reminder never shows. */
const ACTIVATION_HIDDEN_ON: ReadonlySet<string> = new Set(['signup', 'complete-signup', 'settings', 'notifications']);
/** Spec 2: the query parameter that turns the activation reminder into a modal on a smartphone. */
const SIGNUP_COMPLETE_PARAM = 'api_signup_complete';

/** Spec 2: the profile photo alert shows while the profile has no main image, outside ENRICH_ALERT_HIDDEN_ON, until dismissed. */
export function showPhotoAlert(user: AlertUser | null, routeName: string, dismissedAt: number | null): boolean {
  return !!user && user.profile.main_image === null && !ENRICH_ALERT_HIDDEN_ON.has(routeName) && dismissedAt === null;
}

/**
 * Spec 2: the activation reminder, for a member with no disabled notifications, status not_confirmed and profile status
 * disabled, outside signup, settings and notifications: a modal on a smartphone when the URL has api_signup_complete,
 * else an alert; null when it does not show.
 */
export function activationReminder(
  user: AlertUser | null,
  routeName: string,
  where: { smartphone: boolean; search: string },
): 'modal' | 'alert' | null {
  if (!user || user.notifications_disabled.length > 0 || user.status !== 'not_confirmed' || user.profile.status !== 'disabled')
    return null;
  if (ACTIVATION_HIDDEN_ON.has(routeName)) return null;
  return where.smartphone && new URLSearchParams(where.search).has(SIGNUP_COMPLETE_PARAM) ? 'modal' : 'alert';
}

/** True on a phone: the browser's own word (User-Agent Client Hints) where it gives one, else the user agent string. */
export function isSmartphone(nav: { userAgent: string; userAgentData?: { mobile: boolean } } = navigator as never): boolean {
  return nav.userAgentData?.mobile ?? /Mobi|Android.+Mobile|iPhone|iPod/.test(nav.userAgent);
}
