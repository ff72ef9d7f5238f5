// Calls of the account screens (password reset and change, e-mail change, deletion and reactivation: contract/password.ts,
// contract/account.ts), apart from the session API so only these screens load them.
import { api } from '../../api/client.ts';
import {
  AccountDeletedResponse,
  EmailChangedResponse,
  PasswordChangeResponse,
  ReactivatedResponse,
  SentResponse,
  PasswordResetResponse,
  UnlockedResponse,
  UserResponse,
  type PasswordChangeRequest,
  type User,
} from '../../../contract/index.ts';
import { session } from './session-store.ts';

/** POST /api/password-reset.php: mails a reset link. Throws ApiCallError email_not_found, reset_throttled. */
export async function requestReset(email: string): Promise<void> {
  await api('/api/password-reset.php', PasswordResetResponse, { method: 'POST', body: { email } });
}

/** POST /api/password-reset-do.php: sets the new password; the member is logged in afterwards. Throws ApiCallError link_invalid, password_too_short, password_too_common. */
export async function resetWithToken(token: string, password: string): Promise<User> {
  const { user } = await api('/api/password-reset-do.php', UserResponse, { method: 'POST', body: { token, password } });
  if (!user) throw new Error('reset answered no user');
  session.user = user;
  return user;
}

/** PUT /api/password.php. Throws ApiCallError passwords_differ, password_too_short, password_too_common, wrong_old_password. */
export async function changePassword(body: PasswordChangeRequest): Promise<void> {
  await api('/api/password.php', PasswordChangeResponse, { method: 'PUT', body });
}

/** PUT /api/email.php: mails a confirmation link to the new address. Throws ApiCallError new_email_invalid, email_taken, wrong_old_password. */
export async function requestEmailChange(email: string, password: string): Promise<void> {
  await api('/api/email.php', SentResponse, { method: 'PUT', body: { email, password } });
}

/** POST /api/mail-change-do.php: confirms the new address; answers it. Throws ApiCallError link_invalid, email_taken. */
export async function confirmEmailChange(token: string): Promise<string> {
  return (await api('/api/mail-change-do.php', EmailChangedResponse, { method: 'POST', body: { token } })).email;
}

/** POST /api/account-delete.php (spec 4): the account waits 14 days for deletion; this device is logged out. Throws ApiCallError wrong_old_password. */
export async function deleteAccount(password: string): Promise<void> {
  await api('/api/account-delete.php', AccountDeletedResponse, { method: 'POST', body: { password } });
}

/** POST /api/reactivate.php with the mailed link's token. Throws ApiCallError link_invalid. */
export async function reactivate(token: string): Promise<void> {
  await api('/api/reactivate.php', ReactivatedResponse, { method: 'POST', body: { token } });
}

/** POST /api/unlock.php with the unlock mail's token: this browser passes the account lock at its next login. Throws ApiCallError link_invalid. */
export async function unlock(token: string): Promise<void> {
  await api('/api/unlock.php', UnlockedResponse, { method: 'POST', body: { token } });
}

/** PUT /api/invisible.php (spec 4): the session's user follows the answer. Throws ApiCallError. */
export async function setInvisible(invisible: boolean): Promise<void> {
  const { user } = await api('/api/invisible.php', UserResponse, { method: 'PUT', body: { invisible } });
  if (user) session.user = user;
}
