// What a lander says: the site's niche (or a niche named by the slug) picks who the copy is about; a slug that names a
// known place ("/landers/gallery/amsterdam": "... in Amsterdam") says where. Any other slug adds no text: the server
// looks the place up in its dataset (lander-content.ts), so a link cannot put its own words on the page.
import { useParams } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { niches, type NicheName } from '../../../contract/index.ts';
import { session } from '../account/session-store.ts';
import { useLanderPlace } from './lander-content.ts';
import { regionCode, regionName, REGIONS_NS } from '../../i18n/region-names.ts';

/** The copy parameters of a lander: `niche`, and `who` / `where` for the i18n interpolation. */
// A type, not an interface: i18next's options need the implicit index signature.
export type LanderCopy = {
  niche: NicheName;
  /** "singles", "curvy women", ... */
  who: string;
  /** "near you" or "in Amsterdam". */
  where: string;
  /** The known place the slug names ("Amsterdam"; a region in the reader's language: "Bayern"), or null. */
  place: string | null;
  /** The place is a region, which some languages put otherwise than a town (fr "en région Bavière", not "à"). */
  region: boolean;
};

/** The niche of a lander: the one its slug names (any case), else the site's (spec 1 niche setting by number). */
export function nicheFor(siteNiche: number, slug: string | undefined): NicheName {
  return niches.find((n) => n === slug?.toLowerCase()) ?? niches[siteNiche] ?? 'general';
}

/** The copy of the current lander (route parameter `slug`, site setting `niche`). */
export function useLanderCopy(): LanderCopy {
  const { t, i18n } = useTranslation(['landers', REGIONS_NS]);
  const { slug } = useParams<{ slug?: string }>();
  const { settings } = useSnapshot(session);
  const niche = nicheFor(settings?.niche ?? 0, slug);
  const found = useLanderPlace();
  // A town keeps the dataset's name: the table names regions only.
  const place = found && regionName(found.country, found.name, i18n.language);
  const region = found !== null && regionCode(found.country, found.name) !== null;
  // i18next context: `whereIn_region` for a region.
  const context = region ? 'region' : undefined;
  const where = place ? t('whereIn', { place, context }) : t('whereNear');
  return { niche, place, region, who: t(`niche.${niche}.who`), where };
}
