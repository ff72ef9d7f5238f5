import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Payment } from '../../../contract/index.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Checkout } from './checkout.tsx';
import { OfferError } from './offer-error.tsx';
import { fetchTransactions } from './payments-api.ts';
import { useOffer } from './use-offer.ts';
import './payments.scss';

/** /credits/repeat-order (spec 2): the member's last completed bundle again, with the same method, in one step. */
export default function RepeatOrderScreen() {
  const { t } = useTranslation('payments');
  usePageTitle(t('repeat.title'));
  const { offer, error, reload } = useOffer();
  const [last, setLast] = useState<Payment | null | undefined>(undefined);
  useEffect(() => {
    fetchTransactions().then(
      (d) => setLast(d.payments.find((p) => p.status === 'completed') ?? null),
      () => setLast(null),
    );
  }, []);
  const bundle = last && offer?.bundles.find((b) => b.id === last.bundle_id);
  const method = last && offer?.methods.find((m) => m.id === last.method);
  return (
    <div className="container py-3 py-md-4 payments" style={{ maxWidth: 640 }}>
      <h1 className="h3 fw-bold mb-3">{t('repeat.title')}</h1>
      {error != null && !offer && <OfferError error={error} onRetry={reload} />}
      {last === null && (
        <p>
          {t('repeat.none')} <Link href="/credits">{t('repeat.choose')}</Link>
        </p>
      )}
      {bundle && method && (
        <>
          <p>{t('repeat.lead', { credits: t('bundle.credits', { count: bundle.credits }), method: t(`methods.${method.id}`) })}</p>
          <Checkout bundle={bundle} method={method} />
        </>
      )}
    </div>
  );
}
