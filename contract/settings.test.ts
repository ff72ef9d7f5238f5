import { describe, expect, it } from 'vitest';
import { cleanPhone } from './settings.ts';

describe('cleanPhone (spec 9)', () => {
  it('removes dashes and spaces, and nothing else', () => {
    expect(cleanPhone('+31 20 123 45 67')).toBe('+31201234567');
    expect(cleanPhone('+1-800-555 0199')).toBe('+18005550199');
    expect(cleanPhone(' (020)\t123-4567 ')).toBe('(020)1234567');
    expect(cleanPhone('')).toBe('');
  });
});
