// The site countries as a plain list, without zod: the route table (src/app/routes.ts) names a first search call
// by them in the app's start, before zod and the contract's schemas load.

/** The 21 countries of spec 9 (ISO 3166-1 alpha-2). */
export const countries = [
  'US',
  'NL',
  'BE',
  'FR',
  'IT',
  'ES',
  'DE',
  'AT',
  'IE',
  'GB',
  'CA',
  'PL',
  'AU',
  'NZ',
  'CH',
  'DK',
  'FI',
  'NO',
  'SE',
] as const;
