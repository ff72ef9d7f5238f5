// One prompt at a time and nothing over a control, on a phone (390x844): a new member's first five screens, from a
// member's signup page through the chat, the chat list, the search and the likes, counting the prompts on screen and
// tapping every button of every dialog and of the top bars while the toasts and the dock show.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AUTO_LIKE_DELAY_MS } from '../../src/features/likes/auto-like.ts';
import {
  credits,
  fillSignupSteps,
  findMember,
  SANNE,
  sendMessage,
  signup,
  visitorFrom,
  waitForServiceWorker,
} from './support.ts';

/** Safari on an iPhone: the iOS install hint is one of the prompts. */
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The push alert waits until the page has been open this long (src/pwa/push-alert.tsx). */
const PUSH_ALERT_AFTER_MS = 15_000;

/** The prompts of the priority list (src/app/prompts.ts), as a member sees them. */
function prompts(page: Page): Record<string, Locator> {
  return {
    'entry warning': page.getByRole('dialog', { name: 'Adults only' }),
    'signup modal': page.getByRole('dialog', { name: 'Create your free account' }),
    'activation reminder': page.getByRole('region', { name: 'Please confirm your e-mail address' }),
    'offer popup': page.getByRole('dialog', { name: /% off/ }),
    'push opt-in': page.getByText('Turn on notifications to hear about new messages'),
    'photo alert': page.getByText('Members with a photo get many more replies.'),
    install: page.getByRole('complementary', { name: 'Install this app' }),
  };
}

/** The names of the prompts visible on `page` now. */
async function visiblePrompts(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const [name, locator] of Object.entries(prompts(page))) if (await locator.isVisible()) shown.push(name);
  return shown;
}

/** Waits until exactly `name` is the one prompt on screen (none when null). */
async function expectOnlyPrompt(page: Page, name: string | null): Promise<void> {
  await expect.poll(() => visiblePrompts(page)).toEqual(name === null ? [] : [name]);
}

/**
 * What a tap at the centre of `control` reaches: 'itself' when `elementFromPoint` finds it or something inside it,
 * else the tag and class of what covers it.
 */
function tapReaches(control: Locator): Promise<string> {
  return control.evaluate((el) => {
    el.scrollIntoView({ block: 'nearest' });
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit !== null && el.contains(hit)) return 'itself';
    return hit === null ? 'nothing' : `${hit.tagName.toLowerCase()}.${hit.className}`;
  });
}

/** Waits until a tap at the centre of `control` reaches it. */
async function expectTappable(control: Locator): Promise<void> {
  const name = await control.evaluate((el) => el.outerHTML.slice(0, 120));
  await expect.poll(() => tapReaches(control), { message: name }).toBe('itself');
}

/** Every visible button and link of `scope` can be tapped. */
async function expectAllTappable(scope: Locator): Promise<void> {
  const controls = scope.locator('button:visible, a:visible');
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expectTappable(controls.nth(i));
}

