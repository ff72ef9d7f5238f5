// i18next setup: namespaces load lazily from locales/{lng}/{ns}.json as separate chunks (spec 7:
// "Language files load on demand"), English is the fallback and the source language.
import i18next, { type BackendModule, type PostProcessorModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../contract/index.ts';
import { BOOT_NAMESPACES, siteLanguages } from './language.ts';

type Resource = { default: Record<string, unknown> };

// Every locales/<lng>/<ns>.json becomes its own chunk; nothing is fetched until a namespace is used.
const loaders = import.meta.glob<Resource>('../../locales/*/*.json');

const loaderFor = (lng: string, ns: string) => loaders[`../../locales/${lng}/${ns}.json`];

/** i18next backend over the glob above. A missing file is a normal case (not all languages exist yet). */
const globBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const load = loaderFor(lng, ns);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      // `true` asks i18next to retry: a chunk may fail on a flaky network.
      (err: unknown) => callback(err as Error, true),
    );
  },
};

/** localStorage key that turns on the marker language: every text from i18next shows as ⟦text⟧ (docs/i18n.md). */
export const PSEUDO_KEY = 'i18n-pseudo';

/**
 * The marker language for translators and tests: a post-processor that wraps every translated text in ⟦ ⟧, so a
 * visible text without the marks bypassed i18next. On only when localStorage holds PSEUDO_KEY.
 */
const pseudoMarker: PostProcessorModule = {
  type: 'postProcessor',
  name: 'pseudo',
  process: (value: string) => `⟦${value}⟧`,
};

function pseudoOn(): boolean {
  try {
    return localStorage.getItem(PSEUDO_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Starts fetching the English boot namespaces at once (they are the fallback for every language),
 * so they load in parallel with the session calls instead of after them.
 */
export function prefetchFallback(): void {
  for (const ns of BOOT_NAMESPACES) void loaderFor('en', ns)?.();
}

/** Initialises i18next in `lng` and resolves when the boot namespaces are loaded. */
export async function initI18n(lng: Language): Promise<typeof i18next> {
  // Spec 9: <html lang> and dir follow the language (all 11 are left-to-right today).
  // (No document on the server: the page shell writes <html lang> there.)
  const inPage = typeof document !== 'undefined';
  i18next.on('languageChanged', (l) => {
    if (!inPage) return;
    document.documentElement.lang = l;
    document.documentElement.dir = i18next.dir(l);
  });
  const pseudo = pseudoOn();
  await i18next
    .use(globBackend)
    .use(initReactI18next)
    .use(pseudoMarker)
    .init({
      postProcess: pseudo ? ['pseudo'] : false,
      lng,
      fallbackLng: 'en',
      supportedLngs: [...siteLanguages],
      load: 'languageOnly',
      ns: BOOT_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  if (inPage) {
    document.documentElement.lang = lng;
    document.documentElement.dir = i18next.dir(lng);
  }
  return i18next;
}

export { i18next };
