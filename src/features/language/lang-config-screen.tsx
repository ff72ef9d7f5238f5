import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Language } from '../../../contract/index.ts';
import { switchLanguage } from '../../app/layouts/language-menu.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { countryLanguages, isLanguage, languageNames, siteLanguages } from '../../i18n/language.ts';
import { showToast } from '../../ui/toast-store.ts';
import { session } from '../account/session-store.ts';

/**
 * /lang-config (spec 2): the language configuration page. Every site language, each in its own name: those of the
 * member's (or visitor's) country first (spec 9), then the others; picking one switches the site at once, remembered
 * in the cookie and, for a member, on the account (the language menu's switchLanguage).
 */
export default function LangConfigScreen() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('langConfig.title'));
  const { user, settings } = useSnapshot(session);
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const country = user?.profile.country ?? settings?.geoip_selected_country ?? settings?.geoip_country ?? null;
  const own = (country && countryLanguages[country]) || [];
  const others = siteLanguages.filter((l) => !own.includes(l));
  const countryName = country ? (new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country) ?? country) : '';
  const choose = async (lng: Language) => {
    await switchLanguage(lng);
    showToast(t('langConfig.saved', { language: languageNames[lng] }), 'success');
  };
  const group = (id: string, title: string, list: readonly Language[]) => (
    <fieldset className="mb-3">
      <legend className="h6 fw-bold mb-2" id={id}>
        {title}
      </legend>
      <div className="card border-0 shadow-sm rounded-4 p-3">
        {list.map((lng) => (
          <div className="form-check" key={lng}>
            <input
              className="form-check-input"
              type="radio"
              name="language"
              id={`lang-${lng}`}
              checked={lng === current}
              onChange={() => void choose(lng)}
            />
            <label className="form-check-label" htmlFor={`lang-${lng}`} lang={lng}>
              {languageNames[lng]}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
  return (
    <div className="container py-3 py-md-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 fw-bold mb-1">{t('langConfig.title')}</h1>
      <p className="text-body-secondary">{t('langConfig.lead')}</p>
      {own.length > 0 ? (
        <>
          {group('lang-own', t('langConfig.country', { country: countryName }), own)}
          {group('lang-others', t('langConfig.others'), others)}
        </>
      ) : (
        group('lang-all', t('langConfig.all'), siteLanguages)
      )}
    </div>
  );
}
