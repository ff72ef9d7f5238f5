import { describe, expect, it } from 'vitest';
import { countryName, knownCountryNames, seedCountryNames, sortedCountries } from './country-names.ts';

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

describe('seeded names', () => {
  it('hands the names looked up to a page, which then answers them without Intl', () => {
    countryName('FI', 'fi');
    const names = knownCountryNames('fi');
    expect(names.FI).toBe('Suomi');
    seedCountryNames('xx', { FI: 'Finland (seeded)' });
    expect(countryName('FI', 'xx')).toBe('Finland (seeded)');
  });
});