test("a new member's first five screens on a phone: one prompt at a time, and the toasts and the dock cover no control", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA });
  const page = await context.newPage();
  // A visitor from the Netherlands gets the entry warning (spec 1).
  await visitorFrom(page, 'NL');
  await page.clock.install();
  const sanne = await findMember(page.request, SANNE.name, SANNE.age);

  // Screen 1: Sanne's signup page. The entry warning is the one prompt, its buttons tappable.
  await page.goto(`/members/${sanne}/signup`);
  const warning = prompts(page)['entry warning'];
  await expect(warning).toBeVisible();
  await expectOnlyPrompt(page, 'entry warning');
  await expectAllTappable(warning);
  await warning.getByRole('button', { name: 'I am 18 or older, enter' }).click();
  await expectOnlyPrompt(page, null);

  const stamp = Date.now();
  await fillSignupSteps(page, { email: `prompts.${stamp}@example.org`, name: `Prompt${stamp % 100000}` });

  // Screen 2: the chat with Sanne. The welcome toast sits clear of the top bar and the back button, and the composer.
  await expect(page).toHaveURL(new RegExp(`/members/${sanne}/chat$`));
  const welcome = page.getByText('Welcome! Please check your e-mail to activate your account.');
  await expect(welcome).toBeVisible();
  await expectOnlyPrompt(page, null);
  const back = page.getByRole('link', { name: 'Back to chats' });
  await expect(back).toBeVisible();
  await expectTappable(back);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expectTappable(page.getByRole('textbox', { name: 'Message' }));
  await expect(welcome).toBeVisible();

  // Screen 3: the chat list. The activation reminder is the one prompt; the photo alert and the install hint wait.
  await back.click();
  await expect(page).toHaveURL('/chats');
  await expectOnlyPrompt(page, 'activation reminder');
  await expectAllTappable(page.getByRole('banner'));
  const reminder = prompts(page)['activation reminder'];
  await expectAllTappable(reminder);
  await reminder.getByRole('button', { name: 'Close' }).click();
  await expectOnlyPrompt(page, 'photo alert');

  // Screen 4: the search. The push alert comes due and, of higher priority, takes the photo alert's place.
  await page.getByRole('link', { name: 'Search members' }).first().click();
  await expect(page.getByRole('heading', { name: 'Search members' })).toBeVisible();
  await expectOnlyPrompt(page, 'photo alert');
  await page.clock.fastForward(PUSH_ALERT_AFTER_MS);
  await expectOnlyPrompt(page, 'push opt-in');

  // The welcome like's modal (news, not a prompt) opens with the push alert's dock showing: all its buttons tappable.
  const like = page.getByRole('dialog', { name: / likes you$/ });
  await expect(async () => {
    await page.clock.fastForward(AUTO_LIKE_DELAY_MS);
    await expect(like).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(prompts(page)['push opt-in']).toBeVisible();
  await expectAllTappable(like);
  await like.getByRole('button', { name: 'Later' }).click();
  await expect(like).toBeHidden();
  await expectOnlyPrompt(page, 'push opt-in');

  // Screen 5: the likes. Each prompt closed gives the next its turn: the photo alert again, then the install hint.
  await page
    .getByRole('link', { name: /^Likes/ })
    .first()
    .click();
  await expect(page).toHaveURL('/likes');
  await expectOnlyPrompt(page, 'push opt-in');
  const dock = page.locator('.push-dock');
  await expectAllTappable(dock);
  await dock.getByRole('button', { name: 'Close' }).click();
  await expectOnlyPrompt(page, 'photo alert');
  await page.getByRole('button', { name: 'Hide this tip' }).click();
  await expectOnlyPrompt(page, 'install');
  const install = prompts(page).install;
  await expectAllTappable(install);
  await install.getByRole('button', { name: 'Close' }).click();
  await expectOnlyPrompt(page, null);
  await context.close();
});

test('the match modal and the offer popup at 390x844: every button tappable with the push dock showing, one prompt at a time', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA });
  const page = await context.newPage();
  const other = await browser.newContext();
  // A new member at 0 credits (five messages to Sanne) who liked another new member.
  const me = await signup(page.request);
  const them = await signup(other.request);
  const sanne = await findMember(page.request, SANNE.name, SANNE.age);
  for (let i = 0; i < 5; i++) await sendMessage(page.request, sanne, `Hello ${i + 1}`);
  expect(await credits(page.request)).toBe(0);
  expect((await page.request.post('/api/like.php', { data: { profile: them.id } })).ok()).toBe(true);
  // The site's welcome like opens its own modal: the match is this test's news.
  await page.route('**/api/auto-like.php', (route) => route.fulfill({ json: { profile: null } }));
  await page.clock.install();
  const live = page.waitForRequest((r) => r.url().includes('/api/events.php'));
  await page.goto('/members');
  await live;
  // The push alert asks once the worker has answered whether push is on.
  await waitForServiceWorker(page);

  // The photo alert first, then the push alert that outranks it once due.
  await expectOnlyPrompt(page, 'photo alert');
  await page.clock.fastForward(PUSH_ALERT_AFTER_MS);
  await expectOnlyPrompt(page, 'push opt-in');

  // The like back: "It's a match!" over the dock, its "Keep browsing" and every other button tappable.
  expect((await other.request.post('/api/like.php', { data: { profile: me.id } })).ok()).toBe(true);
  const match = page.getByRole('dialog', { name: "It's a match!" });
  await expect(match).toBeVisible();
  await expect(prompts(page)['push opt-in']).toBeVisible();
  await expectAllTappable(match);
  await match.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(match).toBeHidden();

  // 40 s into the members area the time-bonus popup takes the dock's place, and hands it back when closed.
  await page.clock.fastForward(41_000);
  await expectOnlyPrompt(page, 'offer popup');
  const popup = prompts(page)['offer popup'];
  await expectAllTappable(popup);
  await popup.getByRole('button', { name: 'Maybe later' }).click();
  await expectOnlyPrompt(page, 'push opt-in');
  await other.close();
  await context.close();
});
