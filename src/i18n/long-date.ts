/**
 * `date` as a long date in `language` ("1 March 2026", "1. März 2026"), read in `timeZone` (default UTC: a day
 * stored as "2026-03-01" stays that day). French writes the first of a month as an ordinal, "1er mars 2026", which
 * Intl does not do.
 */
export function formatLongDate(date: Date, language: string, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone }).formatToParts(date);
  const french = language.split('-')[0] === 'fr';
  return parts.map((p) => (french && p.type === 'day' && p.value === '1' ? '1er' : p.value)).join('');
}
