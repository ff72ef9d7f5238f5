// Shared steps of the back office's browser tests (the layout's e2e helpers): a staff member made on the command line
// and set up through the API, the current TOTP code, and signing in through the console's form.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, request, type Page } from '@playwright/test';
import { totpCode } from '../../server/domain/staff/totp.ts';

/** A staff member ready to sign in: address, password and TOTP secret (base32). */
export interface TestStaff {
  email: string;
  password: string;
  secret: string;
}

const PASSWORD = 'plum tractor harbour 42';
let counter = 0;

/** The current TOTP code of `secret`. */
export const totpNow = (secret: string): string => totpCode(secret);

/**
 * Adds a staff member with `role` (`npm run staff -- add`, on the e2e server's database: the command needs
 * DATABASE_URL, since an embedded PGlite directory opens in one process only) and completes the set-up through the
 * API. The set-up is confirmed with the previous step's code (one step either side is accepted), so the current
 * code is still good for the first sign-in.
 */
export async function addStaff(role: 'admin' | 'moderator' | 'support' | 'operator', email?: string): Promise<TestStaff> {
  const address = email ?? `${role}.${Date.now()}${++counter}@heartline.example`;
  const { stdout } = await promisify(execFile)('node', [
    '--import',
    'tsx',
    'scripts/staff.ts',
    'add',
    '--email',
    address,
    '--role',
    role,
  ]);
  const token = new URL(stdout.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
  const api = await request.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 8181}` });
  const setup = await api.post('/api/ops/setup', { data: { token, password: PASSWORD } });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await api.post('/api/ops/setup/confirm', { data: { token, code: totpCode(secret, Date.now() - 30_000) } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  await api.dispose();
  return { email: address, password: PASSWORD, secret };
}

/** Signs `staff` in through the console's login form at /ops and waits for the console's bar. */
export async function signInOps(page: Page, staff: TestStaff): Promise<void> {
  await page.goto('/ops');
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByLabel('Authenticator code').fill(totpNow(staff.secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
}
