// Draws one demo member's traits (pure, no database): where they live, age, looks, interests, texts, photos.
// The distributions aim at a believable adult dating site, not at census accuracy.
import { countries, interests, type Country, type Interest, type Language } from '../../contract/index.ts';
import type { NicheAudience } from '../../contract/niches.ts';
import { citiesOf, regionsOf } from '../services/geo.ts';
import { aboutText, isMentionable } from './about.ts';
import type { NameDraw } from './names.ts';
import type { Random } from './random.ts';

/** Relative member weights per country: bigger markets a bit more, compressed so small countries still count. */
const countryWeights: Record<Country, number> = {
  US: 10,
  GB: 7,
  DE: 7,
  FR: 6,
  NL: 6,
  IT: 5,
  ES: 5,
  CA: 4,
  AU: 4,
  PL: 4,
  BE: 3,
  AT: 2.5,
  CH: 2.5,
  SE: 2.5,
  IE: 2,
  NZ: 2,
  DK: 2,
  FI: 2,
  NO: 2,
};

/**
 * Members per country for `total` members: each country gets at least 40 when total >= 2000 (at least 1 when
 * total >= 19), the rest by weight (largest remainder). The counts sum to `total`.
 */
export function countryCounts(total: number): Record<Country, number> {
  const floor = total >= 2000 ? 40 : total >= countries.length ? 1 : 0;
  const rest = total - floor * countries.length;
  const sum = countries.reduce((s, c) => s + countryWeights[c], 0);
  const exact = countries.map((c) => ({ c, v: (rest * countryWeights[c]) / sum }));
  const counts = Object.fromEntries(exact.map(({ c, v }) => [c, floor + Math.floor(v)])) as Record<Country, number>;
  let left = total - Object.values(counts).reduce((s, n) => s + n, 0);
  for (const { c } of [...exact].sort((a, b) => (b.v % 1) - (a.v % 1))) {
    if (left-- <= 0) break;
    counts[c]++;
  }
  return counts;
}

const north: ReadonlySet<Country> = new Set(['DK', 'FI', 'NO', 'SE', 'IE', 'PL']);
const south: ReadonlySet<Country> = new Set(['IT', 'ES']);

/** What a demo member is made of; members.ts turns it into users, profiles and photos rows. */
export interface MemberSpec {
  name: string;
  language: Language;
  gender: 'male' | 'female';
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  age: number;
  country: Country;
  region: string;
  regionName: string;
  city: string;
  hairColor: string;
  eyeColor: string;
  bodyType: string;
  relationshipStatus: string;
  tattoos: string;
  interests: Interest[];
  about: string;
  skin: number;
  photos: number;
}

/** Age in years: 18-75, most members 25-55. */
function drawAge(r: Random): number {
  const band = r.weighted({ a: 12, b: 26, c: 26, d: 22, e: 10, f: 4 });
  const [lo, hi] = { a: [18, 24], b: [25, 34], c: [35, 44], d: [45, 55], e: [56, 65], f: [66, 75] }[band];
  return r.int(lo, hi);
}

function drawPlace(r: Random, country: Country, only?: readonly string[]): { region: string; regionName: string; city: string } {
  const regions = regionsOf(country).regions.filter(
    (x) => (!only || only.includes(x.code)) && citiesOf(country, x.code).length > 0,
  );
  // Towns per region stand in for population (the dataset has none); the power flattens it a little.
  const weights = Object.fromEntries(regions.map((x) => [x.code, citiesOf(country, x.code).length ** 0.75]));
  const code = r.weighted(weights);
  const region = regions.find((x) => x.code === code)!;
  return { region: code, regionName: region.name, city: r.pick(citiesOf(country, code)) };
}

function drawInterests(r: Random): Interest[] {
  const mild = new Set<Interest>([
    'hugging',
    'kissing',
    'massages',
    'lingerie',
    'relationship',
    'safe_sex',
    'exchanging_pictures',
  ]);
  const weights = Object.fromEntries(interests.map((i) => [i, isMentionable(i) && !mild.has(i) ? 3 : mild.has(i) ? 1.5 : 0.6]));
  const picked = new Set<Interest>();
  const k = r.int(3, 8);
  while (picked.size < k) picked.add(r.weighted(weights) as Interest);
  // Every member names at least one interest in the about text.
  if (![...picked].some(isMentionable)) picked.add(r.pick(interests.filter(isMentionable)));
  return interests.filter((i) => picked.has(i));
}

function drawSkin(r: Random, country: Country): number {
  const w =
    country === 'US'
      ? [2.5, 3, 2, 1.6, 1.2, 1]
      : north.has(country)
        ? [4, 4, 1.2, 0.6, 0.4, 0.3]
        : south.has(country)
          ? [1.5, 3.5, 3, 1, 0.5, 0.4]
          : [3, 3.5, 1.8, 1.2, 1, 0.8];
  return Number(r.weighted(Object.fromEntries(w.map((v, i) => [i, v]))));
}

function drawHair(r: Random, country: Country, skin: number, age: number): string {
  if (age > 55 && r.chance(0.5)) return 'grey';
  if (skin >= 3) return r.weighted({ black: 65, brown: 28, other: 5, grey: age > 45 ? 8 : 1 });
  if (north.has(country)) return r.weighted({ blonde: 38, brown: 36, black: 6, red: 8, other: 6, grey: age > 45 ? 10 : 1 });
  if (south.has(country)) return r.weighted({ brown: 45, black: 35, blonde: 10, red: 3, other: 5, grey: age > 45 ? 10 : 1 });
  return r.weighted({ brown: 42, blonde: 24, black: 16, red: 7, other: 7, grey: age > 45 ? 10 : 1 });
}

