// The content blocks (spec 1) every site starts with: the Markdown files in server/seed/content/<language>, one per
// token (`terms.md` is the block `terms`), first line `# Title`, one folder per site language (docs/i18n.md).
// Seeded at every start where a site lacks one; a language without a file falls back to English when read.
import { readdirSync, readFileSync } from 'node:fs';
import { languages, type Language } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { contentBlocks } from '../db/schema.ts';

const root = new URL('./content/', import.meta.url);

/** One seed text: its language, token, title (the `# ` line) and Markdown body, both with `{{placeholders}}`. */
export interface SeedBlock {
  language: Language;
  token: string;
  title: string;
  markdown: string;
}

/** The languages that have seed texts (folders under server/seed/content that are site languages). */
export function seedLanguages(): Language[] {
  return readdirSync(root)
    .filter((name): name is Language => (languages as readonly string[]).includes(name))
    .sort();
}

/** The seed texts of `language`, read from the repository. Throws when a file does not start with `# Title`. */
export function seedBlocks(language: Language = 'en'): SeedBlock[] {
  const dir = new URL(`./${language}/`, root);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const [first, ...rest] = readFileSync(new URL(file, dir), 'utf8').split('\n');
      if (!first.startsWith('# ')) throw new Error(`${file}: the first line must be "# Title"`);
      return { language, token: file.slice(0, -3), title: first.slice(2).trim(), markdown: rest.join('\n').trim() };
    });
}

/** Adds the seed blocks, in every language, that a site lacks (an edited block is kept); safe to call at every start. */
export async function seedContentBlocks(db: Db, siteIds: number[]): Promise<void> {
  const blocks = seedLanguages().flatMap((language) => seedBlocks(language));
  const rows = siteIds.flatMap((siteId) => blocks.map((b) => ({ siteId, ...b })));
  if (rows.length) await db.insert(contentBlocks).values(rows).onConflictDoNothing();
}
