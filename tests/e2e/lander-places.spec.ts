// The member landing's greeting (spec 2: /members/{id}/landing2/{slug?}) in all 11 languages: with a place slug it says
// the member is there too, without one that they live nearby; never a sentence built from "near you".
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { languages } from '../../contract/common.ts';
import { findMember, SANNE } from './support.ts';

/** The place texts of `lng`'s landers namespace, as the screen should show them. */
function placeTexts(lng: string): { greetingIn: string; greetingNear: string } {
  return JSON.parse(readFileSync(`locales/${lng}/landers.json`, 'utf8')).place;
}

test('the landing2 greeting names the place of the slug, or says the member lives nearby, in every language', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const host = new URL(baseURL!).hostname;
  const id = await findMember(page.request, SANNE.name, SANNE.age);
  for (const lng of languages) {
    await context.addCookies([{ name: 'lang', value: lng, domain: host, path: '/' }]);
    const texts = placeTexts(lng);

    await page.goto(`/members/${id}/landing2`);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    const first = page.locator('.invite-chat .bubble-in').first();
    await expect(first, `${lng} without a place`).toHaveText(texts.greetingNear);

    await page.goto(`/members/${id}/landing2/amsterdam`);
    await expect(first, `${lng} in Amsterdam`).toHaveText(texts.greetingIn.replace('{{place}}', 'Amsterdam'));
    if (lng === 'en') await page.screenshot({ path: '.tmp/landplace-landing2-en.png' });
    if (lng === 'pl') await page.screenshot({ path: '.tmp/landplace-landing2-pl.png' });
  }
});
