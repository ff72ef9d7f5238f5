import { describe, expect, it } from 'vitest';
import { ageOn } from '../../../contract/index.ts';
import { birthDateRange } from './age.ts';
import { photoFor } from './presenters.ts';

describe('ages', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('gives birth-date bounds whose ends have exactly the min and max ages', () => {
    const { from, to } = birthDateRange(30, 40, now);
    expect(ageOn(to, now)).toBe(30);
    expect(ageOn(from, now)).toBe(40);
    const dayBefore = new Date(Date.parse(from) - 86400_000).toISOString().slice(0, 10);
    expect(ageOn(dayBefore, now)).toBe(41);
  });
});

describe('photoFor (spec 1, 6)', () => {
  const row = {
    id: 1,
    userId: 7,
    position: 1,
    key: 'FULLKEYFULLKEYFULL',
    blurKey: 'BLURKEYBLURKEYBLUR',
    generator: null,
    createdAt: new Date(),
  };
  it('locks all but the first photo for free viewers and visitors, with only the blurred key', () => {
    expect(photoFor(row, 0, null, '/media')).toMatchObject({ locked: false, url: '/media/FULLKEYFULLKEYFULL.webp' });
    const locked = photoFor(row, 1, { id: 2, paidUser: false }, '/media');
    expect(locked).toEqual({
      id: 1,
      locked: true,
      url: '/media/BLURKEYBLURKEYBLUR.webp',
      thumb_url: '/media/BLURKEYBLURKEYBLUR-t.webp',
    });
    expect(photoFor(row, 1, null, '/media').locked).toBe(true);
  });
  it('shows every photo to premium members and to the owner', () => {
    expect(photoFor(row, 3, { id: 2, paidUser: true }, '/cdn').url).toBe('/cdn/FULLKEYFULLKEYFULL.webp');
    expect(photoFor(row, 3, { id: 7, paidUser: false }, '/media').locked).toBe(false);
  });
});
