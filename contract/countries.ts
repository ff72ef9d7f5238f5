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

/**
 * The country a free text names (the company info's country, spec 3: "Netherlands" or "NL"): a two-letter code as
 * written, or the code of the one of `codes` whose English name (`englishName`, e.g. Intl.DisplayNames) it is, case
 * and surrounding space ignored; null for any other text ("Curaçao (Dutch Caribbean)").
 */
export function countryOfText(text: string, codes: readonly string[], englishName: (code: string) => string): string | null {
  const written = text.trim();
  if (/^[A-Z]{2}$/.test(written)) return written;
  return codes.find((c) => englishName(c).toLowerCase() === written.toLowerCase()) ?? null;
}
