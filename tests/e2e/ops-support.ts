// Shared steps of the back office's browser tests: staff members of a role, set up through the API with a code
// computed from their secret, and signed in through the console's login form.
import { openSync, closeSync, readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import type { StaffRole } from '../../contract/ops.ts';
import { totpCode } from '../../server/domain/staff/totp.ts';

/** The web server's data directory (playwright.config.ts), where ops-staff-bootstrap.ts kept the set-up links. */
const DATA_DIR = `.tmp/e2e-data-${process.env.E2E_PORT ?? 8181}`;
const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 8181}`;
/** The password every test staff member sets. */
export const OPS_PASSWORD = 'violet harbour tractor 93';

/** A staff member ready to sign in: address, password and TOTP secret (base32). */
export interface OpsStaff {
  email: string;
  password: string;
  secret: string;
}

/** The TOTP code of `secret` for this 30-second step (the one a set-up confirms with). */
export const totpCurrent = (secret: string): string => totpCode(secret);

/** The TOTP code of `secret` for the next 30-second step (one step ahead is accepted; the current one may be spent). */
export const totpNow = (secret: string): string => totpCode(secret, Date.now() + 30_000);

/**
 * A new staff member of `role`: takes the next unused one-time set-up link made for the role when the server started
 * (ops-staff-bootstrap.ts; `email` picks that address), sets a password and confirms the secret's current code
 * through the API. Throws when the role's links are used up.
 */
export async function addStaff(role: StaffRole, email?: string): Promise<OpsStaff> {
  const link = takeLink(role, email);
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  try {
    const setup = await api.post('/api/ops/setup', { data: { token: link.token, password: OPS_PASSWORD } });
    expect(setup.ok(), await setup.text()).toBe(true);
    const { secret } = (await setup.json()) as { secret: string };
    const confirm = await api.post('/api/ops/setup/confirm', { data: { token: link.token, code: totpCurrent(secret) } });
    expect(confirm.ok(), await confirm.text()).toBe(true);
    return { email: link.email, password: OPS_PASSWORD, secret };
  } finally {
    await api.dispose();
  }
}

/**
 * The next unused set-up link of `role` (`email`: that address's) made when the server started, claimed for the
 * caller: the address and the link's path and query (`/ops/setup?token=…`), for a set-up through the console.
 */
export function takeSetupLink(role: StaffRole, email?: string): { email: string; path: string } {
  const link = takeLink(role, email);
  return { email: link.email, path: `/ops/setup?token=${encodeURIComponent(link.token)}` };
}

/** Takes the next unused bootstrap link of `role` (ops-staff-bootstrap.ts); throws when the role's are used up. */
function takeLink(role: StaffRole, email?: string): { role: string; email: string; token: string } {
  const links = JSON.parse(readFileSync(`${DATA_DIR}/staff-links.json`, 'utf8')) as {
    role: string;
    email: string;
    token: string;
  }[];
  const link = links.find((l) => l.role === role && (!email || l.email === email) && claim(l.email));
  if (!link) throw new Error(`no set-up link of role ${role}${email ? ` for ${email}` : ''} left`);
  return link;
}

/** A new staff address, for staff added in the console. */
export const newStaffEmail = (role: StaffRole) => `${role}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@ops.test`;

/** Claims `email`'s link for this run (a marker file made exclusively): false when another test took it. */
function claim(email: string): boolean {
  try {
    closeSync(openSync(`${DATA_DIR}/staff-claimed-${email}`, 'wx'));
    return true;
  } catch {
    return false;
  }
}

/** Signs `staff` in through the console's login form at /ops; the console's first section is open afterwards. */
export async function signInOps(page: Page, staff: OpsStaff): Promise<void> {
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByLabel('Authenticator code').fill(totpNow(staff.secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
}
