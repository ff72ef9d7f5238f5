// The marketing landers and member landings (spec 2): each opens as its own page in the lander layout, its call
// to action opens the signup modal, tracking data of the URL goes with the signup, and a member landing leads
// through signup into the chat with that member.
import { expect, test, type Page } from '@playwright/test';
import { fillSignupSteps, findMember, SANNE } from './support.ts';

/** Every lander with the heading it opens with; `slug` is tried too where the route takes one. */
const landers: { path: string; heading: RegExp; slug?: string; sluggedHeading?: RegExp }[] = [
  { path: '/landers/tinderswipe', heading: /Swipe right on singles near you/ },
  { path: '/landers/alonetonight', heading: /Alone tonight\?/, slug: 'amsterdam', sluggedHeading: /Alone tonight\?/ },
  {
    path: '/landers/collagelanding',
    heading: /Meet singles near you/,
    slug: 'amsterdam',
    sluggedHeading: /Meet singles in Amsterdam/,
  },
  { path: '/landers/gallery', heading: /New singles near you/, slug: 'milf', sluggedHeading: /New mature women near you/ },
  { path: '/landers/iconslanding', heading: /What are you into\?/, slug: 'bdsm', sluggedHeading: /What are you into\?/ },
  { path: '/landers/maplanding', heading: /Find singles on the map/, slug: 'gay', sluggedHeading: /Find gay men on the map/ },
  {
    path: '/landers/socialnetwork',
    heading: /See what singles share today/,
    slug: 'utrecht',
    sluggedHeading: /See what singles share today/,
  },
  {
    path: '/landers/transitionsvideolanding',
    heading: /Your next date is one click away/,
    slug: 'berlin',
    sluggedHeading: /Your next date is one click away/,
  },
  { path: '/landers/video', heading: /Video chat with singles/, slug: 'gilf', sluggedHeading: /Video chat with women over 60/ },
];

/** Collects console errors of `page`. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

test('every lander opens its own page, with and without a slug, and no console errors', async ({ page }) => {
  const errors = consoleErrors(page);
  const seen = new Set<string>();
  for (const l of landers) {
    const variants: [string, RegExp][] = [[l.path, l.heading]];
    if (l.slug && l.sluggedHeading) variants.push([`${l.path}/${l.slug}`, l.sluggedHeading]);
    for (const [path, heading] of variants) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(page.getByText('This page could not be found')).toHaveCount(0);
      // The demo members' photos (real generated portraits) have loaded, sized, with the member as alt text (none
      // beside a caption of the member: read twice otherwise).
      const photo = page.locator('main img[alt*=", "], main li:has(> span[translate="no"]) > img[alt=""]').first();
      await expect(photo, path).toBeVisible();
      expect(await photo.getAttribute('width'), path).not.toBeNull();
      // Portraits are drawn on the server at first request: give the first ones time.
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          message: path,
          timeout: 30_000,
        })
        .toBe(true);
      // Each lander has its own look: its own class on the page.
      seen.add((await page.locator('main section').first().getAttribute('class')) ?? '');
    }
  }
  expect(seen.size).toBe(landers.length);
  expect(errors).toEqual([]);
});

test('the call to action opens the signup modal, and tracking parameters go with the signup', async ({ page }) => {
  await page.goto('/landers/gallery/amsterdam?network=x&ref=y');
  await page.getByRole('button', { name: 'See all profiles' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your free account' });
  await expect(dialog).toBeVisible();
  const stamp = Date.now();
  const request = page.waitForRequest((r) => r.url().endsWith('/api/signup.php') && r.method() === 'POST');
  await fillSignupSteps(dialog, {
    email: `lander.${stamp}@example.org`,
    name: `Lander${stamp % 100000}`,
    date_of_birth: '1985-06-01',
  });
  expect((await request).postDataJSON().tracking).toMatchObject({ network: 'x', ref: 'y' });
  // A lander's signup goes on to the completion step like any other (a member landing goes to that member's chat).
  await expect(page).toHaveURL('/complete-signup');
});

test('the swipe demo swipes by buttons and opens the signup modal on the third swipe', async ({ page }) => {
  await page.goto('/landers/tinderswipe');
  for (let i = 0; i < 3; i++) {
    const like = page.getByRole('button', { name: /^Like / });
    await expect(like).toBeEnabled();
    await like.click();
  }
  await expect(page.getByRole('dialog', { name: 'Create your free account' })).toBeVisible();
});

test('a member landing leads into signup and then the chat with that member', async ({ page }) => {
  const id = await findMember(page.request, SANNE.name, SANNE.age);
  const errors = consoleErrors(page);
  for (const [path, heading] of [
    [`/members/${id}/landing`, 'Meet Sanne'],
    [`/members/${id}/landing2`, 'Sanne sent you a message'],
    [`/members/${id}/landing2/berlin`, 'Sanne sent you a message'],
    [`/members/${id}/landing3/utrecht`, "Sanne's photos"],
    [`/members/${id}/signup`, 'Sign up to chat with Sanne'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
  }
  expect(errors).toEqual([]);

  await page.goto(`/members/${id}/landing3?network=partner&ref=r1`);
  await page.getByRole('button', { name: 'Chat with Sanne' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your free account' });
  const stamp = Date.now();
  await fillSignupSteps(dialog, {
    email: `member.lander.${stamp}@example.org`,
    name: `Visitor${stamp % 100000}`,
    date_of_birth: '1980-02-03',
  });
  await expect(page).toHaveURL(new RegExp(`/members/${id}/chat$`));
  const me = await (await page.request.get('/api/user.php')).json();
  expect(me.user.email).toBe(`member.lander.${stamp}@example.org`);
});

test('the signup page of a member signs up in place and opens the chat with them', async ({ page }) => {
  const id = await findMember(page.request, SANNE.name, SANNE.age);
  await page.goto(`/members/${id}/signup`);
  const stamp = Date.now();
  await fillSignupSteps(page, {
    email: `member.signup.${stamp}@example.org`,
    name: `Direct${stamp % 100000}`,
    date_of_birth: '1979-09-09',
  });
  await expect(page).toHaveURL(new RegExp(`/members/${id}/chat$`));
});
