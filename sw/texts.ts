// The SW's own texts, apart from push.ts because any notification needs them: taken from locales/*/pwa.json
// at build time (DESIGN: the SW's notification texts come from locales/), so nothing is fetched to show one.
import type { Language } from '../contract/index.ts';
import { readSessionCache } from '../src/data/session-cache.ts';

/** The `push` section of locales/{lng}/pwa.json. */
export interface PushTexts {
  title: string;
  body: string;
}

// Only the `push` key of each file is bundled, not the page's texts.
const bundled = import.meta.glob<PushTexts>('../locales/*/pwa.json', { eager: true, import: 'push' });

const byLanguage = new Map<string, PushTexts>(
  Object.entries(bundled).map(([path, texts]) => [path.split('/').at(-2) ?? '', texts]),
);

/** The push texts in `lng` when that language has them, else English (the source language). */
export function pushTextsFor(lng: string | undefined): PushTexts {
  const short = (lng ?? '').slice(0, 2).toLowerCase();
  return byLanguage.get(short) ?? byLanguage.get('en')!;
}

/** The language to notify in: the logged-in member's (spec 3: user.language), else the browser's. */
export async function notificationLanguage(): Promise<Language | string> {
  const session = await readSessionCache();
  return session?.user?.language ?? navigator.language;
}
