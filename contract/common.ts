// Shared field schemas: enums of the spec's profile vocabulary, used by several resources.
import { z } from 'zod';
import { countries } from './countries.ts';

// Zod 4 compiles object parsers with `new Function` where eval is allowed, and probes that with `Function('')`. The
// pages' CSP (script-src 'self', server/security.ts) forbids eval: the probe is refused and Chromium reports a CSP
// issue on every page (Lighthouse best practices: inspector-issues). Browsers and the service worker (no `process`)
// parse without it; the server keeps the compiled parsers. Every contract schema imports this module first.
if (!('process' in globalThis)) z.config({ jitless: true });

/** The 11 site languages (spec 1); en is the default and the source language. */
export const languages = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;

export { countries };
export const Country = z.enum(countries);
export type Country = z.infer<typeof Country>;

export const Gender = z.enum(['male', 'female']);
export type Gender = z.infer<typeof Gender>;
export const Sexuality = z.enum(['hetero', 'gay', 'lesbian', 'bi']);
export type Sexuality = z.infer<typeof Sexuality>;
export const HairColor = z.enum(['black', 'brown', 'blonde', 'red', 'grey', 'other']);
export const EyeColor = z.enum(['brown', 'blue', 'green', 'grey', 'hazel']);
export const BodyType = z.enum(['slim', 'average', 'athletic', 'curvy', 'large']);
export const RelationshipStatus = z.enum(['single', 'divorced', 'widowed', 'separated', 'in_relationship', 'married']);
export const Tattoos = z.enum(['none', 'some', 'many']);

/** The interests icon set of spec 3 (slugs; the label is the i18n key `interests:<slug>`). */
export const interests = [
  'adventure',
  'analsex',
  'animals',
  'art',
  'astrology',
  'bbq',
  'beach',
  'beer',
  'biking',
  'bondage',
  'coffee',
  'cooking',
  'dancing',
  'exchanging_pictures',
  'fashion',
  'foodie',
  'gardening',
  'gym',
  'hiking',
  'hugging',
  'kissing',
  'lingerie',
  'massages',
  'masturbating',
  'movies',
  'music',
  'one_night_stand',
  'oral_sex',
  'outdoors',
  'party',
  'photography',
  'politics',
  'public_sex',
  'reading',
  'relationship',
  'sadomasochism',
  'safe_sex',
  'sex',
  'sex_toys',
  'shopping',
  'sports',
  'sushi',
  'tattoos',
  'tea',
  'theater',
  'threesome',
  'travelling',
  'vegetarian',
  'videogames',
  'wine',
] as const;
export const Interest = z.enum(interests);
export type Interest = z.infer<typeof Interest>;

/** Minimum age to sign up, in years (spec 1: adults). */
export const MINIMUM_AGE = 18;

const EmailAddress = z.email().max(254);

/**
 * Spec 5 "Invalid email": whether `value` is an e-mail address as zod's z.email() reads it, of at most 254 characters
 * (RFC 5321's limit). The signup form, signup and the e-mail change judge by it.
 */
export function isEmailAddress(value: string): boolean {
  return EmailAddress.safeParse(value).success;
}

/** A NUL character or a lone UTF-16 surrogate: text PostgreSQL cannot store (and no person types). */
// eslint-disable-next-line no-control-regex -- the NUL character is what this pattern exists to find.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `s` can be stored and shown as typed: no NUL and only paired surrogates. */
export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/**
 * Every string a request carries (body, query, form field): a string without NUL or lone surrogates. Chain the
 * field's own bounds on it (`Text.trim().min(1).max(254)`); a bad character is a 400 bad_request naming the field.
 */
export const Text = z.string().refine(isStorableText, 'contains a character that is not allowed');

/** Largest value of a PostgreSQL `integer` (int4): the row ids of members, conversations and photos. */
const INT4_MAX = 2_147_483_647;

/** A row id in a JSON body: an integer 1..INT4_MAX. */
export const Id = z.number().int().positive().max(INT4_MAX);

/** A row id in a query string (`?id=12`): coerced from text, 1..INT4_MAX. */
export const QueryId = z.coerce.number().int().positive().max(INT4_MAX);

/** A change-log cursor or message seq in a query string: a whole number 0..2^53-1 (PostgreSQL bigint, exact in JSON). */
export const QueryCursor = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
