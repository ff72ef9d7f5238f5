// In the real browser: the notification settings screen (spec 2: /notifications) saves e-mail choices on the
// real server, keeps a change it could not save visible as an error with "Try again", shows the push switch's
// states, and the disabled-notifications alert (spec 2) follows the mail system's stops (spec 4).
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { appReady, signup, waitForServiceWorker } from './support.ts';

/**
 * The mail provider's webhook secret the server was started with (playwright.config.ts passes the environment on to
 * the server). Without it POST /api/mail-events.php answers 404 and the stop cannot be made the way the mail
 * provider makes it.
 */
const WEBHOOK_SECRET = process.env.MAIL_WEBHOOK_SECRET;

/** Posts mail events as the mail provider does (POST /api/mail-events.php). */
async function mailEvents(
  request: APIRequestContext,
  events: { type: 'bounce' | 'spam_complaint'; email: string; kind?: string }[],
) {
  const res = await request.post('/api/mail-events.php', {
    headers: { authorization: `Bearer ${WEBHOOK_SECRET}` },
    data: { events },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Signs a new member up (support.ts: logged in and activated) and answers their e-mail address too. */
async function newMember(request: APIRequestContext): Promise<{ id: number; email: string }> {
  return (await signup(request)) as unknown as { id: number; email: string };
}

/** Opens /notifications the way a member does: account menu, Settings, Notification settings. */
async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
}

test('e-mail notification switches are saved; a change that cannot be saved is put back with the error', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const me = await newMember(context.request);
  const page = await context.newPage();
  await page.goto('/members');
  await openSettings(page);

  const email = page.getByRole('region', { name: 'E-mail notifications' });
  await expect(email).toContainText(`E-mails go to ${me.email}`);
  const likes = email.getByRole('switch', { name: 'New likes' });
  await expect(likes).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().includes('/api/notifications.php') && r.request().method() === 'PUT');
  await likes.click();
  expect((await saved).ok()).toBe(true);
  await expect(likes).not.toBeChecked();

  await page.reload();
  await expect(email.getByRole('switch', { name: 'New likes' })).not.toBeChecked();
  await expect(email.getByRole('switch', { name: 'New messages' })).toBeChecked();
  await expect(email.getByRole('switch', { name: 'Matches' })).toBeChecked();

  // The network drops while saving: the switch goes back, the error says so, and "Try again" saves it.
  await page.route('**/api/notifications.php', (route) =>
    route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
  );
  const messages = email.getByRole('switch', { name: 'New messages' });
  await messages.click();
  const failure = email.getByRole('alert');
  await expect(failure).toContainText('Your change to “New messages” was not saved', { timeout: 20_000 });
  await expect(messages).toBeChecked();
  await page.unroute('**/api/notifications.php');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(messages).not.toBeChecked();
  await expect(failure).toHaveCount(0);
  await page.reload();
  await expect(email.getByRole('switch', { name: 'New messages' })).not.toBeChecked();

  // Offline: the switches cannot be used and the screen says why; back online they can.
  await context.setOffline(true);
  await expect(email.getByRole('status')).toContainText('You are offline');
  await expect(email.getByRole('switch', { name: 'Matches' })).toBeDisabled();
  await context.setOffline(false);
  await expect(email.getByRole('switch', { name: 'Matches' })).toBeEnabled();
  await context.close();
});

/**
 * A new member's phone-sized context (notifications granted when `grant`) on /notifications with the service worker
 * in control: the push region and its switch, once the start-up check has enabled it.
 */
async function openPushSettings(browser: Browser, grant: boolean) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (grant) await context.grantPermissions(['notifications']);
  await signup(context.request);
  const page = await context.newPage();
  await page.goto('/notifications');
  await waitForServiceWorker(page);
  const push = page.getByRole('region', { name: 'Push notifications' });
  const toggle = push.getByRole('switch', { name: 'Push notifications on this device' });
  await expect(toggle).toBeEnabled();
  return { context, page, push, toggle };
}

