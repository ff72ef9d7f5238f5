import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearch } from 'wouter';
import type { Bundle, CreditsResponse, MethodOffer } from '../../../contract/index.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Checkout } from './checkout.tsx';
import { MethodList } from './method-list.tsx';
import { LoadError } from './load-error.tsx';
import { PaymentStatus } from './payment-status.tsx';
import { useOffer } from './use-offer.ts';
import './payments.scss';

/**
 * /credits/{id}/{paymentmethod?} (spec 2): pays bundle {id}. Without a method it asks for one; with one it shows the
 * price, the method's fee and the total, and "Pay" opens the provider's hosted checkout. Back from the checkout
 * (`?payment=`), it shows the payment's state.
 */
export default function PayScreen() {
  const { t } = useTranslation('payments');
  const params = useParams<{ id: string; paymentmethod?: string }>();
  const search = new URLSearchParams(useSearch());
  const { offer, error, reload } = useOffer();
  const bundle = offer?.bundles.find((b) => String(b.id) === params.id);
  const method = params.paymentmethod ? offer?.methods.find((m) => m.id === params.paymentmethod) : undefined;
  usePageTitle(bundle ? t('pay.title', { count: bundle.credits }) : t('credits.title'));
  const paymentId = search.get('payment');

  return (
    <div className="container py-3 py-md-4 payments" style={{ maxWidth: 640 }}>
      <h1 className="h3 fw-bold mb-3">{bundle ? t('pay.title', { count: bundle.credits }) : t('credits.title')}</h1>
      {error != null && !offer && <LoadError error={error} onRetry={reload} />}
      {paymentId ? (
        <PaymentStatus
          id={paymentId}
          sessionId={search.get('sessionId')}
          sessionResult={search.get('sessionResult')}
          methods={offer?.methods ?? null}
        />
      ) : (
        offer && <Choose offer={offer} bundle={bundle} method={method} methodAsked={params.paymentmethod} />
      )}
    </div>
  );
}

function Choose({
  offer,
  bundle,
  method,
  methodAsked,
}: {
  offer: CreditsResponse;
  bundle?: Bundle;
  method?: MethodOffer;
  methodAsked?: string;
}) {
  const { t } = useTranslation('payments');
  if (!bundle) {
    return (
      <>
        <div className="alert alert-warning" role="alert">
          {t('pay.unknownBundle')}
        </div>
        <Link href="/credits">{t('pay.otherBundle')}</Link>
      </>
    );
  }
  if (!method) {
    return (
      <>
        {methodAsked && (
          <div className="alert alert-warning" role="alert">
            {t('pay.unknownMethod')}
          </div>
        )}
        <h2 className="h5 fw-bold mb-3">{t('pay.chooseMethod')}</h2>
        <MethodList bundleId={bundle.id} methods={offer.methods} bundle={bundle} country={offer.country} />
        <Link href="/credits">{t('pay.otherBundle')}</Link>
      </>
    );
  }
  return <Checkout bundle={bundle} method={method} country={offer.country} />;
}
