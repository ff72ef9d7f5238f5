// Spec 1: when the adults-only entry warning is shown. Apart from the modal so the rule is tested on its own.
import type { Settings } from '../../contract/index.ts';
import type { LayoutName } from './routes.ts';

/** Where the warning's dismissal is remembered (the time it was accepted, like the alerts of spec 2). */
export const ENTRY_WARNING_KEY = 'hide-entry-warning';

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
