// The visitor's own choice of country (spec 3: geoip_selected_country), on the pages where the country matters
// (pricing, the footer): it sets the prices and currency, the visible languages, the entry warning and the US footer
// as the guessed country would. Kept in a cookie, which the server reads (server/domain/content/visitor-country.ts).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Country } from '../../../contract/index.ts';
import { sortedCountries } from '../../i18n/country-names.ts';
import { session } from '../account/session-store.ts';

/** The cookie's name, as the server reads it (SELECTED_COUNTRY_COOKIE there). */
const SELECTED_COUNTRY_COOKIE = 'geoip_selected_country';
/** A year, as the language cookie (src/i18n/language.ts). */
const SELECTED_COUNTRY_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Makes `country` the visitor's country: in the session's settings at once, and in the cookie for the next pages. */
export function chooseCountry(country: Country): void {
  document.cookie = `${SELECTED_COUNTRY_COOKIE}=${country}; Max-Age=${SELECTED_COUNTRY_MAX_AGE_S}; Path=/; SameSite=Lax`;
  if (session.settings) session.settings.geoip_selected_country = country;
}

/**
 * A select of the site's countries (named in the reader's language) showing the visitor's country, chosen or else
 * guessed. Nothing for a member: their profile's country decides.
 */
export function CountryPicker({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { user, settings } = useSnapshot(session);
  const id = useId();
  if (user || !settings) return null;
  const current = settings.geoip_selected_country ?? settings.geoip_country ?? '';
  return (
    <div className={`country-picker d-flex align-items-center gap-2 ${className}`}>
      <label htmlFor={id} className="mb-0">
        {t('countryPicker.label')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={current}
        onChange={(e) => chooseCountry(e.target.value as Country)}
      >
        {!settings.countries.includes(current as Country) && <option value="">{t('countryPicker.none')}</option>}
        {sortedCountries(settings.countries, i18n.language).map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
