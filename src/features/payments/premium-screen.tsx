import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplyRates } from '../../../contract/index.ts';
import { fetchPremiumStats } from '../offers/offers-api.ts';
import { useSnapshot } from 'valtio';
import { usePageTitle } from '../../app/page-title.ts';
import { session } from '../account/session-store.ts';
import { BundleList } from './bundle-list.tsx';
import { LoadError } from './load-error.tsx';
import { useOffer } from './use-offer.ts';
import './payments.scss';

/** What premium gives (spec 1, 4, 6, 9), in the order shown. */
const BENEFITS = ['allPhotos', 'photos', 'conversations', 'keep'] as const;

/**
 * The spec 1 claim that premium members get more replies, only as this site's own measurement (GET /api/premium.php):
 * nothing while there are too few conversations to say, or when the call fails.
 */
function ReplyRatesFigure() {
  const { t, i18n } = useTranslation('payments');
  const { settings } = useSnapshot(session);
  const [rates, setRates] = useState<ReplyRates | null>(null);
  useEffect(() => {
    let live = true;
    fetchPremiumStats().then(
      (r) => live && setRates(r.reply_rates),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!rates) return null;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const { premium, free, days, higher_percent } = rates;
  return (
    <section className="card border-0 shadow-sm rounded-4 mb-4" aria-labelledby="replies-heading">
      <div className="card-body p-3 p-sm-4">
        <h2 id="replies-heading" className="h5 fw-bold">
          {t('premium.repliesHeading', { site: settings?.name ?? '' })}
        </h2>
        <p className="fw-semibold mb-1">
          {higher_percent >= 0
            ? t('premium.replies', { days, higher: higher_percent })
            : t('premium.repliesLower', { days, lower: -higher_percent })}
        </p>
        <p className="small text-body-secondary mb-0">
          {t('premium.repliesDetail', {
            premium: premium.replied,
            premiumCount: premium.conversations,
            premiumRate: percent.format(premium.replied / premium.conversations),
            free: free.replied,
            freeCount: free.conversations,
            freeRate: percent.format(free.replied / free.conversations),
          })}
        </p>
      </div>
    </section>
  );
}

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
      {user?.paid_user && (
        <div className="alert alert-success" role="status">
          {t('premium.already')}
        </div>
      )}
      <section className="card border-0 shadow-sm rounded-4 mb-4" aria-labelledby="benefits-heading">
        <div className="card-body p-3 p-sm-4">
          <h2 id="benefits-heading" className="h5 fw-bold">
            {t('premium.benefits')}
          </h2>
          <ul className="premium-benefits mb-0">
            {BENEFITS.map((b) => (
              <li key={b}>{t(`premium.${b}`)}</li>
            ))}
          </ul>
        </div>
      </section>
      <ReplyRatesFigure />
      <h2 className="h5 fw-bold">{t('premium.choose')}</h2>
      {error != null && !offer && <LoadError error={error} onRetry={reload} />}
      {offer ? <BundleList offer={offer} /> : error == null && <div className="bundle-list-placeholder" aria-hidden="true" />}
    </div>
  );
}
