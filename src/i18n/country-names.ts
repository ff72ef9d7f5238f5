// Country names in the reader's language (Intl.DisplayNames) and lists sorted by them (Intl.Collator). Making a
// DisplayNames loads the region names (about 50 ms on a slow phone), so names are kept per language once looked up,
// and a server-rendered page comes with the names its render used (src/app/ssr-boot.ts): hydrating it needs none.

const displayNames = new Map<string, Intl.DisplayNames>();
/** Names looked up or seeded, per language: code -> name. */
const known = new Map<string, Map<string, string>>();
const sorted = new Map<string, readonly { code: string; name: string }[]>();

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

/** `codes` with their names in `lng`, sorted by name as `lng` sorts (e.g. for a country menu). */
export function sortedCountries(codes: readonly string[], lng: string): readonly { code: string; name: string }[] {
  const key = `${lng}:${codes.join(',')}`;
  let list = sorted.get(key);
  if (!list) {
    const collator = new Intl.Collator(lng || 'en');
    list = codes.map((code) => ({ code, name: countryName(code, lng) })).sort((a, b) => collator.compare(a.name, b.name));
    sorted.set(key, list);
  }
  return list;
}

/** The names known in `lng` (code -> name): what a server render hands the page. */
export function knownCountryNames(lng: string): Record<string, string> {
  return Object.fromEntries(namesIn(lng));
}

/** Adds names in `lng` from a server render (knownCountryNames there). */
export function seedCountryNames(lng: string, names: Record<string, string>): void {
  const into = namesIn(lng);
  for (const [code, name] of Object.entries(names)) into.set(code, name);
}
