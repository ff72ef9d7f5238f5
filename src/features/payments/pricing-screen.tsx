import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../contract/index.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Markdown } from '../pages/markdown.tsx';
import { useContentBlock } from '../pages/use-content-block.ts';
import { LoadError } from './load-error.tsx';
import { useOffer } from './use-offer.ts';
import './payments.scss';
import { countryName as nameOfCountry } from '../../i18n/country-names.ts';
import { CountryPicker } from '../country/country-picker.tsx';

/**
 * /pricing (spec 2: the pricing text): the site's pricing content block (spec 1) above the bundle prices of the
 * country, which a visitor may change (CountryPicker); while the block is not there (loading, offline and never read, or a site without one) the built-in text.
 */
export default function PricingScreen() {
  const { t, i18n } = useTranslation('payments');
  usePageTitle(t('pricing.title'));
  const { offer, error, reload } = useOffer();
  const text = useContentBlock('pricing');
  const block = text.state === 'ready' ? text.block : null;
  const countryName = offer ? nameOfCountry(offer.country, i18n.language) : '';
  return (
    <div className="container py-3 py-md-4 payments" style={{ maxWidth: 720 }}>
      <h1 className="h3 fw-bold mb-2">{t('pricing.title')}</h1>
      {block ? (
        <div className="content-body" lang={block.language}>
          <Markdown>{block.markdown}</Markdown>
        </div>
      ) : (
        <p>{t('pricing.lead')}</p>
      )}
      <CountryPicker className="mb-3" />
      {offer && <p>{t('pricing.perMessage', { count: offer.message_credits })}</p>}
      {error != null && !offer && <LoadError error={error} onRetry={reload} />}
      {offer && (
        <table className="table pricing-table">
          <caption>{t('pricing.country', { country: countryName })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pay.bundle')}</th>
              <th scope="col">{t('pay.price')}</th>
            </tr>
          </thead>
          <tbody>
            {offer.bundles.map((b) => (
              <tr key={b.id}>
                <td>{t('bundle.credits', { count: b.credits })}</td>
                <td>{formatMoney(b.amount, b.currency, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!block && <p>{t('pricing.premium')}</p>}
      <p>{t('pricing.fees')}</p>
      {!block && <p>{t('pricing.refunds')}</p>}
    </div>
  );
}
