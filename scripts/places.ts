// Writes server/data/places.json, the regions and towns of every country of the contract that the server lists
// (server/services/geo.ts), from the maintained `country-state-city` dataset: real places only. The dataset mixes
// administrative levels and has a few misfiled entries; this script picks one level per country and repairs what is
// plainly misfiled, so the server reads one clean, small list (the whole dataset held ~80 MB of the server's memory).
// Run after a change of the rules below or of the dataset's version, then commit the file: `npm run places`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { City, State } from 'country-state-city';
import { countries, type Country, type RegionsResponse } from '../contract/index.ts';
import type { PlacesFile } from '../server/services/geo.ts';

const OUT = path.resolve(import.meta.dirname, '../server/data/places.json');

type Label = RegionsResponse['label'];

interface CountryRule {
  /** What a region is called in this country (spec 3: "labelled province, state, canton, county etc."). */
  label: Label;
  /** Dataset region codes to keep; absent = all but `exclude`. */
  include?: readonly string[];
  exclude?: (code: string) => boolean;
  /** Region code -> dataset codes whose cities belong to it (repairs misfiled cities). */
  citiesFrom?: Record<string, readonly string[]>;
  /** Display name overrides (region code -> name). */
  rename?: Record<string, string>;
  /** Removed from the end of region names, where the label already says it ("Skåne County" -> "Skåne"). */
  stripSuffix?: RegExp;
}

/**
 * One level per country. Where the dataset offers two levels but attaches cities to only one, that level is
 * the one listed, since a region without cities could never be searched by city:
 * - BE: the three regions (Flanders, Wallonia, Brussels); the ten provinces have no cities in the dataset.
 * - FR: the 13 metropolitan regions; départements have no cities, overseas regions neither.
 * - IT: the 20 regions (numeric codes); provinces and metropolitan cities have no cities.
 * - ES: the 17 autonomous communities plus Ceuta and Melilla; the dataset files all Castile and León cities
 *   under "Léon" (LE), so they are given to Castile and León (CL). Asturias is real but has no cities here.
 * - IE: the four provinces; the 26 counties have no cities in the dataset.
 * - GB: England, Scotland, Wales, Northern Ireland; the 200+ council areas have no cities, and the
 *   Northern Ireland towns are misfiled under North Yorkshire (NYK).
 * - FI: the 19 regions; the old provinces (IS, OL) are dropped; the cities filed under "Pirkanmaa" (11) are
 *   the Northern Savonia ones (Kuopio, Iisalmi, ...), so they go to 15.
 * - NO: the counties as the dataset has them (before the 2020 reform), without the two pre-2018 Trøndelag
 *   halves, Svalbard and Jan Mayen.
 * - US: the 50 states and DC (no territories); NL: without the Caribbean special municipalities.
 */
const rules: Record<Country, CountryRule> = {
  US: { label: 'state', exclude: (c) => c.startsWith('UM') || ['AS', 'GU', 'MP', 'PR', 'VI'].includes(c) },
  NL: { label: 'province', exclude: (c) => c.startsWith('BQ') },
  BE: { label: 'region', include: ['VLG', 'WAL', 'BRU'], rename: { BRU: 'Brussels' } },
  FR: { label: 'region', include: ['ARA', 'BFC', 'BRE', 'CVL', '20R', 'GES', 'HDF', 'IDF', 'NOR', 'NAQ', 'OCC', 'PDL', 'PAC'] },
  IT: { label: 'region', exclude: (c) => !/^\d+$/.test(c) },
  ES: {
    label: 'region',
    include: ['AN', 'AR', 'AS', 'PM', 'PV', 'CN', 'CB', 'CL', 'CM', 'CT', 'CE', 'EX', 'GA', 'RI', 'MD', 'ML', 'MC', 'NC', 'VC'],
    citiesFrom: { CL: ['LE'] },
  },
  DE: { label: 'land' },
  AT: { label: 'land' },
  IE: { label: 'province', include: ['C', 'L', 'M', 'U'] },
  GB: { label: 'region', include: ['ENG', 'SCT', 'WLS', 'NIR'], citiesFrom: { NIR: ['NYK'] } },
  CA: { label: 'province' },
  PL: { label: 'voivodeship', stripSuffix: / Voivodeship$/ },
  AU: { label: 'state' },
  NZ: { label: 'region', stripSuffix: / Region$/ },
  CH: { label: 'canton' },
  DK: { label: 'region' },
  FI: { label: 'region', exclude: (c) => c === 'IS' || c === 'OL', citiesFrom: { '11': [], '15': ['11'] } },
  NO: { label: 'county', exclude: (c) => ['16', '17', '21', '22'].includes(c) },
  SE: { label: 'county', stripSuffix: / County$/ },
};

/** Names of administrative areas, not towns, that the dataset lists among cities. */
const adminSuffix =
  /\s(Kommune|Kommun|Municipality|County|county|Council|District|Regional|Region|Province|Borough|borough|Shire|Census Area|Area|City and Borough)$/;
