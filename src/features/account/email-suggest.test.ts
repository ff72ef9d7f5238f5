import { describe, expect, it } from 'vitest';
import { suggestEmail } from './email-suggest.ts';

describe('suggestEmail (spec 5: "Did you mean")', () => {
  it('corrects common domain typos', () => {
    expect(suggestEmail('ann@gmial.com')).toBe('ann@gmail.com');
    expect(suggestEmail('ann@hotmial.com')).toBe('ann@hotmail.com');
    expect(suggestEmail('ann@yaho.com')).toBe('ann@yahoo.com');
    expect(suggestEmail('ann@gmx.dee')).toBe('ann@gmx.de');
  });

  it('leaves correct and incomplete addresses alone', () => {
    expect(suggestEmail('ann@gmail.com')).toBeNull();
    expect(suggestEmail('ann@hotmail.nl')).toBeNull();
    expect(suggestEmail('ann@')).toBeNull();
    expect(suggestEmail('')).toBeNull();
  });

  it('never "corrects" valid addresses on other domains', () => {
    expect(suggestEmail('sanne@demo.test')).toBeNull();
    expect(suggestEmail('jan@example.org')).toBeNull();
    expect(suggestEmail('kim@mycompany.nl')).toBeNull();
    expect(suggestEmail('eva@posteo.de')).toBeNull();
  });
});
