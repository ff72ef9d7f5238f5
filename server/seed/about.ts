// About-me texts of demo members: 1-3 sentences in the member's language (English templates here, the other
// languages' in about-kits.ts), naming some of the member's interests and city. Flirty but tasteful: explicit
// interests are never written out.
import type { Interest, Language } from '../../contract/index.ts';
import { aboutKits, type AboutKit } from './about-kits.ts';
import { createRandom, type Random } from './random.ts';

/** How an interest reads in a sentence; interests missing here (the explicit ones) are never mentioned. */
const phrases: Partial<Record<Interest, readonly string[]>> = {
  adventure: ['a little adventure', 'spontaneous road trips'],
  animals: ['animals', 'long walks with my dog'],
  art: ['art galleries', 'painting on rainy Sundays'],
  astrology: ['astrology', 'reading the stars'],
  bbq: ['a summer barbecue', 'grilling with friends'],
  beach: ['lazy days at the beach', 'the sea'],
  beer: ['a cold craft beer', 'trying local beers'],
  biking: ['cycling', 'long bike rides'],
  coffee: ['good coffee', 'slow Sunday coffee'],
  cooking: ['cooking for friends', 'trying new recipes'],
  dancing: ['dancing', 'salsa nights'],
  fashion: ['fashion', 'vintage shopping'],
  foodie: ['trying new restaurants', 'good food'],
  gardening: ['my garden', 'growing my own herbs'],
  gym: ['the gym', 'early workouts'],
  hiking: ['hiking', 'mountain trails'],
  hugging: ['long hugs', 'cuddles on the sofa'],
  kissing: ['a good kiss', 'slow kisses'],
  massages: ['massages', 'a relaxing massage'],
  movies: ['movie nights', 'old films'],
  music: ['live music', 'concerts'],
  outdoors: ['the outdoors', 'fresh air'],
  party: ['a good party', 'dancing until late'],
  photography: ['photography', 'taking pictures of everything'],
  politics: ['a lively debate', 'the news'],
  reading: ['a good book', 'reading in bed'],
  shopping: ['shopping', 'browsing markets'],
  sports: ['sports', 'watching the match'],
  sushi: ['sushi', 'Japanese food'],
  tattoos: ['tattoos', 'my next tattoo'],
  tea: ['a cup of tea', 'tea and a good chat'],
  theater: ['the theatre', 'a night at the theatre'],
  travelling: ['travelling', 'city trips'],
  vegetarian: ['vegetarian cooking', 'plant-based food'],
  videogames: ['video games', 'gaming nights'],
  wine: ['a glass of wine', 'wine tasting'],
};

/** Whether `i` can be named in an about text (the rest stay on the interests list only). */
export const isMentionable = (i: Interest): boolean => i in phrases;

const openers = [
  'Easy-going {g} from {city} who loves {a}.',
  'Born and raised around {city}; {a} and {b} keep me happy.',
  'Weekdays are busy, weekends are for {a}.',
  'Life in {city} is good, but better with someone to share {a} with.',
  'Part-time adventurer, full-time fan of {a}.',
  "You'll usually find me enjoying {a} or {b}.",
  "I'm {an_adj} {g} with a soft spot for {a}.",
  'New in {city}? I know the best places for {a}.',
  'Honest, {adj} and always up for {a}.',
  'Ask me about {a}: I could talk about it for hours.',
  'My perfect evening: {a}, {b} and good company.',
  'Not much beats {a} after a long week.',
];
const middles = [
  'I also love {c} and a good laugh.',
  "Friends say I'm {adj} and a little bit cheeky.",
  'Nothing beats {c} on a sunny day in {city}.',
  'I enjoy {c} and spontaneous plans.',
  "When I'm not working, you'll find me somewhere near {city} enjoying {c}.",
  "I'm a fan of {c}, deep talks and the occasional late night.",
];
const closers = [
  "Looking for someone who can make me laugh and isn't afraid of a little flirting.",
  "Let's see where a drink takes us.",
  'Say hi if you like honest conversation and a bit of chemistry.',
  'Here for fun, flirting and maybe more.',
  'Not looking for perfect, just real.',
  'Message me and tell me your favourite spot in {city}.',
  "If you're confident and kind, we'll get along just fine.",
  'Curious? Send me a message.',
  'Looking for a connection that feels easy and exciting.',
  "Life is short: let's have a drink and find out.",
];
const adjectives = [
  'easy-going',
  'curious',
  'warm',
  'playful',
  'down-to-earth',
  'spontaneous',
  'romantic',
  'laid-back',
  'adventurous',
];

