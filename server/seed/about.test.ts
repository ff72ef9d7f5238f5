import { describe, expect, it } from 'vitest';
import { interests, type Interest } from '../../contract/index.ts';
import { aboutKits } from './about-kits.ts';
import { aboutText, isMentionable } from './about.ts';
import { createRandom } from './random.ts';

const mentionable = interests.filter(isMentionable);
const ctx = { interests: ['coffee', 'hiking', 'wine', 'music'] as Interest[], city: 'Utrecht' };

describe('aboutText', () => {
  it('every language names every interest English can name, and its templates leave no placeholder', () => {
    for (const [lng, kit] of Object.entries(aboutKits)) {
      expect(Object.keys(kit.phrases).sort(), lng).toEqual([...mentionable].sort());
      for (const t of [...kit.openers, ...kit.middles, ...kit.closers])
        expect(t.replace(/\{(a|b|c|city)\}|\{[^{}|]*\|[^{}|]*\}/g, ''), `${lng}: ${t}`).not.toMatch(/[{}|]/);
    }
  });

  it("writes in the member's language, with the member's interests", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const de = aboutText(createRandom(seed), { ...ctx, gender: 'female', language: 'de' });
      expect(de).toMatch(/guten Kaffee|Wandern|ein Glas Wein|Livemusik/);
      expect(de).not.toMatch(/\b(the|and|with|I'm)\b/);
      const pl = aboutText(createRandom(seed), { ...ctx, gender: 'male', language: 'pl' });
      expect(pl).toMatch(/dobrą kawę|górskie wędrówki|lampkę wina|muzykę na żywo/);
    }
  });

  it('agrees adjectives with the gender ("spontaniczna" for a woman, "spontaniczny" for a man)', () => {
    const texts = (gender: 'male' | 'female') =>
      Array.from({ length: 200 }, (_, seed) => aboutText(createRandom(seed), { ...ctx, gender, language: 'pl' })).join('\n');
    expect(texts('female')).toContain('spontaniczna');
    expect(texts('female')).not.toContain('spontaniczny');
    expect(texts('male')).toContain('spontaniczny');
    expect(texts('male')).not.toMatch(/\{|\|/);
  });

  it('draws from the seed generator as an English text does, so the members after it stay the same', () => {
    const english = createRandom(7);
    const german = createRandom(7);
    const en = aboutText(english, { ...ctx, gender: 'male' });
    aboutText(german, { ...ctx, gender: 'male', language: 'de' });
    expect(german.next()).toBe(english.next());
    expect(aboutText(createRandom(7), { ...ctx, gender: 'male', language: 'en' })).toBe(en);
  });
});
