import { describe, expect, it } from 'vitest';
import { legalVersionDate } from './content.ts';

describe('legalVersionDate (spec 9)', () => {
  it('is never earlier than 2023-12-01T12:00:00Z', () => {
    expect(legalVersionDate('2020-05-01T00:00:00Z')).toBe('2023-12-01T12:00:00.000Z');
    expect(legalVersionDate('2023-12-01T11:59:59Z')).toBe('2023-12-01T12:00:00.000Z');
    expect(legalVersionDate(null)).toBe('2023-12-01T12:00:00.000Z');
    expect(legalVersionDate('not a date')).toBe('2023-12-01T12:00:00.000Z');
  });

  it('is the company added date when that is later', () => {
    expect(legalVersionDate('2024-03-01T12:00:00Z')).toBe('2024-03-01T12:00:00.000Z');
    expect(legalVersionDate('2023-12-01T12:00:01+00:00')).toBe('2023-12-01T12:00:01.000Z');
  });
});
