import { describe, expect, it } from 'vitest';
import { likerKinds } from './auto-like.ts';

describe('likerKinds', () => {
  it('matches both sides: whom the member wants, and who wants the member', () => {
    expect(likerKinds('male', 'hetero')).toEqual([{ gender: 'female', sexualities: ['hetero', 'bi'] }]);
    expect(likerKinds('female', 'hetero')).toEqual([{ gender: 'male', sexualities: ['hetero', 'bi'] }]);
    expect(likerKinds('male', 'gay')).toEqual([{ gender: 'male', sexualities: ['gay', 'lesbian', 'bi'] }]);
    expect(likerKinds('female', 'lesbian')).toEqual([{ gender: 'female', sexualities: ['gay', 'lesbian', 'bi'] }]);
    expect(likerKinds('female', 'bi')).toEqual([
      { gender: 'male', sexualities: ['hetero', 'bi'] },
      { gender: 'female', sexualities: ['gay', 'lesbian', 'bi'] },
    ]);
  });
});