/**
 * Composes an about-me text of 1-3 sentences in `ctx.language` (default English). `interests` should hold at least
 * one mentionable interest; without one a neutral phrase stands in. Draws from `r` exactly as an English text does
 * whatever the language, so the members seeded after this one stay the same; another language's text takes its own
 * draws from a generator seeded by the English text.
 */
export function aboutText(
  r: Random,
  ctx: { interests: readonly Interest[]; city: string; gender: 'male' | 'female'; language?: Language },
): string {
  const picked = r.sample(ctx.interests.filter(isMentionable), 3);
  const named = picked.map((i) => r.pick(phrases[i] ?? []));
  const [a, b, c] = [named[0] ?? 'good company', named[1] ?? 'good food', named[2] ?? 'long walks'];
  const adj = () => r.pick(adjectives);
  const fill = (t: string) =>
    t
      .replaceAll('{a}', a)
      .replaceAll('{b}', b)
      .replaceAll('{c}', c)
      .replaceAll('{an_adj}', () => {
        const w = adj();
        return `${/^[aeiou]/.test(w) ? 'an' : 'a'} ${w}`;
      })
      .replaceAll('{city}', ctx.city)
      .replaceAll('{g}', ctx.gender === 'female' ? r.pick(['woman', 'girl', 'lady']) : r.pick(['guy', 'man']))
      .replaceAll('{adj}', adj);
  const count = r.weighted({ 1: 2, 2: 5, 3: 3 });
  const parts = [fill(r.pick(openers))];
  if (count === '3') parts.push(fill(r.pick(middles)));
  if (count !== '1') parts.push(fill(r.pick(closers)));
  const english = capitalize(parts.join(' '));
  if (!ctx.language || ctx.language === 'en') return english;
  return localAbout(createRandom(hash(english)), aboutKits[ctx.language], picked, ctx);
}

/** The about-me text from one language's kit: the same interests as picked, its own sentences. */
function localAbout(r: Random, kit: AboutKit, picked: readonly Interest[], ctx: { city: string; gender: 'male' | 'female' }) {
  const named = picked.map((i) => kit.phrases[i] ?? '').filter(Boolean);
  const [a, b, c] = [named[0] ?? kit.fallback[0], named[1] ?? kit.fallback[1], named[2] ?? kit.fallback[2]];
  const fill = (t: string) =>
    t
      .replace(/\{([^{}|]*)\|([^{}|]*)\}/g, (_, male: string, female: string) => (ctx.gender === 'female' ? female : male))
      .replaceAll('{a}', a)
      .replaceAll('{b}', b)
      .replaceAll('{c}', c)
      .replaceAll('{city}', ctx.city);
  const count = r.weighted({ 1: 2, 2: 5, 3: 3 });
  const parts = [fill(r.pick(kit.openers))];
  if (count === '3') parts.push(fill(r.pick(kit.middles)));
  if (count !== '1') parts.push(fill(r.pick(kit.closers)));
  return capitalize(parts.join(' '));
}

const capitalize = (text: string) => text.replace(/^./, (ch) => ch.toUpperCase());

/** A 32-bit FNV-1a hash of `text`: the seed of a translated text, so the same member always gets the same one. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
