// The English content blocks (spec 1) every site starts with: the Markdown files in server/seed/content/en, one per
// token (`terms.md` is the block `terms`), first line `# Title`. Seeded at every start where a site lacks one.
import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from '../db/connect.ts';
import { contentBlocks } from '../db/schema.ts';

const dir = new URL('./content/en/', import.meta.url);

/** One seed text: its token, title (the `# ` line) and Markdown body, both with `{{placeholders}}`. */
export interface SeedBlock {
  token: string;
  title: string;
  markdown: string;
}

/** The English seed texts, read from the repository. Throws when a file does not start with `# Title`. */
export function seedBlocks(): SeedBlock[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const [first, ...rest] = readFileSync(new URL(file, dir), 'utf8').split('\n');
      if (!first.startsWith('# ')) throw new Error(`${file}: the first line must be "# Title"`);
      return { token: file.slice(0, -3), title: first.slice(2).trim(), markdown: rest.join('\n').trim() };
    });
}

/** Adds the English seed blocks a site lacks (an edited block is kept); safe to call at every start. */
export async function seedContentBlocks(db: Db, siteIds: number[]): Promise<void> {
  const blocks = seedBlocks();
  const rows = siteIds.flatMap((siteId) => blocks.map((b) => ({ siteId, language: 'en', ...b })));
  if (rows.length) await db.insert(contentBlocks).values(rows).onConflictDoNothing();
}