test('a drawn /notifications hydrates without a difference: the push part waits for this device', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await signup(page.request);
  for (const load of ['first', 'again']) {
    await page.goto('/notifications');
    await appReady(page);
    await expect(page.getByRole('switch', { name: 'Push notifications on this device' }), load).toBeVisible();
  }
  expect(warnings.filter((w) => /hydrat|#418/i.test(w))).toEqual([]);
});

test('the push switch is labelled, reflects this device, reports a failed subscribe and explains a block', async ({
  browser,
}) => {
  const { context, push, toggle } = await openPushSettings(browser, true);
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(/even when the app is closed/);

  // Headless Chromium has no push service: subscribing fails, and the switch says so instead of pretending.
  await toggle.click();
  await expect(push.getByRole('alert')).toContainText(/push service could not be reached|could not be turned on/);
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await context.close();

  // Blocked in the browser's site settings while the screen is open: the switch turns off and disabled at once,
  // and the screen says how to allow it; a reload keeps it so.
  const { context: blocked, page: page2, push: push2, toggle: toggle2 } = await openPushSettings(browser, false);
  // Playwright can only grant; the DevTools protocol denies, in this context (without its id: the default context).
  const cdp = await blocked.newCDPSession(page2);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin: new URL(page2.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
  expect(await page2.evaluate(() => Notification.permission), 'the denial reached the page').toBe('denied');
  for (const load of ['live', 'reload']) {
    if (load === 'reload') await page2.reload();
    await expect(push2.getByText('Notifications are blocked for this site'), load).toBeVisible();
    await expect(push2).toContainText('set Notifications to Allow');
    await expect(toggle2).toBeDisabled();
    await expect(toggle2).not.toBeChecked();
  }
  await blocked.close();
});

test('stopped e-mail notifications show the alert until dismissed, with reasons on the screen; turning on again clears them', async ({
  browser,
}) => {
  expect(WEBHOOK_SECRET, 'playwright.config.ts gives the e2e server MAIL_WEBHOOK_SECRET').toBeTruthy();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const me = await newMember(context.request);
  const page = await context.newPage();

  // Mail to the member bounced: every kind stops, and the alert shows outside the settings.
  await mailEvents(context.request, [{ type: 'bounce', email: me.email }]);
  await page.goto('/members');
  const alert = page.getByRole('status').filter({ hasText: 'We stopped sending you some e-mail notifications.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'See why and turn them on again' })).toHaveAttribute('href', '/notifications');

  // Dismissed: stored with its time, and it stays away after a reload.
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toHaveCount(0);
  const stored = Number(await page.evaluate(() => localStorage.getItem('hide-disabled-notifications-alert')));
  expect(Date.now() - stored).toBeLessThan(60_000);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(alert).toHaveCount(0);

  // The screen names each stopped kind, why, since when, and turns it on again.
  await openSettings(page);
  const email = page.getByRole('region', { name: 'E-mail notifications' });
  const stopped = email.getByRole('region', { name: 'Stopped e-mail notifications' });
  await expect(stopped.getByRole('listitem')).toHaveCount(3);
  await expect(stopped.getByRole('listitem').first()).toContainText(`E-mails to ${me.email} could not be delivered`);
  await expect(stopped.getByRole('listitem').first()).toContainText(
    `Since ${new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date())}`,
  );
  await expect(email.getByRole('switch', { name: 'New likes' })).not.toBeChecked();
  await stopped.getByRole('button', { name: 'Turn on again: New likes' }).click();
  await expect(email.getByRole('switch', { name: 'New likes' })).toBeChecked();
  await expect(stopped.getByRole('listitem')).toHaveCount(2);
  await stopped.getByRole('button', { name: 'Turn on again: New messages' }).click();
  await expect(stopped.getByRole('listitem')).toHaveCount(1);
  await stopped.getByRole('button', { name: 'Turn on again: Matches' }).click();
  await expect(stopped).toHaveCount(0);
  await expect(email.getByRole('switch', { name: 'Matches' })).toBeChecked();

  // A later stop (a spam complaint about match mails) brings the alert back, but never on the settings screen.
  await mailEvents(context.request, [{ type: 'spam_complaint', email: me.email, kind: 'match' }]);
  await page.reload();
  await expect(stopped.getByRole('listitem')).toHaveCount(1);
  await expect(stopped).toContainText('You marked one of our e-mails as spam, so we stopped sending them.');
  await expect(alert).toHaveCount(0);
  await page.goto('/members');
  await expect(alert).toBeVisible();
  await alert.getByRole('link', { name: 'See why and turn them on again' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(alert).toHaveCount(0);

  // Turned on again, the session user's list empties at once: no alert on the next screen, without a reload.
  await stopped.getByRole('button', { name: 'Turn on again: Matches' }).click();
  await expect(stopped).toHaveCount(0);
  await page.getByRole('link', { name: 'Likes' }).first().click();
  await expect(page).toHaveURL(/\/likes/);
  await expect(alert).toHaveCount(0);
  await context.close();
});
