import { describe, expect, it } from 'vitest';
import { countries } from '../../contract/index.ts';
import { citiesOf, regionName, regionsOf } from './geo.ts';

describe('geo', () => {
  it('lists regions with cities for every country of the contract', () => {
    expect(countries).toHaveLength(19);
    for (const c of countries) {
      const r = regionsOf(c);
      expect(r.country).toBe(c);
      expect(r.regions.length).toBeGreaterThan(2);
      const withCities = r.regions.filter((x) => citiesOf(c, x.code).length > 0);
      expect(withCities.length, c).toBeGreaterThanOrEqual(3);
      for (const x of r.regions) expect(regionName(c, x.code)).toBe(x.name);
    }
  });

  it('names the kind of region per country', () => {
    expect(regionsOf('US').label).toBe('state');
    expect(regionsOf('DE').label).toBe('land');
    expect(regionsOf('NL').label).toBe('province');
    expect(regionsOf('CH').label).toBe('canton');
    expect(regionsOf('PL').label).toBe('voivodeship');
    expect(regionsOf('SE').label).toBe('county');
    expect(regionsOf('FR').label).toBe('region');
  });

  it('keeps one level and drops overseas and junk entries', () => {
    expect(regionsOf('US').regions).toHaveLength(51);
    expect(regionsOf('NL').regions.map((r) => r.code)).not.toContain('BQ1');
    expect(regionsOf('FR').regions).toHaveLength(13);
    expect(regionsOf('IT').regions).toHaveLength(20);
    expect(
      regionsOf('GB')
        .regions.map((r) => r.name)
        .sort(),
    ).toEqual(['England', 'Northern Ireland', 'Scotland', 'Wales']);
    expect(regionsOf('PL').regions.every((r) => !r.name.endsWith('Voivodeship'))).toBe(true);
  });

  it('returns real towns, repaired where the dataset misfiles them', () => {
    expect(citiesOf('NL', 'NH')).toContain('Amsterdam');
    expect(citiesOf('GB', 'NIR')).toContain('Belfast');
    expect(citiesOf('ES', 'CL')).toContain('Valladolid');
    expect(citiesOf('FI', '15')).toContain('Kuopio');
    expect(citiesOf('DE', 'BY')).toContain('Munich');
    const all = countries.flatMap((c) => regionsOf(c).regions.flatMap((r) => citiesOf(c, r.code)));
    expect(all.filter((n) => /\b(Kommune|County|District|Borough|Provincia)$|^Province /.test(n))).toEqual([]);
    expect(all.filter((n) => /\d/.test(n))).toEqual([]);
  });

  it('answers unknown codes with null or an empty list', () => {
    expect(regionName('NL', 'XX')).toBeNull();
    expect(regionName('DE', 'NH')).toBeNull();
    expect(citiesOf('NL', 'XX')).toEqual([]);
  });

  it('memoizes per country', () => {
    expect(regionsOf('DE')).toBe(regionsOf('DE'));
    expect(citiesOf('DE', 'BE')).toBe(citiesOf('DE', 'BE'));
  });
});
