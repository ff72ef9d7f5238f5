// What a lander says: the site's niche (or a niche named by the slug) picks who the copy is about, any other
// slug names a place ("/landers/gallery/amsterdam": "... in Amsterdam").
import { useParams } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { niches, type NicheName } from '../../../contract/index.ts';
import { session } from '../account/session-store.ts';

/** The copy parameters of a lander: `niche`, and `who` / `where` for the i18n interpolation. */
// A type, not an interface: i18next's options need the implicit index signature.
export type LanderCopy = {
  niche: NicheName;
  /** "singles", "curvy women", ... */
  who: string;
  /** "near you" or "in Amsterdam". */
  where: string;
  /** The place named by the slug ("Amsterdam"), or null. */
  place: string | null;
};

/** "new-york" -> "New York" (a slug is lower case with dashes). */
export function placeOfSlug(slug: string): string {
  let text = slug;
  try {
    text = decodeURIComponent(slug);
  } catch {
    // A broken escape ("%E0"): the slug as it is.
  }
  return text
    .split(/[-_ ]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
    .slice(0, 40);
}

/** Reads the slug of the current route: a niche name overrides the site's niche, anything else is a place. */
export function copyFor(siteNiche: number, slug: string | undefined): { niche: NicheName; place: string | null } {
  const fromSlug = niches.find((n) => n === slug?.toLowerCase());
  if (fromSlug) return { niche: fromSlug, place: null };
  return { niche: niches[siteNiche] ?? 'general', place: slug ? placeOfSlug(slug) || null : null };
}

/** The copy of the current lander (route parameter `slug`, site setting `niche`). */
export function useLanderCopy(): LanderCopy {
  const { t } = useTranslation('landers');
  const { slug } = useParams<{ slug?: string }>();
  const { settings } = useSnapshot(session);
  const { niche, place } = copyFor(settings?.niche ?? 0, slug);
  return { niche, place, who: t(`niche.${niche}.who`), where: place ? t('whereIn', { place }) : t('whereNear') };
}
