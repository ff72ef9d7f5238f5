// The notification settings calls (spec 2: /notifications; contract/notifications.ts). Each answer also refreshes
// the session user's `notifications_disabled`, so the disabled-notifications alert follows at once.
import { NotificationSettings, type EmailSettingRequest } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';
import { session } from '../account/session-store.ts';

/** Copies the answer's disabled list onto the session user (spec 3: User.notifications_disabled). */
function remember(settings: NotificationSettings): NotificationSettings {
  if (session.user) session.user.notifications_disabled = settings.disabled;
  return settings;
}

/** GET /api/notifications.php: the member's e-mail address, e-mail choices and stopped kinds. Throws ApiCallError. */
export async function fetchNotificationSettings(): Promise<NotificationSettings> {
  return remember(await api('/api/notifications.php', NotificationSettings));
}

/**
 * PUT /api/notifications.php: turns e-mail notification `kind` on or off; turning it on also lifts its entry from
 * the disabled list (server rule). Answers the new settings. Retried on network errors and 5xx: setting a value
 * twice is the same as once. Throws ApiCallError.
 */
export async function saveEmailSetting(request: EmailSettingRequest): Promise<NotificationSettings> {
  return remember(await api('/api/notifications.php', NotificationSettings, { method: 'PUT', body: request, retry: true }));
}
