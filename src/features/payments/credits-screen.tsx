import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { usePageTitle } from '../../app/page-title.ts';
import { session } from '../account/session-store.ts';
import { DiscountCodeForm } from '../offers/discount-code-form.tsx';
import { BundleList } from './bundle-list.tsx';
import { LoadError } from './load-error.tsx';
import { useOffer } from './use-offer.ts';
import './payments.scss';

/** /credits (spec 2): the balance, the active discount and a discount code field (spec 5), the bundles of the member's payment country, links to the transactions and a repeat order. */
export default function CreditsScreen() {
  const { t } = useTranslation('payments');
  usePageTitle(t('credits.title'));
  const { user } = useSnapshot(session);
  const { offer, error, reload } = useOffer();
  return (
    <div className="container py-3 py-md-4 payments">
      <h1 className="h3 fw-bold mb-1">{t('credits.title')}</h1>
      <p className="text-body-secondary mb-1">{t('credits.lead')}</p>
      {user && <p className="fw-semibold mb-3">{t('credits.balance', { count: user.credits })}</p>}
      {error != null && !offer && <LoadError error={error} onRetry={reload} />}
      {offer && <DiscountCodeForm offer={offer} />}
      {offer ? <BundleList offer={offer} /> : error == null && <div className="bundle-list-placeholder" aria-hidden="true" />}
      <p className="d-flex flex-wrap gap-3 mt-3">
        <Link href="/transactions">{t('credits.transactions')}</Link>
        {user?.paid_user && <Link href="/credits/repeat-order">{t('credits.repeat')}</Link>}
      </p>
    </div>
  );
}
