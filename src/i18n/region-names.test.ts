// The region names of locales/<lng>/regions.json (scripts/region-names.ts) and their accessor: every region the server
// lists has a name in every language, English's are the server's own, and the names read as names (no kind words).
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../contract/index.ts';
import { regionsOf } from '../../server/services/geo.ts';
import { siteLanguages } from './language.ts';
import { regionCode, regionName, REGIONS_NS, sortedRegions } from './region-names.ts';

type Table = Record<string, Record<string, string>>;
const tables = Object.fromEntries(
  siteLanguages.map((lng) => [
    lng,
    JSON.parse(readFileSync(new URL(`../../locales/${lng}/regions.json`, import.meta.url), 'utf8')) as Table,
  ]),
);

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: {} });
  for (const lng of siteLanguages) i18next.addResourceBundle(lng, REGIONS_NS, tables[lng]);
});

describe('region names', () => {
  it("names in English every region of the server's countries as the server does (npm run regions:names is current)", () => {
    for (const country of countries)
      expect(tables.en[country], country).toEqual(Object.fromEntries(regionsOf(country).regions.map((r) => [r.code, r.name])));
  });

  it.each(siteLanguages.filter((l) => l !== 'en'))('%s: a name for every region, without the kind of region', (lng) => {
    for (const country of countries) {
      const names = tables[lng][country];
      expect(Object.keys(names).sort(), `${lng} ${country}`).toEqual(Object.keys(tables.en[country]).sort());
      for (const name of Object.values(names)) {
        expect(name, `${lng} ${country}`).toMatch(/^\P{Ll}/u);
        expect(name).not.toMatch(
          /²|\(|^(Provinz|Woiwodschaft|Kanton|Autonome) |^(canton|comté|voïvodie|provincia|voivodato|contea) /i,
        );
        // Finnish keeps "<genitive> <kind>" whole ("Trøndelagin fylke"): the kind cannot go without declining the name.
        if (lng !== 'fi') expect(name).not.toMatch(/ (län|fylke|Region)$|^województwo /);
      }
    }
  });

  it("gives the reader's name of a region the server names in English", () => {
    expect(regionName('DE', 'Bavaria', 'de')).toBe('Bayern');
    expect(regionName('DE', 'Bavaria', 'fr')).toBe('Bavière');
    expect(regionName('PL', 'Lesser Poland', 'pl')).toBe('Małopolskie');
    expect(regionName('PL', 'Lesser Poland', 'de')).toBe('Kleinpolen');
    expect(regionName('NL', 'North Brabant', 'nl')).toBe('Noord-Brabant');
    expect(regionName('CH', 'Zürich', 'fr')).toBe('Zurich');
    expect(regionName('CH', 'St. Gallen', 'it')).toBe('San Gallo');
    expect(regionName('ES', 'Madrid', 'es')).toBe('Madrid');
    expect(regionName('SE', 'Skåne', 'fr')).toBe('Scanie');
    expect(regionName('FI', 'Åland Islands', 'fi')).toBe('Ahvenanmaa');
    // English stays as the server names it; a name that is no region of the country stays as written.
    expect(regionName('DE', 'Bavaria', 'en')).toBe('Bavaria');
    expect(regionName('DE', 'Amsterdam', 'de')).toBe('Amsterdam');
    expect(regionName('NL', 'Bavaria', 'de')).toBe('Bavaria');
    // A lander's place is put as a region only when it is one (lander-copy.ts).
    expect(regionCode('DE', 'Bavaria')).toBe('BY');
    expect(regionCode('NL', 'Amsterdam')).toBeNull();
  });

  it("sorts a region menu by the reader's names, keeping the codes the API expects", () => {
    const regions = regionsOf('DE').regions;
    const sorted = sortedRegions('DE', regions, 'pl');
    expect(sorted.map((r) => r.name)).toEqual(
      regions.map((r) => tables.pl.DE[r.code]).sort((a, b) => new Intl.Collator('pl').compare(a, b)),
    );
    expect(sorted.find((r) => r.name === 'Bawaria')?.code).toBe('BY');
    expect(sortedRegions('DE', regions, 'en').map((r) => r.name)).toEqual(regions.map((r) => r.name));
  });
});
