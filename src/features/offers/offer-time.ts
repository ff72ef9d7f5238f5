// The time left of an offer as the banners and modals write it: hh:mm:ss (spec 9), with whole days first when it is
// a day or more away (a welcome campaign).
import type { TFunction } from 'i18next';
import { formatCountdown, type Countdown } from './countdown.ts';

/** "03:59:07", or "2 days 05:00:00" from 24 hours on. */
export function offerTime(t: TFunction, c: Countdown): string {
  if (c.hours < 24) return formatCountdown(c);
  const days = Math.floor(c.hours / 24);
  return `${t('offers:days', { count: days })} ${formatCountdown({ ...c, hours: c.hours % 24 })}`;
}
