import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { v7 } from 'uuid';
import { formatMoney, RepeatOrderResponse, type Bundle, type PaymentResponse } from '../../../contract/index.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useFirstAnswer } from '../../api/use-first-answer.ts';
import { errorText } from '../../i18n/error-text.ts';
import { showToast } from '../../ui/toast-store.ts';
import { refreshUser } from '../account/session-store.ts';
import { Checkout } from './checkout.tsx';
import { LoadError } from './load-error.tsx';
import { REPEAT_ORDER_CALL } from './payment-calls.ts';
import { fetchRepeatOrder, repeatWithStoredCard } from './payments-api.ts';
import { useOffer } from './use-offer.ts';
import './payments.scss';

/**
 * /credits/repeat-order (spec 2): the member's last bundle again. With a stored card it is one step (card on file);
 * a refused charge says "Credit card payment failed on the stored card" with Retry and PayPal (spec 4, 8). Without
 * one, the last method's checkout.
 */
export default function RepeatOrderScreen() {
  const { t } = useTranslation('payments');
  usePageTitle(t('repeat.title'));
  const { offer, error, reload } = useOffer();
  // Drawn by the server render with the last order (the route's first call); an order that cannot be loaded shows as
  // none, with the way to choose a bundle.
  const { value: order } = useFirstAnswer(
    REPEAT_ORDER_CALL,
    RepeatOrderResponse,
    (o) => o,
    (): Promise<RepeatOrderResponse> => fetchRepeatOrder().catch(() => ({ last: null, card: null })),
  );
  const bundle = order?.last && offer?.bundles.find((b) => b.id === order.last!.bundle_id);
  const method = order?.last && offer?.methods.find((m) => m.id === order.last!.method);
  return (
    <div className="container py-3 py-md-4 payments" style={{ maxWidth: 640 }}>
      <h1 className="h3 fw-bold mb-3">{t('repeat.title')}</h1>
      {error != null && !offer && <LoadError error={error} onRetry={reload} />}
      {order && !order.last && (
        <p>
          {t('repeat.none')} <Link href="/credits">{t('repeat.choose')}</Link>
        </p>
      )}
      {bundle && order?.card && <StoredCardOrder bundle={bundle} card={order.card} />}
      {bundle && method && !order?.card && (
        <>
          <p>
            {t('repeat.lead', { credits: t('bundle.credits', { count: bundle.credits }), method: t(`methods.${method.id}`) })}
          </p>
          <Checkout bundle={bundle} method={method} country={offer!.country} />
        </>
      )}
    </div>
  );
}

/** One step: charges the stored card; shows the result, and on a refusal Retry and the PayPal alternative. */
function StoredCardOrder({ bundle, card }: { bundle: Bundle; card: NonNullable<RepeatOrderResponse['card']> }) {
  const { t, i18n } = useTranslation(['payments', 'errors']);
  const [id, setId] = useState(() => v7());
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<PaymentResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const price = formatMoney(bundle.amount, bundle.currency, i18n.language);
  const buy = async () => {
    setBusy(true);
    setError(null);
    try {
      const a = await repeatWithStoredCard(id);
      setAnswer(a);
      if (a.payment.status === 'completed') {
        showToast(t('status.completed'));
        void refreshUser().catch(() => {});
      }
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const retry = () => {
    setId(v7());
    setAnswer(null);
  };
  if (answer?.payment.status === 'completed') {
    return (
      <section className="payment-state text-center py-4" aria-live="polite">
        <h2 className="h4 fw-bold text-success">{t('status.completed')}</h2>
        <p>{t('status.completedLead', { count: answer.payment.credits, balance: answer.credits })}</p>
        <Link href="/chats" className="btn btn-primary rounded-pill px-4">
          {t('status.toChats')}
        </Link>
      </section>
    );
  }
  if (answer?.payment.status === 'failed') {
    return (
      <section aria-live="polite">
        <div className="alert alert-danger" role="alert">
          {t('repeat.cardFailed')}
        </div>
        <p className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary rounded-pill px-4" onClick={retry}>
            {t('repeat.retry')}
          </button>
          <Link href={`/credits/${bundle.id}/paypal`} className="btn btn-outline-primary rounded-pill px-4">
            {t('repeat.paypal')}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section>
      <p className="text-body-secondary">{t('repeat.oneStep')}</p>
      {error != null && (
        <div className="alert alert-danger" role="alert">
          {errorText(error, { t })}
        </div>
      )}
      {answer?.payment.status === 'pending' && <p role="status">{t('status.pending')}</p>}
      <button type="button" className="btn btn-primary btn-lg rounded-pill w-100" disabled={busy} onClick={() => void buy()}>
        {t('repeat.withCard', {
          credits: t('bundle.credits', { count: bundle.credits }),
          price,
          method: t(`methods.${card.method}`),
          last4: card.last4,
        })}
      </button>
    </section>
  );
}
