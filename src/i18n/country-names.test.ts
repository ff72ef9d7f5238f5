import { describe, expect, it } from 'vitest';
import { countryName, countryNameOfText, knownCountryNames, seedCountryNames, sortedCountries } from './country-names.ts';

describe('country names', () => {
  it('names a country in the language and sorts a list by its names there', () => {
    expect(countryName('NL', 'en')).toBe('Netherlands');
    expect(countryName('DE', 'nl')).toBe('Duitsland');
    expect(sortedCountries(['NL', 'DE', 'BE'], 'en').map((c) => c.code)).toEqual(['BE', 'DE', 'NL']);
    // In German, Belgien < Deutschland < Niederlande; in Dutch België < Duitsland < Nederland.
    expect(sortedCountries(['NL', 'DE', 'BE'], 'de').map((c) => c.name)).toEqual(['Belgien', 'Deutschland', 'Niederlande']);
  });

  it('answers the same list object for the same language and countries (made once)', () => {
    expect(sortedCountries(['SE', 'NO'], 'sv')).toBe(sortedCountries(['SE', 'NO'], 'sv'));
  });
});

describe('a country written as text', () => {
  it("names an English country name or an ISO code in the reader's language, and leaves other text alone", () => {
    expect(countryNameOfText('Netherlands', 'de', ['NL', 'DE'])).toBe('Niederlande');
    expect(countryNameOfText('netherlands ', 'fr', ['NL'])).toBe('Pays-Bas');
    expect(countryNameOfText('NL', 'pl', ['DE'])).toBe('Holandia');
    expect(countryNameOfText('Netherlands', 'en', ['NL'])).toBe('Netherlands');
    expect(countryNameOfText('Curaçao (Dutch Caribbean)', 'de', ['NL'])).toBe('Curaçao (Dutch Caribbean)');
  });
});

describe('seeded names', () => {
  it('hands the names looked up to a page, which then answers them without Intl', () => {
    countryName('FI', 'fi');
    const { names } = knownCountryNames('fi');
    expect(names.FI).toBe('Suomi');
    seedCountryNames('xx', { names: { FI: 'Finland (seeded)' }, sortedLists: [] });
    expect(countryName('FI', 'xx')).toBe('Finland (seeded)');
  });

  it('hands the sorted lists to a page, which answers them in the same order without sorting again', () => {
    const made = sortedCountries(['SE', 'DK', 'FI'], 'da');
    const seed = knownCountryNames('da');
    expect(seed.sortedLists).toContainEqual(made.map((c) => c.code));
    // Seeded under another language with a made-up order no Collator would give: the seed is answered as it is.
    seedCountryNames('yy', { names: { SE: 'Zweden', DK: 'Aland', FI: 'Moon' }, sortedLists: [['SE', 'FI', 'DK']] });
    expect(sortedCountries(['DK', 'FI', 'SE'], 'yy')).toEqual([
      { code: 'SE', name: 'Zweden' },
      { code: 'FI', name: 'Moon' },
      { code: 'DK', name: 'Aland' },
    ]);
  });
});
