import { describe, expect, it } from 'vitest';
import type { MemberCard } from '../../../contract/index.ts';
import { membersFor } from './lander-content.ts';
import { copyFor, placeOfSlug } from './lander-copy.ts';

const member = (id: number, gender: MemberCard['gender']): MemberCard => ({
  id,
  name: `M${id}`,
  age: 40,
  gender,
  country: 'NL',
  region: 'Utrecht',
  city: 'Utrecht',
  fictional: true,
  online: false,
  photo: null,
});

describe('lander copy (spec 1 niche, spec 2 slug)', () => {
  it('takes the site niche, a niche named by the slug, or a place', () => {
    expect(copyFor(0, undefined)).toEqual({ niche: 'general', place: null });
    expect(copyFor(5, undefined)).toEqual({ niche: 'milf', place: null });
    expect(copyFor(0, 'GAY')).toEqual({ niche: 'gay', place: null });
    expect(copyFor(3, 'new-york')).toEqual({ niche: 'bbw', place: 'New York' });
    expect(copyFor(9, undefined).niche).toBe('general');
  });

  it('turns a slug into a place name', () => {
    expect(placeOfSlug('den_haag')).toBe('Den Haag');
    expect(placeOfSlug('s%C3%A3o-paulo')).toBe('São Paulo');
    expect(placeOfSlug('bad%E0')).toBe('Bad%E0');
  });

  it("shows the members of the niche's gender when at least four fit", () => {
    const mixed = [1, 2, 3, 4, 5].map((id) => member(id, id === 1 ? 'male' : 'female'));
    expect(membersFor(mixed, 'milf').map((m) => m.id)).toEqual([2, 3, 4, 5]);
    expect(membersFor(mixed, 'gay')).toEqual(mixed);
    expect(membersFor(mixed, 'general')).toEqual(mixed);
  });
});
