// Formatting of the support console's figures: dates and money as support reads them (English, the browser's zone).

/** An ISO time as a short date and time; '—' for none. */
export const when = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/**
 * `amount` minor units of `currency`, e.g. "€14.99" (as contract/money.ts formatMoney, kept apart so the console
 * shares no module with the member app's entry).
 */
export function money(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** A duration in seconds as the largest two units, e.g. "2 h 5 min", "3 d 4 h". */
export function duration(seconds: number): string {
  const units: [string, number][] = [
    ['d', 86400],
    ['h', 3600],
    ['min', 60],
  ];
  const parts: string[] = [];
  let rest = seconds;
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    if (n > 0 || parts.length) parts.push(`${n} ${name}`);
    rest -= n * size;
    if (parts.length === 2) break;
  }
  return parts.length ? parts.join(' ') : `${seconds} s`;
}
