// Password calls of the reset and settings screens (contract/password.ts), apart from the session API so only these
// screens load them.
import { api } from '../../api/client.ts';
import {
  PasswordChangeResponse,
  PasswordResetResponse,
  UserResponse,
  type PasswordChangeRequest,
  type User,
} from '../../../contract/index.ts';
import { session } from './session-store.ts';

/** POST /api/password-reset.php: mails a reset link. Throws ApiCallError email_not_found, reset_throttled. */
export async function requestReset(email: string): Promise<void> {
  await api('/api/password-reset.php', PasswordResetResponse, { method: 'POST', body: { email } });
}

/** POST /api/password-reset-do.php: sets the new password; the member is logged in afterwards. Throws ApiCallError link_invalid, password_too_short. */
export async function resetWithToken(token: string, password: string): Promise<User> {
  const { user } = await api('/api/password-reset-do.php', UserResponse, { method: 'POST', body: { token, password } });
  if (!user) throw new Error('reset answered no user');
  session.user = user;
  return user;
}

/** PUT /api/password.php. Throws ApiCallError passwords_differ, password_too_short, wrong_old_password. */
export async function changePassword(body: PasswordChangeRequest): Promise<void> {
  await api('/api/password.php', PasswordChangeResponse, { method: 'PUT', body });
}
