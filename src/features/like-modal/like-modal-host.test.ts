import { describe, expect, it } from 'vitest';
import { likeModalDelay } from './like-modal-host.tsx';

describe('like modal delay (spec 2: numeric query t)', () => {
  it('reads t as seconds and ignores anything not numeric', () => {
    expect(likeModalDelay('?t=3')).toBe(3000);
    expect(likeModalDelay('t=0.5&x=1')).toBe(500);
    expect(likeModalDelay('?t=0')).toBe(0);
    for (const bad of ['', '?t=', '?t=abc', '?t=-1', '?t=3s', '?t=1e3', '?t=86401']) expect(likeModalDelay(bad)).toBeNull();
  });
});
