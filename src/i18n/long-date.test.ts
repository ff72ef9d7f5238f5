import { describe, expect, it } from 'vitest';
import { formatLongDate } from './long-date.ts';

describe('formatLongDate', () => {
  it('writes the first of a month as "1er" in French, other days as numbers', () => {
    expect(formatLongDate(new Date('2026-03-01'), 'fr')).toBe('1er mars 2026');
    expect(formatLongDate(new Date('2026-03-02'), 'fr')).toBe('2 mars 2026');
    expect(formatLongDate(new Date('2026-03-11'), 'fr')).toBe('11 mars 2026');
  });

  it('leaves other languages as Intl writes them', () => {
    expect(formatLongDate(new Date('2026-03-01'), 'en')).toBe('March 1, 2026');
    expect(formatLongDate(new Date('2026-03-01'), 'de')).toBe('1. März 2026');
  });
});
