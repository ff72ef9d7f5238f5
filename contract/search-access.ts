// Who may search (spec 6), a pure rule without zod: the page's route guard imports it into the entry chunk, and the
// server's search calls use the same function.

/**
 * Spec 6: may a visitor (logged out) search? Yes when the site's `logged_out_search` is on, or when its
 * `logged_out_search_trafficsource` is on and the visit came from a traffic source (the `network` of the tracking
 * data, as spec 5's signup rule reads it). Members always may. Used by the server (members.php, similar.php) and by
 * the page's route guard, so both say the same.
 */
export function visitorMaySearch(
  settings: { logged_out_search: boolean; logged_out_search_trafficsource: boolean },
  network: string | null | undefined,
): boolean {
  return settings.logged_out_search || (settings.logged_out_search_trafficsource && !!network);
}
