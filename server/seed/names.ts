// First names of demo members from Faker's locale for their country (and, in bilingual countries, for the
// language region they live in), with the site language that goes with them (spec 9: languages per country).
import {
  Faker,
  base,
  da,
  de,
  de_AT,
  de_CH,
  en,
  en_AU,
  en_CA,
  en_GB,
  en_IE,
  en_US,
  es,
  es_MX,
  fi,
  fr,
  fr_BE,
  fr_CA,
  fr_CH,
  it,
  nb_NO,
  nl,
  nl_BE,
  pl,
  sv,
  type LocaleDefinition,
} from '@faker-js/faker';
import type { Country, Language } from '../../contract/index.ts';
import type { Random } from './random.ts';

/** A name culture within a country: Faker locale chain, the members' language, and the regions it lives in. */
interface Culture {
  locales: LocaleDefinition[];
  language: Language;
  weight: number;
  /** Region codes (geo.ts) this culture lives in; absent = the whole country. */
  regions?: readonly string[];
}

// Faker 10 ships no en_NZ: New Zealand borrows en_AU. Locales without own first names (en_US, en_IE, en_CA)
// fall back to en, which is what those countries use.
const cultures: Record<Country, Culture[]> = {
  US: [
    { locales: [en_US, en], language: 'en', weight: 85 },
    { locales: [es_MX, es], language: 'es', weight: 15 },
  ],
  NL: [{ locales: [nl], language: 'nl', weight: 1 }],
  BE: [
    { locales: [nl_BE, nl], language: 'nl', weight: 6, regions: ['VLG', 'BRU'] },
    { locales: [fr_BE, fr], language: 'fr', weight: 4, regions: ['WAL', 'BRU'] },
  ],
  FR: [{ locales: [fr], language: 'fr', weight: 1 }],
  IT: [{ locales: [it], language: 'it', weight: 1 }],
  ES: [{ locales: [es], language: 'es', weight: 1 }],
  DE: [{ locales: [de], language: 'de', weight: 1 }],
  AT: [{ locales: [de_AT, de], language: 'de', weight: 1 }],
  IE: [{ locales: [en_IE, en], language: 'en', weight: 1 }],
  GB: [{ locales: [en_GB, en], language: 'en', weight: 1 }],
  CA: [
    {
      locales: [en_CA, en],
      language: 'en',
      weight: 75,
      regions: ['AB', 'BC', 'MB', 'NB', 'NL', 'NT', 'NS', 'NU', 'ON', 'PE', 'SK', 'YT'],
    },
    { locales: [fr_CA, fr], language: 'fr', weight: 25, regions: ['QC'] },
  ],
  PL: [{ locales: [pl], language: 'pl', weight: 1 }],
  AU: [{ locales: [en_AU, en], language: 'en', weight: 1 }],
  NZ: [{ locales: [en_AU, en], language: 'en', weight: 1 }],
  CH: [
    {
      locales: [de_CH, de],
      language: 'de',
      weight: 63,
      regions: ['AG', 'AR', 'AI', 'BL', 'BS', 'BE', 'GL', 'GR', 'LU', 'NW', 'OW', 'SH', 'SZ', 'SO', 'SG', 'TG', 'UR', 'ZG', 'ZH'],
    },
    { locales: [fr_CH, fr], language: 'fr', weight: 29, regions: ['GE', 'VD', 'NE', 'JU', 'FR', 'VS'] },
    { locales: [it], language: 'it', weight: 8, regions: ['TI'] },
  ],
  DK: [{ locales: [da], language: 'da', weight: 1 }],
  FI: [
    { locales: [fi], language: 'fi', weight: 92 },
    { locales: [sv], language: 'sv', weight: 8, regions: ['12', '18', '19'] },
  ],
  NO: [{ locales: [nb_NO], language: 'nb', weight: 1 }],
  SE: [{ locales: [sv], language: 'sv', weight: 1 }],
};

/** A drawn name culture: the member's language, where they may live, and their first name. */
export interface NameDraw {
  language: Language;
  regions?: readonly string[];
  firstName: string;
  lastInitial: string;
}

/**
 * Returns a name drawer. Each Faker instance is private (the shared `faker` objects stay untouched) and
 * seeded from `seed`, so the same seed gives the same names.
 */
export function createNameDrawer(seed: number): (country: Country, gender: 'male' | 'female', r: Random) => NameDraw {
  const fakers = new Map<Culture, Faker>();
  return (country, gender, r) => {
    const list = cultures[country];
    const culture = list[Number(r.weighted(Object.fromEntries(list.map((c, i) => [i, c.weight]))))];
    let faker = fakers.get(culture);
    if (!faker) {
      faker = new Faker({ locale: [...culture.locales, base] });
      faker.seed(seed + fakers.size * 7919);
      fakers.set(culture, faker);
    }
    // Double names ("María Teresa", "Jean-Pierre" stays) are shortened to the first word for a username.
    const firstName = faker.person.firstName(gender).split(' ')[0];
    return {
      language: culture.language,
      regions: culture.regions,
      firstName,
      lastInitial: faker.person.lastName().charAt(0).toUpperCase(),
    };
  };
}