function drawEyes(r: Random, country: Country, skin: number): string {
  if (skin >= 3) return r.weighted({ brown: 80, hazel: 15, green: 5 });
  if (north.has(country)) return r.weighted({ blue: 45, grey: 10, green: 15, brown: 20, hazel: 10 });
  if (south.has(country)) return r.weighted({ brown: 55, hazel: 20, green: 12, blue: 10, grey: 3 });
  return r.weighted({ brown: 35, blue: 30, green: 15, hazel: 12, grey: 8 });
}

/** A username: the first name, sometimes with a number, an initial or the city ("Mila", "Mila84", "Mila_Utrecht"). */
function drawUsername(r: Random, draw: NameDraw, { age, city, year }: { age: number; city: string; year: number }): string {
  const first = draw.firstName;
  const style = r.weighted({ plain: 55, year: 12, number: 10, initial: 8, city: 10, lower: 5 });
  const compactCity = city.replace(/[^\p{L}]/gu, '');
  if (style === 'year') return `${first}${String(year - age).slice(2)}`;
  if (style === 'number') return `${first}${r.int(1, 99)}`;
  if (style === 'initial') return `${first}${draw.lastInitial}`;
  if (style === 'city' && compactCity.length >= 3 && first.length + compactCity.length <= 24) return `${first}_${compactCity}`;
  if (style === 'lower') return `${first.toLowerCase()}${r.int(10, 99)}`;
  return first;
}

/** The oldest demo member, in years (a niche's open age range ends here). */
const OLDEST = 82;

/**
 * What `audience` (a niche site's, contract/niches.ts) makes of a drawn member: its sexuality, age and interests
 * where the niche names them and the drawn ones do not fit, each drawn anew only then.
 */
function fitAudience(
  r: Random,
  audience: NicheAudience,
  m: Pick<MemberSpec, 'sexuality' | 'age' | 'interests'>,
): Pick<MemberSpec, 'sexuality' | 'age' | 'interests'> {
  const [min, max] = audience.ages;
  const niche = audience.interests?.filter((i): i is Interest => (interests as readonly string[]).includes(i)) ?? [];
  const added = niche.length && !m.interests.some((i) => niche.includes(i)) ? r.pick(niche) : null;
  return {
    sexuality: audience.sexualities && !audience.sexualities.includes(m.sexuality) ? r.pick(audience.sexualities) : m.sexuality,
    age: m.age < min || m.age > max ? r.int(min, Math.min(max, OLDEST)) : m.age,
    interests: added ? interests.filter((i) => m.interests.includes(i) || i === added) : m.interests,
  };
}

/** The drawn body type `drawn`, or one of the audience's when it names body types and `drawn` is none of them. */
function fitBody(r: Random, audience: NicheAudience | undefined, drawn: string): string {
  return audience?.bodyTypes && !audience.bodyTypes.includes(drawn) ? r.pick(audience.bodyTypes) : drawn;
}

/**
 * Draws one member of `country`. `nameOf` gives first names fitting the country; NL women are never named
 * Sanne, so the demo account Sanne is the only one a search finds under that name. With `audience` (a niche site's,
 * spec 1) the member is one of its audience: the niche's gender, sexualities, ages, body types and interests.
 */
export function drawMember(
  r: Random,
  country: Country,
  nameOf: (g: 'male' | 'female') => NameDraw,
  year: number,
  audience?: NicheAudience,
): MemberSpec {
  const gender = audience?.gender || (r.chance(0.55) ? 'female' : 'male');
  let draw = nameOf(gender);
  for (let i = 0; i < 20 && country === 'NL' && gender === 'female' && /^sanne/i.test(draw.firstName); i++) draw = nameOf(gender);
  if (country === 'NL' && gender === 'female' && /^sanne/i.test(draw.firstName)) draw = { ...draw, firstName: 'Sanna' };
  const age = drawAge(r);
  const place = drawPlace(r, country, draw.regions);
  const sexuality =
    gender === 'female' ? r.weighted({ hetero: 80, bi: 12, lesbian: 8 }) : r.weighted({ hetero: 85, bi: 8, gay: 7 });
  const skin = drawSkin(r, country);
  const chosen = drawInterests(r);
  // The audience's draws come after the general ones, so a general site's members stay as its seed drew them.
  const fit = audience ? fitAudience(r, audience, { sexuality, age, interests: chosen }) : { sexuality, age, interests: chosen };
  return {
    name: drawUsername(r, draw, { age: fit.age, city: place.city, year }),
    language: draw.language,
    gender,
    sexuality: fit.sexuality,
    age: fit.age,
    country,
    ...place,
    hairColor: drawHair(r, country, skin, fit.age),
    eyeColor: drawEyes(r, country, skin),
    bodyType: fitBody(
      r,
      audience,
      gender === 'female'
        ? r.weighted({ slim: 25, average: 35, athletic: 15, curvy: 20, large: 5 })
        : r.weighted({ slim: 20, average: 40, athletic: 30, curvy: 2, large: 8 }),
    ),
    relationshipStatus:
      fit.age < 30
        ? r.weighted({ single: 80, in_relationship: 8, separated: 4, divorced: 3, married: 5, widowed: 0 })
        : r.weighted({ single: 50, divorced: 22, separated: 8, widowed: fit.age > 55 ? 12 : 2, in_relationship: 8, married: 6 }),
    tattoos: fit.age < 40 ? r.weighted({ none: 45, some: 43, many: 12 }) : r.weighted({ none: 65, some: 30, many: 5 }),
    interests: fit.interests,
    about: aboutText(r, { interests: fit.interests, city: place.city, gender, language: draw.language }),
    skin,
    photos: Number(r.weighted({ 1: 2, 2: 3, 3: 3, 4: 2, 5: 1 })),
  };
}
