import { describe, expect, it } from 'vitest';
import { icebreakerLines } from './icebreakers.ts';

describe('icebreaker lines (spec 2)', () => {
  it('draws up to three lines from the interests, then the general ones', () => {
    expect(icebreakerLines(['hiking', 'wine', 'music', 'art'])).toEqual([
      { key: 'icebreaker.lines.interest1', interest: 'hiking' },
      { key: 'icebreaker.lines.interest2', interest: 'wine' },
      { key: 'icebreaker.lines.interest3', interest: 'music' },
      { key: 'icebreaker.lines.general1' },
      { key: 'icebreaker.lines.general2' },
    ]);
    expect(icebreakerLines([]).map((l) => l.key)).toEqual(['icebreaker.lines.general1', 'icebreaker.lines.general2']);
  });
});
