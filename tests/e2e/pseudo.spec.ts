// The marker language (src/i18n/index.ts PSEUDO_KEY) wraps every text from i18next in ⟦ ⟧; walking every
// route as a visitor and as a member, a visible interface text without the marks bypassed i18next. What members
// wrote themselves (names, profile texts, messages) is marked translate="no" and dates are <time> elements: skipped.
import { expect, test, type Page } from '@playwright/test';
import { paths } from './route-paths.ts';
import { findMember, SANNE, sendMessage, signup } from './support.ts';

/** The visible texts and labels of the page that are not between ⟦ and ⟧. */
async function unmarkedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    // Skipped: data (translate="no"), texts in a language of their own (a [lang] below <html>: language names,
    // content blocks from the server), dates (<time>, from Intl), country lists (<select>, from Intl).
    const skip = (el: Element | null) =>
      !el ||
      !!el.closest('[translate="no"], script, style, noscript, time, select, svg, [aria-hidden="true"]') ||
      el.closest('[lang]') !== document.documentElement ||
      !(el as HTMLElement).checkVisibility?.();
    const words = /\p{L}{2}/u;
    // A text from <Trans> spans several nodes (⟦Hello <b>name</b>⟧): count the marks in document order.
    let depth = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const inside = depth > 0 || text.includes('⟦');
      depth += (text.match(/⟦/g)?.length ?? 0) - (text.match(/⟧/g)?.length ?? 0);
      if (!inside && words.test(text) && !skip(node.parentElement)) found.push(text.trim().slice(0, 60));
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (skip(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name);
        if (value && words.test(value) && !value.includes('⟦')) found.push(`${name}="${value.slice(0, 60)}"`);
      }
    }
    return [...new Set(found)];
  });
}

/** Opens each path at 390 px in the marker language and answers the unmarked texts, per path. */
async function walk(page: Page, list: string[]): Promise<string[]> {
  await page.addInitScript(() => localStorage.setItem('i18n-pseudo', '1'));
  await page.setViewportSize({ width: 390, height: 900 });
  const problems: string[] = [];
  for (const path of list) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main').first()).toBeVisible();
    for (const text of await unmarkedTexts(page)) problems.push(`${path}: ${text}`);
  }
  return problems;
}

test('a visitor sees no interface text that bypasses i18next, on any route', async ({ page, request }) => {
  test.setTimeout(300_000);
  const member = await findMember(request, SANNE.name, SANNE.age);
  expect(await walk(page, paths(member, null))).toEqual([]);
});

test('a member sees no interface text that bypasses i18next, on any route', async ({ page }) => {
  test.setTimeout(300_000);
  await signup(page.request);
  const member = await findMember(page.request, SANNE.name, SANNE.age);
  await sendMessage(page.request, member, 'Hello from the marker-language walk');
  expect(await walk(page, paths(member, null))).toEqual([]);
});
