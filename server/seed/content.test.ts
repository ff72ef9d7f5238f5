import { describe, expect, it } from 'vitest';
import { ContentToken } from '../../contract/index.ts';
import { defaultSites } from './site.ts';
import { seedBlocks, seedLanguages } from './content.ts';
import { fillPlaceholders, placeholderValues } from '../domain/content/content.ts';

describe('seeded content blocks', () => {
  const blocks = seedBlocks();

  it('has every static page of spec 2, the pricing text and the US record-keeping statement', () => {
    expect(blocks.map((b) => b.token)).toEqual(
      expect.arrayContaining(['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service', 'pricing', '2257']),
    );
    for (const b of blocks) expect(ContentToken.safeParse(b.token).success).toBe(true);
  });

  it('uses only placeholders the server fills, and no raw HTML', () => {
    const site = { id: 1, ...defaultSites[0] };
    const values = placeholderValues(site);
    for (const b of blocks) {
      expect(fillPlaceholders(b.title + b.markdown, values), b.token).not.toMatch(/\{\{|\}\}/);
      expect(b.markdown, b.token).not.toMatch(/<[a-z!/]/i);
    }
  });

  const placeholders = (text: string) => [...new Set(text.match(/\{\{\w+\}\}/g) ?? [])].sort();

  it.each(seedLanguages().filter((l) => l !== 'en'))(
    'has in %s every English block, with the same placeholders and links, and no raw HTML',
    (language) => {
      const translated = new Map(seedBlocks(language).map((b) => [b.token, b]));
      const site = { id: 1, ...defaultSites[0] };
      const values = placeholderValues(site);
      expect([...translated.keys()].sort()).toEqual(blocks.map((b) => b.token).sort());
      for (const en of blocks) {
        const b = translated.get(en.token)!;
        expect(placeholders(b.title + b.markdown), `${language}/${b.token}`).toEqual(placeholders(en.title + en.markdown));
        expect(fillPlaceholders(b.title + b.markdown, values), `${language}/${b.token}`).not.toMatch(/\{\{|\}\}/);
        expect(b.markdown, `${language}/${b.token}`).not.toMatch(/<[a-z!/]/i);
        const links = (text: string) => [...new Set(text.match(/\]\((\/[^)]*)\)/g) ?? [])].sort();
        expect(links(b.markdown), `${language}/${b.token}`).toEqual(links(en.markdown));
      }
    },
  );
});
