// The back office's staff calls under /api/ops/ (docs/operations.md, docs/api.md "Back office"). Not exported from
// contract/index.ts: the member app never loads them, so they stay out of its entry bundle.
import { z } from 'zod';
import { Text } from './common.ts';

/** The back office's roles: admin (everything), moderator, support, operator (docs/operations.md "Roles"). */
export const StaffRole = z.enum(['admin', 'moderator', 'support', 'operator']);
export type StaffRole = z.infer<typeof StaffRole>;

/** A six-digit TOTP code as an authenticator app shows it. */
const TotpCode = z.string().regex(/^\d{6}$/);
/** A set-up link's token (base64url, 43 characters as made). */
const SetupToken = Text.min(1).max(100);

/** A staff member as the back office shows them; never their password or TOTP secret. */
export const Staff = z.object({
  id: z.number().int(),
  email: z.string(),
  role: StaffRole,
  totp_enabled: z.boolean(),
  /** ISO time they were disabled, or null. */
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Staff = z.infer<typeof Staff>;

/**
 * POST /api/ops/setup: the set-up link's `token` and a new `password` (at least 8 characters, zxcvbn score 3). Answers
 * OpsSetupResponse. Errors: 400 link_invalid (unknown, used or expired link), password_too_short, password_too_common.
 */
export const OpsSetupRequest = z.object({ token: SetupToken, password: Text.min(1).max(200) });
export type OpsSetupRequest = z.infer<typeof OpsSetupRequest>;
/**
 * The new TOTP `secret` (base32), its otpauth `uri` and that URI's QR code `qr` (an SVG data URL for an <img>):
 * answered here only, never again.
 */
export const OpsSetupResponse = z.object({ email: z.string(), secret: z.string(), uri: z.string(), qr: z.string() });
export type OpsSetupResponse = z.infer<typeof OpsSetupResponse>;

/**
 * POST /api/ops/setup/confirm: the first `code` of the authenticator enables the second factor and uses the link up.
 * Answers OpsStaffResponse (no session: sign in next). Errors: 400 link_invalid, 400 code_invalid, 429 login_throttled.
 */
export const OpsSetupConfirmRequest = z.object({ token: SetupToken, code: TotpCode });
export type OpsSetupConfirmRequest = z.infer<typeof OpsSetupConfirmRequest>;

/**
 * POST /api/ops/login: e-mail, password and TOTP code; sets the `ops_sid` cookie and answers OpsStaffResponse. Errors:
 * 401 login_failed (any of them wrong, or the account not set up or disabled), 429 login_throttled.
 */
export const OpsLoginRequest = z.object({
  email: Text.trim().min(1).max(254),
  password: Text.min(1).max(200),
  code: Text.max(20),
});
export type OpsLoginRequest = z.infer<typeof OpsLoginRequest>;

/** GET /api/ops/me, POST /api/ops/login, POST /api/ops/setup/confirm: the staff member. */
export const OpsStaffResponse = z.object({ staff: Staff });
export type OpsStaffResponse = z.infer<typeof OpsStaffResponse>;

/** POST /api/ops/logout (1) and /api/ops/logout-everywhere (this one included): how many sessions ended. */
export const OpsEndedResponse = z.object({ ended: z.number().int() });
export type OpsEndedResponse = z.infer<typeof OpsEndedResponse>;

/** GET /api/ops/staff (admin): every staff member. */
export const OpsStaffListResponse = z.object({ staff: z.array(Staff) });
export type OpsStaffListResponse = z.infer<typeof OpsStaffListResponse>;

/**
 * POST /api/ops/staff (admin): adds a staff member; answers OpsStaffSetupResponse with their one-time set-up link.
 * Errors: 400 invalid_email, 409 email_taken.
 */
export const OpsAddStaffRequest = z.object({ email: Text.trim().min(1).max(254), role: StaffRole });
export type OpsAddStaffRequest = z.infer<typeof OpsAddStaffRequest>;

/** PATCH /api/ops/staff/:id (admin): a new role (their sessions end). Errors: 404 not_found, 409 conflict (their own account: an admin never demotes themself). */
export const OpsStaffRoleRequest = z.object({ role: StaffRole });
export type OpsStaffRoleRequest = z.infer<typeof OpsStaffRoleRequest>;

/**
 * POST /api/ops/staff (added) and POST /api/ops/staff/:id/reset (a new link, their second factor off): the staff
 * member and their one-time set-up link (`/ops/setup?token=…`, valid 72 hours), shown once.
 */
export const OpsStaffSetupResponse = z.object({ staff: Staff, setup_link: z.string() });
export type OpsStaffSetupResponse = z.infer<typeof OpsStaffSetupResponse>;

/**
 * GET /api/ops/audit (admin): filters of the audit log, each narrowing it (`action` exact; `from`/`to` ISO times,
 * `to` excluded); `before` pages back by row id.
 */
export const OpsAuditQuery = z.object({
  staff_id: z.coerce.number().int().positive().optional(),
  action: Text.max(100).optional(),
  target_kind: Text.max(50).optional(),
  target_id: Text.max(100).optional(),
  before: z.coerce.number().int().positive().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type OpsAuditQuery = z.infer<typeof OpsAuditQuery>;

/** One audit row: who (null staff: the command line), what, on which target, before and after, when, from where. */
const AuditRow = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  role: StaffRole.nullable(),
  action: z.string(),
  target_kind: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
  source_address: z.string().nullable(),
});
export const OpsAuditResponse = z.object({ rows: z.array(AuditRow) });
export type OpsAuditResponse = z.infer<typeof OpsAuditResponse>;
