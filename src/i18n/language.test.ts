import { describe, expect, it } from 'vitest';
import { languages } from '../../contract/index.ts';
import { isLanguage, languageNames, pickLanguage, siteLanguages, visibleLanguages } from './language.ts';

describe('pickLanguage (spec 9)', () => {
  it('prefers the lang cookie, then the domain language, then en', () => {
    expect(pickLanguage('nl', 'de-DE')).toBe('nl');
    expect(pickLanguage(null, 'de-DE')).toBe('de');
    expect(pickLanguage('xx', 'FR')).toBe('fr');
    expect(pickLanguage(null, 'pt-BR')).toBe('en');
    expect(pickLanguage(undefined, undefined)).toBe('en');
  });

  it('knows the same 11 languages as the contract, each with its own name', () => {
    expect([...siteLanguages]).toEqual([...languages]);
    expect(Object.keys(languageNames).sort()).toEqual([...languages].sort());
    expect(isLanguage('sv')).toBe(true);
    expect(isLanguage('en-GB')).toBe(false);
  });
});

describe('visibleLanguages (spec 9)', () => {
  it("offers the country's languages, the current one kept, every language without a country", () => {
    expect(visibleLanguages('CH', 'de')).toEqual(['de', 'it', 'fr', 'en']);
    expect(visibleLanguages('FI', 'sv')).toEqual(['fi', 'sv']);
    expect(visibleLanguages('NL', 'pl')).toEqual(['nl', 'pl']);
    expect(visibleLanguages(null, 'en')).toBe(siteLanguages);
  });
});
