// Shared field schemas: enums of the spec's profile vocabulary, used by several resources.
import { z } from 'zod';

/** The 11 site languages (spec 1); en is the default and the source language. */
export const languages = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;

/** The 21 countries of spec 9 (ISO 3166-1 alpha-2). */
export const countries = [
  'US', 'NL', 'BE', 'FR', 'IT', 'ES', 'DE', 'AT', 'IE', 'GB', 'CA', 'PL', 'AU', 'NZ', 'CH', 'DK', 'FI', 'NO', 'SE',
] as const;
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
  'adventure', 'analsex', 'animals', 'art', 'astrology', 'bbq', 'beach', 'beer', 'biking', 'bondage', 'coffee',
  'cooking', 'dancing', 'exchanging_pictures', 'fashion', 'foodie', 'gardening', 'gym', 'hiking', 'hugging',
  'kissing', 'lingerie', 'massages', 'masturbating', 'movies', 'music', 'one_night_stand', 'oral_sex', 'outdoors',
  'party', 'photography', 'politics', 'public_sex', 'reading', 'relationship', 'sadomasochism', 'safe_sex', 'sex',
  'sex_toys', 'shopping', 'sports', 'sushi', 'tattoos', 'tea', 'theater', 'threesome', 'travelling', 'vegetarian',
  'videogames', 'wine',
] as const;
export const Interest = z.enum(interests);
export type Interest = z.infer<typeof Interest>;

/** Minimum age to sign up, in years (spec 1: adults). */
export const MINIMUM_AGE = 18;
