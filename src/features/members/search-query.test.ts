import { describe, expect, it } from 'vitest';
import type { Settings, User } from '../../../contract/index.ts';
import { initSearch, searchKey, searchState } from './search-store.ts';
import { defaultFilters, keyOf, preferredGender, searchPath } from './search-query.ts';

describe('preferredGender', () => {
  it('gives the opposite gender for hetero members', () => {
    expect(preferredGender('male', 'hetero')).toBe('female');
    expect(preferredGender('female', 'hetero')).toBe('male');
  });
  it('gives the same gender for gay and lesbian members', () => {
    expect(preferredGender('male', 'gay')).toBe('male');
    expect(preferredGender('female', 'lesbian')).toBe('female');
  });
  it('gives everyone when unknown or bi', () => {
    expect(preferredGender(undefined, undefined)).toBe('');
    expect(preferredGender('male', 'bi')).toBe('');
  });
});

const member = (country: string | null) => ({ profile: { gender: 'male', sexuality: 'hetero', country } }) as unknown as User;
const site = (selected: string | null, guessed: string | null) =>
  ({ geoip_selected_country: selected, geoip_country: guessed }) as Settings;

describe('defaultFilters', () => {
  it("takes the member's country, else the chosen one, else the guessed one, and drops unknown countries", () => {
    expect(defaultFilters(member('NL'), site('DE', 'FR'))).toEqual({
      gender: 'female',
      country: 'NL',
      countryregion: '',
      min_age: 18,
      max_age: 99,
    });
    expect(defaultFilters(null, site('DE', 'FR')).country).toBe('DE');
    expect(defaultFilters(null, site(null, 'FR'))).toEqual({
      gender: '',
      country: 'FR',
      countryregion: '',
      min_age: 18,
      max_age: 99,
    });
    expect(defaultFilters(member('XX'), null).country).toBe('');
  });

  it("takes a niche site's gender and ages (spec 1 niche): men on gay, women 60-99 on gilf, 35-55 on milf", () => {
    const niche = (n: number) => ({ geoip_selected_country: null, geoip_country: 'NL', niche: n }) as Settings;
    expect(defaultFilters(null, niche(6))).toMatchObject({ gender: 'male', min_age: 18, max_age: 99 });
    expect(defaultFilters(null, niche(1))).toMatchObject({ gender: 'female', min_age: 18, max_age: 99 });
    expect(defaultFilters(null, niche(2))).toMatchObject({ gender: '', min_age: 18, max_age: 99 });
    expect(defaultFilters(null, niche(4))).toMatchObject({ gender: 'female', min_age: 60, max_age: 99 });
    expect(defaultFilters(null, niche(5))).toMatchObject({ gender: 'female', min_age: 35, max_age: 55 });
    // A member's own preference wins over the niche's gender; the niche's ages stay.
    expect(defaultFilters(member('NL'), niche(4))).toMatchObject({ gender: 'female', min_age: 60 });
    const gayMember = { profile: { gender: 'male', sexuality: 'gay', country: 'NL' } } as unknown as User;
    expect(defaultFilters(gayMember, niche(1)).gender).toBe('male');
  });
});

describe('searchPath', () => {
  it('leaves empty filters out, as the API client does', () => {
    expect(searchPath(defaultFilters(null, null), 1)).toBe('/api/members.php?min_age=18&max_age=99&page=1');
    expect(searchPath(defaultFilters(member('NL'), null), 2)).toBe(
      '/api/members.php?gender=female&country=NL&min_age=18&max_age=99&page=2',
    );
  });
});

describe('initSearch', () => {
  it('applies the defaults once per user', () => {
    initSearch(defaultFilters(member('NL'), null), 1);
    expect(searchState).toMatchObject({ gender: 'female', country: 'NL', didInit: true });
    expect(searchKey()).toBe(keyOf(defaultFilters(member('NL'), null)));
    initSearch(defaultFilters(null, site('DE', null)), 1);
    expect(searchState.country).toBe('NL');
    initSearch(defaultFilters(null, site('DE', null)), 2);
    expect(searchState).toMatchObject({ gender: '', country: 'DE' });
  });
});
