import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { Language } from '../../../contract/index.ts';
import { saveLanguage, session } from '../../features/account/session-store.ts';
import { errorText } from '../../i18n/error-text.ts';
import { i18next } from '../../i18n/index.ts';
import { isLanguage, languageNames, siteLanguages, visibleLanguages, writeLangCookie } from '../../i18n/language.ts';
import { showToast } from '../../ui/toast-store.ts';
import { GlobeIcon } from './icons.tsx';

/**
 * Switches the page language (spec 9: remembered in the lang cookie for 365 days) and, for a logged-in
 * user, saves it on the account with PUT /api/user.php (spec 7).
 */
export async function switchLanguage(lng: Language): Promise<void> {
  writeLangCookie(lng);
  await i18next.changeLanguage(lng);
  if (session.user) {
    try {
      await saveLanguage(lng);
    } catch (error) {
      showToast(errorText(error), 'danger');
    }
  }
}

/**
 * The language dropdown of the top navigation: the languages of the member's country (spec 9; a visitor's: the
 * country chosen or guessed), each in its own name, and a link to all of them on /lang-config. `compact` shows the
 * code instead of the name below 992 px (the visitors' bar has no hamburger to fold it into).
 */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { user, settings } = useSnapshot(session);
  const current: Language = isLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : isLanguage(i18n.language)
      ? i18n.language
      : 'en';
  const shown = visibleLanguages(user?.profile.country ?? settings?.geoip_selected_country ?? settings?.geoip_country, current);
  return (
    <Dropdown as="li" align="end" className="nav-item language-menu">
      <Dropdown.Toggle variant="link" className="nav-link" id="language-menu-toggle">
        <GlobeIcon />
        <span className="visually-hidden">
          {t('nav.language')}: <span lang={current}>{languageNames[current]}</span>
        </span>
        <span className={`ms-1 ${compact ? 'd-none' : 'd-md-none'} d-lg-inline`} aria-hidden="true">
          {languageNames[current]}
        </span>
        <span className={`ms-1 ${compact ? '' : 'd-none d-md-inline'} d-lg-none text-uppercase`} aria-hidden="true">
          {current}
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu role="menu" aria-labelledby="language-menu-toggle">
        {shown.map((lng) => (
          <Dropdown.Item
            key={lng}
            as="button"
            type="button"
            role="menuitemradio"
            aria-checked={lng === current}
            active={lng === current}
            lang={lng}
            onClick={() => void switchLanguage(lng)}
          >
            {languageNames[lng]}
          </Dropdown.Item>
        ))}
        {shown.length < siteLanguages.length && (
          <>
            <Dropdown.Divider />
            <Dropdown.Item as={Link} href="/lang-config" role="menuitem">
              {t('nav.allLanguages')}
            </Dropdown.Item>
          </>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