const adminPrefix =
  /^(Gemeente|Gmina|Powiat|powiat|Comune di|Municipio de|City of|City and|Borough of|Metropolitan Borough|Royal Borough|Province|Provincia|Region|Regional Municipality|Gemeinde|Landkreis|Bezirk|Politischer Bezirk|County) /;
/** Quarters, numbered districts and data-entry leftovers ("Zürich (Kreis 1)", "Marseille 01", "Zona 179", "Buffalo (historical)"). */
const quarter = /\((Kreis|Dorf|historical|Balance|village)|\d|^(Dorf|City|City Center|Zona .*)$|City Centre$| and Dists$|-Land$/;
const areaLike = /shire$|\band\b|\bwith\b|^(North|South|East|West|Mid|Central|Vale of|Isle|Isles) |Islands$/;
/** Region-named entries that are areas, not towns (GB council areas, IT/IE/FR areas); towns of the same name stay. */
const nonTowns: Partial<Record<Country, ReadonlySet<string>>> = {
  GB: new Set([
    'Angus',
    'Calderdale',
    'Cornwall',
    'Cumbria',
    'Devon',
    'Dorset',
    'Essex',
    'Fife',
    'Gwynedd',
    'Halton',
    'Highland',
    'Inverclyde',
    'Kent',
    'Kirklees',
    'Knowsley',
    'Medway',
    'Midlothian',
    'Moray',
    'Norfolk',
    'Northumberland',
    'Rhondda Cynon Taf',
    'Sandwell',
    'Sefton',
    'Somerset',
    'Suffolk',
    'Surrey',
    'Tameside',
    'Trafford',
    'Wales',
    'Bracknell Forest',
  ]),
  IT: new Set(['Molise']),
  IE: new Set(['Laois']),
};

function isTown(name: string, all: ReadonlySet<string>, regionNames: ReadonlySet<string>, country: Country): boolean {
  if (adminSuffix.test(name) || adminPrefix.test(name) || quarter.test(name)) return false;
  // "Adliswil / Sonnenberg" is a quarter of a town; in Spain "Donostia / San Sebastián" is a bilingual name.
  if (name.includes(' / ') && country !== 'ES') return false;
  // GB council areas: "Armagh City Banbridge and Craigavon", "Cheshire West and Chester".
  if (country === 'GB' && / and /.test(name)) return false;
  if (name.endsWith(' City') && all.has(name.slice(0, -5))) return false;
  if (regionNames.has(name)) {
    if (areaLike.test(name) || nonTowns[country]?.has(name)) return false;
    // French départements are listed as cities; only Paris is also a city.
    if (country === 'FR' && name !== 'Paris') return false;
  }
  return true;
}

function build(country: Country): PlacesFile[Country] {
  const rule = rules[country];
  const states = State.getStatesOfCountry(country);
  const regionNames = new Set(states.map((s) => s.name));
  const byState = new Map<string, { name: string; lat: number; lon: number }[]>();
  const allCities = City.getCitiesOfCountry(country) ?? [];
  const all = new Set(allCities.map((c) => c.name));
  for (const c of allCities) {
    if (!isTown(c.name, all, regionNames, country)) continue;
    const list = byState.get(c.stateCode) ?? [];
    // Austrian statutory cities appear as "Graz Stadt" (the district); the town is "Graz". Vienna's "Innere Stadt" stays.
    const name = country === 'AT' && c.name !== 'Innere Stadt' ? c.name.replace(/ Stadt$/, '') : c.name;
    list.push({ name, lat: Number(c.latitude), lon: Number(c.longitude) });
    byState.set(c.stateCode, list);
  }
  const kept = rule.include
    ? rule.include.map((code) => ({ code, name: states.find((s) => s.isoCode === code)?.name ?? '' }))
    : states.filter((s) => !rule.exclude?.(s.isoCode)).map((s) => ({ code: s.isoCode, name: s.name }));
  const regions = kept
    .filter((r) => r.name)
    .map((r) => ({
      code: r.code,
      name: rule.rename?.[r.code] ?? (rule.stripSuffix ? r.name.replace(rule.stripSuffix, '') : r.name),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return {
    label: rule.label,
    regions: regions.map((r) => ({
      ...r,
      // Dataset order; a town without a position stays a town (its name is listed), with null for lat and lon.
      towns: (rule.citiesFrom?.[r.code] ?? [r.code])
        .flatMap((code) => byState.get(code) ?? [])
        .map((t): [string, number | null, number | null] => [
          t.name,
          Number.isFinite(t.lat) ? t.lat : null,
          Number.isFinite(t.lon) ? t.lon : null,
        ]),
    })),
  };
}

writeFileSync(OUT, JSON.stringify(Object.fromEntries(countries.map((c) => [c, build(c)]))));
console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
