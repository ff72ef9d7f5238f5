// Writes locales/<lng>/regions.json, the names of the regions the server lists (server/services/geo.ts, every country
// of the contract) in each site language: country -> region code -> name. English's file holds the dataset's own
// names, which is how a member's region reaches the page; the client maps them with src/i18n/region-names.ts.
// Run after a change of the region list or of the CLDR version, then commit the files: `npm run regions:names`
// (fetches CLDR_PACKAGE with `npm pack`), or `npm run regions:names -- --cldr <dir>` with an unpacked copy of it.
//
// Source: the subdivision names of the Unicode CLDR (common/subdivisions/<lng>.xml), with its subdivision aliases
// (common/supplemental/supplementalMetadata.xml) and territory names (common/main/<lng>.xml), as bundled by the npm
// package `cldr` (papandreou/node-cldr, BSD-3-Clause). The CLDR data is © Unicode, Inc., under the Unicode License
// v3 (https://www.unicode.org/license.txt), which allows copying and redistributing it with that notice.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countries, type Country } from '../contract/index.ts';
import { regionsOf } from '../server/services/geo.ts';
import { siteLanguages } from '../src/i18n/language.ts';

/** The npm package that bundles CLDR (CLDR 48), pinned so that a run gives the same files. */
const CLDR_PACKAGE = 'cldr@8.0.0';
const LOCALES = path.resolve(import.meta.dirname, '../locales');

/** Dataset codes that are not ISO 3166-2 codes: Balearic Islands is ES-IB (PM was its province's), Lapland FI-10. */
const isoCodes: Partial<Record<Country, Record<string, string>>> = { ES: { PM: 'IB' }, FI: { LL: '10' } };

/** The CLDR locale whose files hold a language's data where it has none of its own (Bokmål's are in "no"). */
const cldrParent: Record<string, string> = { nb: 'no' };

/** A rewrite of a CLDR name: `pattern` replaced by `by` ('' when absent). */
type Rule = readonly [pattern: RegExp, by?: string];

/**
 * What takes away the kind of region, which the region field's label already says (spec 3: "labelled province,
 * state, canton, county etc."), from a CLDR name, applied until nothing changes; the result starts with a capital.
 * A kind that carries a name in the genitive is taken away with the genitive ending where the language forms it
 * regularly ("Dalarnas län", "Storpolens vojvodskap"). Finnish names are "<genitive> maakunta/lääni/voivodikunta"
 * ("Keski-Suomen maakunta"): the kind cannot go without declining the name, so they stay whole. Kinds that are part
 * of a proper name stay ("Comunidad Valenciana", "Région flamande", "Regione Siciliana", "Vlaams Gewest").
 */
const everyLanguage: Rule[] = [
  // CLDR's mark of a second subdivision of one name ("La Rioja²": the community, beside the province).
  [/²$/],
  // A disambiguation: "Limburg (nederlandsk provins)", "Southland (Region)".
  [/ \([^)]*\)$/],
  // Swedish county names, which several languages keep: "Dalarnas län", "Skåne län".
  [/^(.+?)s? län$/, '$1'],
  // Polish voivodeship names, also kept by Danish: "województwo małopolskie".
  [/^województwo /i],
  // A stray space after a hyphen: fi "Kastilia- La Mancha".
  [/(\p{L})- (?=\p{Lu})/u, '$1-'],
];
const byLanguage: Record<string, Rule[]> = {
  da: [[/^(Kanton|Region) /], [/ [Rr]egion$/]],
  de: [[/^(Provinz|Woiwodschaft|Autonome Gemeinschaft|Autonome Region|Kanton|Region) /], [/ Region$/]],
  es: [[/^(provincia|voivodato|cantón|comunidad|región|principado) (de la |de las |de los |del |de )/i]],
  fi: [],
  fr: [[/^(canton|comté|voïvodie|région|communauté|communauté forale|province) (de la |de l’|de |d’|du |des )/i]],
  it: [
    [/^cantone? (dei |della |del |di )?/i],
    [/^(contea|voivodato|regione|comunità|provincia) (della |dello |delle |dei |degli |del |di |d’)/i],
  ],
  // "Łódź voivodskap" loses its kind; "Storpolske voivodskap" (an adjective) cannot.
  nb: [[/^Region /], [/^(?!.*ske )(.+) voivodskap$/, '$1']],
  nl: [[/^(Provincie|Woiwodschap) /]],
  pl: [],
  sv: [[/^(Regionen|Region) /], [/ fylke$/], [/^(.+?)s? vojvodskap$/, '$1']],
};

/**
 * CLDR names that are not the region's name, by language and CLDR code, so the dataset's name is used: France's regions
 * under their provisional names of 2016 ("Alsace-Champagne-Ardenne-Lorraine" for Grand Est) and Centre-Val de Loire
 * under its name before 2015; a Finnish genitive without its noun ("Manawatu-Wanganuin"); a misspelling (es "Hasse").
 */
const rejected: Record<string, readonly string[]> = {
  da: ['frcvl', 'frges', 'frhdf', 'frnaq', 'frocc'],
  es: ['dehe'],
  fi: ['frcvl', 'frges', 'frhdf', 'frnaq', 'frocc', 'nzmwt'],
  nb: ['frcvl'],
  sv: ['frcvl', 'frges', 'frhdf', 'frnaq', 'frocc'],
};

const entities: Record<string, string> = { amp: '&', apos: "'", quot: '"', lt: '<', gt: '>' };
const text = (xml: string) => xml.replace(/&(amp|apos|quot|lt|gt);/g, (_m, e: string) => entities[e]);

