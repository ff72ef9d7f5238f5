// The translations' shape (docs/i18n.md "Checks"), beside `npm run i18n` (i18n-check: missing keys, interpolation
// variables, keys used in the code but absent in English): every language has every namespace, no key English
// lacks (except the gender forms `_male`/`_female` of one it has, for words that agree with a member's gender), and
// for each plural key exactly the plural categories Intl.PluralRules gives that language.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteLanguages } from './language.ts';

const root = new URL('../../locales/', import.meta.url);
const namespaces = readdirSync(new URL('en/', root))
  .filter((f) => f.endsWith('.json'))
  .sort();
const present = siteLanguages.filter((lng) => lng !== 'en' && readdirSync(root).includes(lng));
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** An i18next context suffix for a member's gender (profile-details.tsx): a language adds it where it needs it. */
const GENDER = /_(male|female)$/;

/** The dotted leaf keys of a namespace file. */
function leafKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

const read = (lng: string, ns: string) => JSON.parse(readFileSync(new URL(`${lng}/${ns}`, root), 'utf8')) as unknown;

/** The keys `lng` must have: English's, with each plural key's suffixes replaced by the categories of `lng`. */
function expectedKeys(lng: string, ns: string): string[] {
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of leafKeys(read('en', ns))) {
    if (PLURAL.test(key)) for (const c of categories) keys.add(key.replace(PLURAL, `_${c}`));
    else keys.add(key);
  }
  return [...keys].sort();
}

describe('locales', () => {
  it('has every language of the site (spec 1)', () => {
    expect(present.sort()).toEqual(siteLanguages.filter((l) => l !== 'en'));
  });

  describe.each(present)('%s', (lng) => {
    it('has every namespace of English', () => {
      expect(
        readdirSync(new URL(`${lng}/`, root))
          .filter((f) => f.endsWith('.json'))
          .sort(),
      ).toEqual(namespaces);
    });

    it.each(namespaces)("%s: the keys of English, with this language's plural categories, and no empty text", (ns) => {
      const tree = read(lng, ns);
      const expected = expectedKeys(lng, ns);
      const gendered = (k: string) => GENDER.test(k) && expected.includes(k.replace(GENDER, ''));
      expect(
        leafKeys(tree)
          .filter((k) => !gendered(k))
          .sort(),
      ).toEqual(expected);
      const empty = leafKeys(tree).filter(
        (k) => k.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) === '',
      );
      expect(empty).toEqual([]);
    });
  });
});
