import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { usePageTitle } from '../../app/page-title.ts';
import { session } from '../account/session-store.ts';
import { BundleList } from './bundle-list.tsx';
import { LoadError } from './load-error.tsx';
import { useOffer } from './use-offer.ts';
import './payments.scss';

/** What premium gives (spec 1, 4, 6, 9), in the order shown. */
const BENEFITS = ['allPhotos', 'photos', 'conversations', 'response', 'keep'] as const;

/** /premium (spec 2): what premium gives and the bundles that make a member premium (any first purchase, spec 4). */
export default function PremiumScreen() {
  const { t } = useTranslation('payments');
  usePageTitle(t('premium.title'));
  const { user } = useSnapshot(session);
  const { offer, error, reload } = useOffer();
  return (
    <div className="container py-3 py-md-4 payments">
      <h1 className="h3 fw-bold mb-1">{t('premium.title')}</h1>
      <p className="text-body-secondary">{t('premium.lead')}</p>
      {user?.paid_user && <div className="alert alert-success" role="status">{t('premium.already')}</div>}
      <section className="card border-0 shadow-sm rounded-4 mb-4" aria-labelledby="benefits-heading">
        <div className="card-body p-3 p-sm-4">
          <h2 id="benefits-heading" className="h5 fw-bold">{t('premium.benefits')}</h2>
          <ul className="premium-benefits mb-0">
            {BENEFITS.map((b) => (
              <li key={b}>{t(`premium.${b}`)}</li>
            ))}
          </ul>
        </div>
      </section>
      <h2 className="h5 fw-bold">{t('premium.choose')}</h2>
      {error != null && !offer && <LoadError error={error} onRetry={reload} />}
      {offer ? <BundleList offer={offer} /> : error == null && <div className="bundle-list-placeholder" aria-hidden="true" />}
    </div>
  );
}