/** The `<element type="...">name</element>` entries of an LDML file without an `alt` variant: type -> name. */
function entries(file: string, element: string): Map<string, string> {
  let xml: string;
  try {
    xml = readFileSync(file, 'utf8');
  } catch {
    return new Map();
  }
  const found = xml.matchAll(new RegExp(`<${element} type="([^"]+)"(?![^>]*\\balt=)[^>]*>([^<]*)</${element}>`, 'g'));
  return new Map([...found].map((m) => [m[1], text(m[2])]));
}

/** A language's entries, falling back to its CLDR parent's (cldrParent). */
function entriesOf(common: string, dir: string, lng: string, element: string): Map<string, string> {
  const own = entries(path.join(common, dir, `${lng}.xml`), element);
  const parent = cldrParent[lng];
  return parent ? new Map([...entries(path.join(common, dir, `${parent}.xml`), element), ...own]) : own;
}

/** CLDR's subdivision aliases in use (not commented out): code -> replacement (a subdivision or a territory code). */
function aliases(common: string): Map<string, string> {
  const xml = readFileSync(path.join(common, 'supplemental/supplementalMetadata.xml'), 'utf8');
  return new Map([...xml.matchAll(/^\s*<subdivisionAlias type="(\w+)" replacement="(\w+)"/gm)].map((m) => [m[1], m[2]]));
}

/** Downloads and unpacks the CLDR files this script reads into a new temporary directory: its `package` folder. */
function fetchCldr(): { dir: string; cleanup: () => void } {
  const temp = mkdtempSync(path.join(tmpdir(), 'cldr-'));
  console.log(`fetching ${CLDR_PACKAGE}...`);
  const tarball = execFileSync('npm', ['pack', CLDR_PACKAGE, '--silent', '--pack-destination', temp], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()!;
  const wanted = ['subdivisions', 'main', 'supplemental/supplementalMetadata.xml'].map(
    (p) => `package/3rdparty/cldr/common/${p}`,
  );
  execFileSync('tar', ['-xzf', path.join(temp, tarball), '-C', temp, ...wanted]);
  return { dir: path.join(temp, 'package'), cleanup: () => rmSync(temp, { recursive: true, force: true }) };
}

/** `name` without the kinds of `rules`, with a capital first letter in `lng`. */
function withoutKind(name: string, rules: readonly Rule[], lng: string): string {
  let result = name;
  for (let before = ''; before !== result;) {
    before = result;
    for (const [pattern, by = ''] of rules) result = result.replace(pattern, by).trim();
  }
  return result.charAt(0).toLocaleUpperCase(lng) + result.slice(1);
}

function main() {
  const args = process.argv.slice(2);
  const given = args.indexOf('--cldr');
  const cldr = given >= 0 ? { dir: path.resolve(args[given + 1]), cleanup: () => {} } : fetchCldr();
  try {
    const common = path.join(cldr.dir, '3rdparty/cldr/common');
    const alias = aliases(common);
    const known = entriesOf(common, 'subdivisions', 'en', 'subdivision');
    const english: Record<string, Record<string, string>> = {};
    for (const country of countries) {
      english[country] = Object.fromEntries(regionsOf(country).regions.map((r) => [r.code, r.name]));
      for (const code of Object.keys(english[country])) {
        const key = cldrKey(country, code, alias);
        if (!known.has(key) && !/^[A-Z]{2}$/.test(key)) console.warn(`${country} ${code}: ${key} is no CLDR subdivision`);
      }
    }
    write('en', english);

    for (const lng of siteLanguages.filter((l) => l !== 'en')) {
      const names = entriesOf(common, 'subdivisions', lng, 'subdivision');
      const territories = entriesOf(common, 'main', lng, 'territory');
      const rules = [...everyLanguage, ...byLanguage[lng]];
      const table: Record<string, Record<string, string>> = {};
      const fallbacks: string[] = [];
      for (const country of countries) {
        const countryName = territories.get(country);
        const local: Record<string, string> = {};
        for (const [code, name] of Object.entries(english[country])) {
          const key = cldrKey(country, code, alias);
          const found = rejected[lng]?.includes(key) ? undefined : (names.get(key) ?? territories.get(key));
          // "Canterbury, Nya Zeeland": the country the field already names.
          const cldrName = countryName && found?.endsWith(`, ${countryName}`) ? found.slice(0, -countryName.length - 2) : found;
          if (cldrName === undefined) fallbacks.push(`${country}-${code} ${name}`);
          local[code] = cldrName === undefined ? name : withoutKind(cldrName, rules, lng);
        }
        // Two regions of one name (pl "Waszyngton" for the state and for DC) could not be told apart: both keep the dataset's.
        const byName = new Map<string, string[]>();
        for (const [code, name] of Object.entries(local)) byName.set(name, [...(byName.get(name) ?? []), code]);
        for (const [name, codes] of byName) {
          if (codes.length < 2) continue;
          for (const code of codes) local[code] = english[country][code];
          fallbacks.push(`${codes.map((code) => `${country}-${code}`).join(' and ')} (both "${name}")`);
        }
        table[country] = local;
      }
      write(lng, table);
      if (fallbacks.length) console.log(`${lng}: the dataset's (English) name for ${fallbacks.join(', ')}`);
    }
  } finally {
    cldr.cleanup();
  }
}

/** The CLDR code of a dataset region ("NL", "NH" -> "nlnh"), after CLDR's aliases ("plma" -> "pl12", "fi01" -> "AX"). */
function cldrKey(country: Country, code: string, alias: ReadonlyMap<string, string>): string {
  const key = `${country}${isoCodes[country]?.[code] ?? code}`.toLowerCase();
  return alias.get(key) ?? key;
}

function write(lng: string, table: Record<string, Record<string, string>>): void {
  writeFileSync(path.join(LOCALES, lng, 'regions.json'), `${JSON.stringify(table, null, 2)}\n`);
}

main();
