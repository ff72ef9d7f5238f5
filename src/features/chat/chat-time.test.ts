import { describe, expect, it } from 'vitest';
import { dayKey, formatDay, formatListTime } from './chat-time.ts';

describe('chat times', () => {
  const now = new Date(2025, 5, 18, 15, 0); // Wednesday 18 June 2025, local time
  const at = (d: number, h = 10) => new Date(2025, 5, d, h, 30).toISOString();
  it('names today and yesterday', () => {
    expect(formatDay(at(18), 'en', now)).toBe('Today');
    expect(formatDay(at(17), 'en', now)).toBe('Yesterday');
  });
  it('names the weekday within a week, else the date', () => {
    expect(formatDay(at(14), 'en', now)).toBe('Saturday');
    expect(formatDay(at(2), 'en', now)).toMatch(/June/);
  });
  it('groups by local day', () => expect(dayKey(at(18, 1))).toBe(dayKey(at(18, 23))));
  it('shows the time for today in the chat list', () => expect(formatListTime(at(18), 'en', now)).toMatch(/10:30/));
});
