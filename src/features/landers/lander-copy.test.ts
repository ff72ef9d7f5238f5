import { describe, expect, it } from 'vitest';
import type { MemberCard } from '../../../contract/index.ts';
import { membersFor } from './lander-content.ts';
import { landerCall } from './lander-calls.ts';
import { nicheFor } from './lander-copy.ts';

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
  it('takes the site niche or a niche named by the slug', () => {
    expect(nicheFor(0, undefined)).toBe('general');
    expect(nicheFor(5, undefined)).toBe('milf');
    expect(nicheFor(0, 'GAY')).toBe('gay');
    expect(nicheFor(3, 'new-york')).toBe('bbw');
    expect(nicheFor(9, undefined)).toBe('general');
  });

  it('asks the server for the place of any other slug, the same path whether or not the router decoded it', () => {
    expect(landerCall(undefined)).toBe('/api/lander.php');
    expect(landerCall('milf')).toBe('/api/lander.php');
    expect(landerCall('den_haag')).toBe('/api/lander.php?place=den_haag');
    expect(landerCall('s%C3%A3o-paulo')).toBe(landerCall('são-paulo'));
    expect(landerCall('bad%E0')).toBe('/api/lander.php?place=bad%25E0');
    expect(landerCall('x'.repeat(101))).toBe('/api/lander.php');
  });

  it("shows the members of the niche's gender when at least four fit", () => {
    const mixed = [1, 2, 3, 4, 5].map((id) => member(id, id === 1 ? 'male' : 'female'));
    expect(membersFor(mixed, 'milf').map((m) => m.id)).toEqual([2, 3, 4, 5]);
    expect(membersFor(mixed, 'gay')).toEqual(mixed);
    expect(membersFor(mixed, 'general')).toEqual(mixed);
  });
});
