// The back office's staff console (docs/operations.md "Console"): an admin added by the command line sets up in the
// console (password, QR code, a code from the shown secret), signs in, adds a moderator and an operator, who set up
// and sign in and see only their sections; the audit log lists it all. A member's page never loads the console.
// The admin's set-up link was made by the command line before the server started (ops-staff-bootstrap.ts).
// Screenshots go to /tmp/shots-ops/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newStaffEmail, OPS_PASSWORD, signInOps, takeSetupLink, totpCurrent, addStaff, type OpsStaff } from './ops-support.ts';

const SHOTS = '/tmp/shots-ops';

/** Both widths the console is checked at. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Set-up through the console's page at `setupPath`: password, the QR code and secret, a first code. */
async function setUpInConsole(page: Page, setupPath: string, email: string): Promise<OpsStaff> {
  await page.goto(setupPath);
  await page.getByLabel('New password').fill(OPS_PASSWORD);
  await page.getByLabel('Repeat the password').fill(OPS_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Authenticator code').fill(totpCurrent(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Set-up complete')).toBeVisible();
  return { email, password: OPS_PASSWORD, secret };
}

/** A new staff member set up and signed in through the console in a browser context of their own. */
async function newStaffPage(browser: Browser, setupPath: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInOps(page, await setUpInConsole(page, setupPath, email));
  return page;
}

test('an admin sets up, adds a moderator and an operator who see only their sections; all of it audited', async ({
  page,
  browser,
}) => {
  const bootstrap = takeSetupLink('admin');
  const admin = await setUpInConsole(page, bootstrap.path, bootstrap.email);
  const answer = (await page.goto('/ops/staff'))!;
  expect(answer.headers()).toMatchObject({ 'x-robots-tag': 'noindex', 'cache-control': 'no-cache' });
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
  await shoot(page, 'login');
  await signInOps(page, admin);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(nav.getByRole('link', { name: 'Staff' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit log' })).toBeVisible();
  // The console opens on the dashboard (every role's start page); staff are managed in their own section.
  await nav.getByRole('link', { name: 'Staff' }).click();

  const added: Record<string, string> = {};
  for (const role of ['moderator', 'operator'] as const) {
    const email = newStaffEmail(role);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption(role);
    await page.getByRole('button', { name: 'Add staff member' }).click();
    // The notice of this addition (not the last one's) holds the link.
    await expect(page.getByText(`Added ${email} (${role})`)).toBeVisible();
    const link = (await page.getByTestId('setup-link').textContent())!;
    const url = new URL(link);
    added[email] = url.pathname + url.search;
    await expect(page.getByRole('cell', { name: email })).toBeVisible();
  }
  await shoot(page, 'staff');

  for (const [email, setupPath] of Object.entries(added)) {
    const staffPage = await newStaffPage(browser, setupPath, email);
    const staffNav = staffPage.getByRole('navigation', { name: 'Sections' });
    await expect(staffNav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await expect(staffNav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    // An admin's section, asked for by its path, is not drawn either (and its calls answer 403).
    await staffPage.goto('/ops/staff');
    await expect(staffPage.getByRole('heading', { name: 'Staff' })).toHaveCount(0);
    await staffPage.context().close();
  }

  await nav.getByRole('link', { name: 'Audit log' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: 'session.sign_in' }).first()).toBeVisible();
  // The admin's own rows: the two additions (the bootstrap's staff were added by the command line, no actor).
  await page.getByLabel('Staff').selectOption({ label: admin.email });
  await page.getByLabel('Action').fill('staff.add');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(table.getByRole('cell', { name: 'staff.add' })).toHaveCount(2);
  await expect(table.getByRole('cell', { name: 'staff.setup' })).toHaveCount(0);
  await page.getByLabel('Action').fill('');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(table.getByRole('cell', { name: 'staff.add' })).toHaveCount(2);
  await expect(table.getByRole('cell', { name: 'session.sign_in' }).first()).toBeVisible();
  await shoot(page, 'audit');
});

test('a staff member set up through the API signs in through the console and sees only their sections', async ({ page }) => {
  await signInOps(page, await addStaff('support'));
  await expect(page.getByText(/\(support\)/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);
});

test("a member's page never loads the console, and the precache holds none of it", async ({ page }) => {
  const sw = readFileSync(path.join(process.env.E2E_DIST ?? 'dist', 'sw.js'), 'utf8');
  expect(sw).not.toMatch(/ops\.html|assets\/ops-/);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto('/members');
  await page.waitForLoadState('networkidle');
  expect(asked.length).toBeGreaterThan(3);
  expect(asked.filter((p) => p.startsWith('/ops') || p.startsWith('/assets/ops-') || p.startsWith('/api/ops'))).toEqual([]);
});
