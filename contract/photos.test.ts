import { describe, expect, it } from 'vitest';
import { photoLimit, photoLocked } from './photos.ts';

describe('photoLimit (spec 6, 9)', () => {
  it('lets a free member keep 3 photos and a premium member 25', () => {
    expect(photoLimit(false)).toBe(3);
    expect(photoLimit(true)).toBe(25);
  });
});

describe('photoLocked (spec 1, 6)', () => {
  it('shows visitors and free members the main photo only', () => {
    expect(photoLocked(0, null)).toBe(false);
    expect(photoLocked(1, null)).toBe(true);
    expect(photoLocked(0, { paid: false, own: false })).toBe(false);
    expect(photoLocked(2, { paid: false, own: false })).toBe(true);
  });
  it('shows premium members every photo, and every member their own', () => {
    expect(photoLocked(2, { paid: true, own: false })).toBe(false);
    expect(photoLocked(2, { paid: false, own: true })).toBe(false);
  });
});
