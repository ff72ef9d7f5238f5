// Shared steps of the back office's browser tests: staff added by the command line and set up through the API, TOTP
// codes from a secret, and sign-in through the console's form.
import { execFileSync } from 'node:child_process';
import { expect, request as newRequest, type Page } from '@playwright/test';
import type { StaffRole } from '../../contract/ops.ts';
import { totpCode } from '../../server/domain/staff/totp.ts';

/** A staff member ready to sign in. */
export interface OpsStaff {
  email: string;
  password: string;
  secret: string;
}

/** The password every test staff member sets. */
export const OPS_PASSWORD = 'plum tractor harbour 42';

let counter = 0;
/** A new staff address. */
export const newStaffEmail = (role: StaffRole) => `${role}${++counter}.${Date.now()}@heartline.example`;

/** The current TOTP code of base32 `secret` (`at`: ms since the epoch, default now). */
export const totpNow = (secret: string, at = Date.now()): string => totpCode(secret, at);

/**
 * `npm run staff -- add` (the server's database: run the tests with DATABASE_URL, since the embedded PGlite is one
 * process's alone): answers the set-up link's path and query (`/ops/setup?token=…`).
 */
export function addStaffByCommand(role: StaffRole, email: string): string {
  const out = execFileSync('npm', ['run', '--silent', 'staff', '--', 'add', '--email', email, '--role', role], {
    encoding: 'utf8',
    env: process.env,
  });
  const link = new URL(/https?:\/\/\S+/.exec(out)![0]);
  return link.pathname + link.search;
}

/**
 * A staff member with `role` (and `email`, default a new one) added by the command line, set up through the API with
 * the code of the answered secret: their address, password and TOTP secret. The set-up took this step's code, so
 * sign in with signInOps (which takes the next one).
 */
export async function addStaff(role: StaffRole, email = newStaffEmail(role)): Promise<OpsStaff> {
  const path = addStaffByCommand(role, email);
  const token = new URLSearchParams(path.split('?')[1]).get('token');
  const api = await newRequest.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 8181}` });
  const setup = await api.post('/api/ops/setup', { data: { token, password: OPS_PASSWORD } });
  expect(setup.ok()).toBe(true);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await api.post('/api/ops/setup/confirm', { data: { token, code: totpNow(secret) } });
  expect(confirmed.ok()).toBe(true);
  await api.dispose();
  return { email, password: OPS_PASSWORD, secret };
}

/**
 * Signs `staff` in through the console's login form at /ops, with the code of the next 30-second step (each code is
 * good once, and set-up has just used the current one; the server accepts one step ahead), and waits for the nav.
 */
export async function signInOps(page: Page, staff: OpsStaff): Promise<void> {
  await page.goto('/ops');
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByLabel('Authenticator code').fill(totpNow(staff.secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
}
