// Country names in the reader's language (Intl.DisplayNames) and lists sorted by them (Intl.Collator). Making a
// DisplayNames loads the region names (about 50 ms on a slow phone), so names are kept per language once looked up,
// and a server-rendered page comes with the names and sorted lists its render used (src/app/ssr-boot.ts): hydrating
// it needs neither DisplayNames nor a Collator (making one and sorting 250 names took 8-10 ms of a page's start).
import { countryOfText } from '../../contract/countries.ts';

const displayNames = new Map<string, Intl.DisplayNames>();
const collators = new Map<string, Intl.Collator>();
/** Names looked up or seeded, per language: code -> name. */
const known = new Map<string, Map<string, string>>();
/** Lists made by sortedCountries or seeded, by listKey. */
const sorted = new Map<string, readonly { code: string; name: string }[]>();
/** The key of a sorted list: the language and the codes in code order (a list's order depends only on its set). */
const listKey = (codes: readonly string[], lng: string) => `${lng}:${[...codes].sort().join(',')}`;

const namesIn = (lng: string) => {
  let names = known.get(lng);
  if (!names) {
    names = new Map();
    known.set(lng, names);
  }
  return names;
};

/** The name of country `code` (ISO 3166-1 alpha-2, e.g. "NL") in language `lng` ("Netherlands"); the code if unknown. */
export function countryName(code: string, lng: string): string {
  const names = namesIn(lng);
  let name = names.get(code);
  if (name === undefined) {
    let display = displayNames.get(lng);
    if (!display) {
      display = new Intl.DisplayNames([lng || 'en'], { type: 'region' });
      displayNames.set(lng, display);
    }
    name = display.of(code) ?? code;
    names.set(code, name);
  }
  return name;
}

/**
 * A country written as free text (the company info's country, spec 3: "Netherlands" or "NL") named in `lng`: an ISO
 * code, or the English name of one of `codes`, becomes that country's name in `lng` ("Niederlande", "Pays-Bas");
 * any other text stays as written.
 */
export function countryNameOfText(text: string, lng: string, codes: readonly string[]): string {
  const code = countryOfText(text, codes, (c) => countryName(c, 'en'));
  return code ? countryName(code, lng) : text;
}

/** The Collator of language `lng` (made once per language): how `lng` sorts names. */
export function collator(lng: string): Intl.Collator {
  let made = collators.get(lng);
  if (!made) {
    made = new Intl.Collator(lng || 'en');
    collators.set(lng, made);
  }
  return made;
}

/** `codes` with their names in `lng`, sorted by name as `lng` sorts (e.g. for a country menu). */
export function sortedCountries(codes: readonly string[], lng: string): readonly { code: string; name: string }[] {
  const key = listKey(codes, lng);
  let list = sorted.get(key);
  if (!list) {
    const { compare } = collator(lng);
    list = codes.map((code) => ({ code, name: countryName(code, lng) })).sort((a, b) => compare(a.name, b.name));
    sorted.set(key, list);
  }
  return list;
}

/** What a server render hands the page in a language: the names looked up and the sorted lists, each as its codes. */
export interface CountryNamesSeed {
  /** Country code -> name. */
  names: Record<string, string>;
  /** Each list sortedCountries made: its codes in name order. */
  sortedLists: string[][];
}

/** The names and sorted lists known in `lng`: what a server render hands the page (seedCountryNames there). */
export function knownCountryNames(lng: string): CountryNamesSeed {
  const prefix = `${lng}:`;
  return {
    names: Object.fromEntries(namesIn(lng)),
    sortedLists: [...sorted].filter(([key]) => key.startsWith(prefix)).map(([, list]) => list.map((c) => c.code)),
  };
}

/** Adds the names and sorted lists in `lng` of a server render (knownCountryNames there). */
export function seedCountryNames(lng: string, seed: CountryNamesSeed): void {
  const into = namesIn(lng);
  for (const [code, name] of Object.entries(seed.names)) into.set(code, name);
  for (const codes of seed.sortedLists)
    sorted.set(
      listKey(codes, lng),
      codes.map((code) => ({ code, name: countryName(code, lng) })),
    );
}
