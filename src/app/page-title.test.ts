// The tab title (spec 2): each route names itself in the reader's language, a profile by the member's name and age;
// the site's index title only where a screen has no title of its own.
import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { siteLanguages } from '../i18n/language.ts';
import { documentTitle } from './page-title.ts';

const SITE = { name: 'Heartline', index_title: 'Heartline – meet adults near you' };
const NAMESPACES = ['pages', 'members', 'likes', 'chat'];

/** An i18next instance with the real translations of `lng`. */
async function translator(lng: string) {
  const resources = Object.fromEntries(
    NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(new URL(`../../locales/${lng}/${ns}.json`, import.meta.url), 'utf8'))]),
  );
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: resources }, ns: NAMESPACES, interpolation: { escapeValue: false } });
  return i18n.t;
}

/** The screen titles of a few routes, with the keys their screens set (usePageTitle). */
const ROUTES = {
  '/members': ['members:title'],
  '/likes': ['likes:title'],
  '/chats': ['chat:list.title'],
  '/members/:id': ['pages:titles.member', { name: 'Sanne', age: 34 }],
  '/': ['pages:titles.home'],
} as const;

describe('page titles', () => {
  it('composes the screen title with the site name, the index title without one, and the new-things prefix', () => {
    expect(documentTitle(0, 'Likes', SITE)).toBe('Likes - Heartline');
    expect(documentTitle(2, 'Likes', SITE)).toBe('(2) Likes - Heartline');
    expect(documentTitle(0, null, SITE)).toBe(SITE.index_title);
    expect(documentTitle(0, null, { name: 'Heartline', index_title: '' })).toBe('Heartline');
  });

  it.each(siteLanguages)('%s: each route has its own title in the language, a profile its name and age', async (lng) => {
    const t = await translator(lng);
    const english = await translator('en');
    const titles = Object.entries(ROUTES).map(([, [key, values]]) =>
      documentTitle(0, t(key, values as Record<string, unknown> | undefined), SITE),
    );
    expect(new Set(titles).size, titles.join(' | ')).toBe(titles.length);
    for (const title of titles) {
      expect(title).not.toBe(SITE.index_title);
      expect(title.endsWith(' - Heartline'), title).toBe(true);
    }
    expect(titles[3]).toMatch(/^Sanne, 34\b/);
    // Screen titles are words of the language: English's only where the language uses the same word ("Chat").
    if (lng !== 'en') {
      const en = Object.entries(ROUTES).map(([, [key, values]]) => english(key, values as Record<string, unknown> | undefined));
      expect(t('pages:titles.home')).not.toBe(en[4]);
      expect(t('members:title')).not.toBe(en[0]);
    }
  });
});
