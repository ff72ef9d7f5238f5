// Spec 1: when the adults-only entry warning is shown. Apart from the modal so the rule is tested on its own.
import type { Settings } from '../../contract/index.ts';
import type { LayoutName } from './routes.ts';

/**
 * The cookie that remembers the warning was accepted (value: the time, ms since epoch). A cookie, not local storage, so
 * the server draws the warning with the page's first HTML only for a visitor who has not accepted it (server/page-render.ts).
 */
export const ENTRY_WARNING_COOKIE = 'entry_warning_accepted';
/** How long an acceptance is remembered: a year, like the language and country choices. */
export const ENTRY_WARNING_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Spec 1: in the chat, landing and empty layouts the warning is shown in these countries only. */
const STRICT_COUNTRIES: ReadonlySet<string> = new Set(['NL', 'DE']);

export interface EntryWarningConditions {
  loggedIn: boolean;
  /** Installed-app mode (display-mode standalone). */
  standalone: boolean;
  settings:
    | (Pick<Settings, 'enable_site_entry_popup' | 'geoip_country' | 'geoip_selected_country'> & { countries: readonly string[] })
    | null;
  layout: LayoutName;
  /** Whether the visitor accepted it before. */
  dismissed: boolean;
}

/**
 * True when the entry warning is due (spec 1): for a visitor, not in installed-app mode, the site's
 * enable_site_entry_popup on, the visitor's country (chosen, else guessed) one of the site's countries, not accepted
 * before; in the chat, lander and empty layouts only for NL and DE.
 */
export function entryWarningDue({ loggedIn, standalone, settings, layout, dismissed }: EntryWarningConditions): boolean {
  if (dismissed || loggedIn || standalone || !settings?.enable_site_entry_popup) return false;
  const country = settings.geoip_selected_country ?? settings.geoip_country;
  if (!country || !settings.countries.includes(country)) return false;
  return layout === 'default' || STRICT_COUNTRIES.has(country);
}
