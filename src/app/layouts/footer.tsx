import { useEffect } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { session } from '../../features/account/session-store.ts';
import { cleanPhone } from '../../../contract/settings.ts';
import { countries } from '../../../contract/countries.ts';
import { countryNameOfText } from '../../i18n/country-names.ts';
import { companyInfo, loadCompanyInfo } from '../company-info-store.ts';
import { CountryPicker } from '../../features/country/country-picker.tsx';

/** Spec 2 footer links, in the spec's order. */
const footerLinks = [
  { href: '/pages/terms', key: 'footer.terms' },
  { href: '/pages/privacy', key: 'footer.privacy' },
  { href: '/pages/cookies', key: 'footer.cookies' },
  { href: '/pages/ban', key: 'footer.ban' },
  { href: '/pricing', key: 'footer.pricing' },
  { href: '/complaints', key: 'footer.complaints' },
  { href: '/pages/return-policy', key: 'footer.returnPolicy' },
  { href: '/pages/faq', key: 'footer.faq' },
  { href: '/pages/service', key: 'footer.service' },
] as const;

/**
 * Company block of spec 3 (name, address, city, country, registration and VAT numbers, support phone); the country in
 * the reader's language.
 */
function CompanyBlock() {
  const { t, i18n } = useTranslation();
  const { info } = useSnapshot(companyInfo);
  useEffect(() => {
    void loadCompanyInfo();
  }, []);
  if (!info) return null;
  return (
    <address className="footer-company">
      {/* The company's legal name and address: data, not interface text (translate="no", docs/i18n.md). */}
      <strong translate="no">{info.name}</strong>
      {info.tradenames.length > 0 && <span translate="no"> ({info.tradenames.join(', ')})</span>}
      <br />
      {/* The country is named by Intl in the reader's language (as in the country menus), not by i18next. */}
      <span translate="no">
        {info.address}, {info.city}, {countryNameOfText(info.country, i18n.language, countries)}
      </span>
      <br />
      {info.kvk && (
        <>
          {t('footer.registration', { number: info.kvk })}
          <br />
        </>
      )}
      {info.vat_numbers.length > 0 && (
        <>
          {t('footer.vat', { numbers: info.vat_numbers.join(', ') })}
          <br />
        </>
      )}
      {info.support_phone && (
        <>
          {t('footer.phone')} <a href={`tel:${cleanPhone(info.support_phone)}`}>{info.support_phone}</a>
        </>
      )}
    </address>
  );
}

/**
 * Spec 1: "A footer for the US only is shown for English": the 18 U.S.C. 2257 record-keeping compliance statement
 * (the content block `2257`), for a member whose profile is in the US, or a visitor the site places in the US
 * (chosen or geo-located country), reading the site in English.
 */
function UsFooter() {
  const { t, i18n } = useTranslation();
  const { user, settings } = useSnapshot(session);
  const country = user?.profile.country ?? settings?.geoip_selected_country ?? settings?.geoip_country ?? null;
  if (country !== 'US' || i18n.language !== 'en') return null;
  return (
    <p className="footer-us">
      <Link href="/2257">{t('footer.usc2257')}</Link>
    </p>
  );
}

/** The site footer with the legal links (spec 2), a visitor's country picker, the company info and the US-only footer (spec 1). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links">
            {footerLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <CountryPicker className="mb-3" />
        <CompanyBlock />
        <UsFooter />
      </div>
    </footer>
  );
}

/** The adults-only and fictional-profiles disclaimer under the footer. */
export function Disclaimer() {
  const { t } = useTranslation();
  const { settings } = useSnapshot(session);
  return (
    <div className="site-disclaimer">
      <div className="container">
        <p className="mb-1">{t('footer.adultsOnly', { name: settings?.name ?? '' })}</p>
        <p className="mb-1">
          <img
            src={settings?.fictional_icon || '/icons/fictional.svg'}
            width="16"
            height="16"
            alt=""
            className="me-1 align-text-bottom"
          />
          {settings?.fictional_warning || t('footer.fictional')}
        </p>
        <p className="mb-0">{t('footer.copyright', { year: new Date().getFullYear(), name: settings?.name ?? '' })}</p>
      </div>
    </div>
  );
}
