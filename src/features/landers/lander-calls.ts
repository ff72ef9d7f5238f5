// The landers' first call, without React: the landers load it (lander-content.ts) and the route table declares it
// (src/app/routes.ts), so a server render answers it.
import { niches } from '../../../contract/niches.ts';

/** The longest slug the server looks up as a place (contract LanderQuery). */
const PLACE_SLUG_MAX = 100;

/**
 * The slug of a lander path as the server looks it up as a place: percent-decoded (a broken escape as it is), or
 * undefined when there is none, it names a niche (the copy's who, not a place) or it is too long to be a place.
 */
export function placeSlug(slug: string | undefined): string | undefined {
  if (!slug) return undefined;
  let text = slug;
  try {
    text = decodeURIComponent(slug);
  } catch {
    // Sent as it is: the server finds no place in it.
  }
  if (niches.some((n) => n === text.toLowerCase()) || text.length > PLACE_SLUG_MAX) return undefined;
  return text;
}

/**
 * GET /api/lander.php: the site niche's demo members, the members per region and, with `?place=`, the place the
 * lander's `slug` names (spec 2 landers). The same path for a slug whether or not the router decoded it.
 */
export function landerCall(slug: string | undefined): string {
  const place = placeSlug(slug);
  return place === undefined ? '/api/lander.php' : `/api/lander.php?place=${encodeURIComponent(place)}`;
}
