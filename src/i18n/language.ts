// Language choice rules of spec 9, kept DOM-light so they can be unit-tested and reused.
import type { Language } from '../../contract/index.ts';

/**
 * The 11 site languages (spec 1), the same list as the contract's `languages`. Repeated here because a
 * value import from contract/ runs its zod schemas, which would put zod into the entry chunk; the
 * type check below fails the build if the two lists ever differ.
 */
export const siteLanguages = [
  'da',
  'de',
  'en',
  'es',
  'fi',
  'fr',
  'it',
  'nb',
  'nl',
  'pl',
  'sv',
] as const satisfies readonly Language[];
type MissingLanguage = Exclude<Language, (typeof siteLanguages)[number]>;
const sameAsContract: [MissingLanguage] extends [never] ? true : never = true;
void sameAsContract;

/**
 * Namespaces the shell needs before the first render (src/i18n/index.ts; the server preloads their chunks,
 * server/page-shell.ts). Screens load theirs with useTranslation(ns).
 */
export const BOOT_NAMESPACES = ['common', 'errors'];

/** Name of the cookie that remembers the visitor's language (spec 9: 365 days). */
export const LANG_COOKIE = 'lang';
const LANG_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Each site language in its own name, for the language menu. */
export const languageNames: Record<Language, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

/** Spec 9: the languages offered in each country's language menu (the others are on /lang-config). */
export const countryLanguages: Readonly<Record<string, readonly Language[]>> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
};

/**
 * The languages the menu offers in `country` (spec 9), with `current` added when it is not one of them (a member
 * keeps seeing the language they read in); every language when the country is unknown.
 */
export function visibleLanguages(country: string | null | undefined, current: Language): readonly Language[] {
  const own = country ? countryLanguages[country] : undefined;
  if (!own) return siteLanguages;
  return own.includes(current) ? own : [...own, current];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (siteLanguages as readonly string[]).includes(value);
}

/**
 * Spec 9: the chosen language if set and supported (the language cookie, or a logged-in member's own language);
 * else the first 2 letters of the site's `domain_language` if supported; else en.
 */
export function pickLanguage(chosen: string | null | undefined, domainLanguage: string | null | undefined): Language {
  if (isLanguage(chosen)) return chosen;
  const fromDomain = (domainLanguage ?? '').slice(0, 2).toLowerCase();
  return isLanguage(fromDomain) ? fromDomain : 'en';
}

/** The `lang` cookie, or null. Defensive: cookies may be blocked. */
export function readLangCookie(): string | null {
  try {
    const match = document.cookie.match(/(?:^|;\s*)lang=([^;]*)/);
    return match ? decodeURIComponent(match[1]) : null;
  } catch {
    return null;
  }
}

/** Remembers `lng` for 365 days (spec 9). */
export function writeLangCookie(lng: Language): void {
  try {
    document.cookie = `${LANG_COOKIE}=${lng}; Max-Age=${LANG_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
  } catch {
    // Cookies blocked: the choice lasts for this page only.
  }
}
