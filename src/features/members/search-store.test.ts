import { describe, expect, it } from 'vitest';
import { initSearch, preferredGender, searchState } from './search-store.ts';

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

describe('initSearch', () => {
  it('applies the defaults once and ignores unknown countries', () => {
    initSearch({ gender: 'female', country: 'XX' });
    expect(searchState).toMatchObject({ gender: 'female', country: '', didInit: true });
    initSearch({ gender: 'male', country: 'NL' });
    expect(searchState.gender).toBe('female');
  });
});
