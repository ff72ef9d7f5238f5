// Dates and times of chat messages and the chat list, localised with Intl (STYLE: dates use Intl).

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
const DAY = 86_400_000;
const cap = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** Key of the local calendar day of an ISO date ("2025-03-01"), to group messages under day separators. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** Whole local days between `iso` and now (0 today, 1 yesterday). */
function daysAgo(iso: string, now = new Date()): number {
  return Math.round((startOfDay(now) - startOfDay(new Date(iso))) / DAY);
}

/** Day separator text: "Today", "Yesterday", a weekday within a week, else a date (with year when not this year). */
export function formatDay(iso: string, lang: string, now = new Date()): string {
  const d = new Date(iso);
  const ago = daysAgo(iso, now);
  if (ago >= 0 && ago <= 1) return cap(new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(-ago, 'day'));
  if (ago > 1 && ago < 7) return cap(new Intl.DateTimeFormat(lang, { weekday: 'long' }).format(d));
  const sameYear = d.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(d);
}

/** Time of day of a message ("14:05" or "2:05 PM" by locale). */
export function formatTime(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** Chat list stamp: the time today, "Yesterday", a short weekday within a week, else a short date. */
export function formatListTime(iso: string, lang: string, now = new Date()): string {
  const ago = daysAgo(iso, now);
  if (ago <= 0) return formatTime(iso, lang);
  if (ago === 1) return cap(new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(-1, 'day'));
  if (ago < 7) return new Intl.DateTimeFormat(lang, { weekday: 'short' }).format(new Date(iso));
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short' }).format(new Date(iso));
}
