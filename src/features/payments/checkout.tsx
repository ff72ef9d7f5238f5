import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { v7 } from 'uuid';
import { formatMoney, type Bundle, type MethodOffer } from '../../../contract/index.ts';
import { errorText } from '../../i18n/error-text.ts';
import { discountOn, useActiveDiscount } from '../offers/order-discount.ts';
import { methodPrice } from './method-price.ts';
import { startPayment } from './payments-api.ts';

/**
 * The order's summary and the Pay button: the price, the member's active discount where it applies to this method,
 * the method's fee on what is left, the total; starts the payment (one idempotency key per visit) with the code and
 * leaves for the checkout. `country` is the payment country.
 */
export function Checkout({ bundle, method, country }: { bundle: Bundle; method: MethodOffer; country: string }) {
  const { t, i18n } = useTranslation(['payments', 'offers', 'errors']);
  const code = useActiveDiscount();
  const { discount, fee, total } = methodPrice(bundle, method, code, country);
  const [id] = useState(() => v7());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const money = (amount: number) => formatMoney(amount, bundle.currency, i18n.language);
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const { redirect_url } = await startPayment(id, bundle.id, method.id, discount > 0 ? code?.code : undefined);
      window.location.assign(redirect_url);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="order-heading">
      <h2 id="order-heading" className="visually-hidden">
        {t('pay.total')}
      </h2>
      <dl className="order-summary card border-0 shadow-sm rounded-4 p-3">
        <dt>{t('pay.bundle')}</dt>
        <dd>{t('bundle.credits', { count: bundle.credits })}</dd>
        <dt>{t('pay.method')}</dt>
        <dd>{t(`methods.${method.id}`)}</dd>
        <dt>{t('pay.price')}</dt>
        <dd>{money(bundle.amount)}</dd>
        {discount > 0 && code && (
          <>
            <dt>{t('offers:price.discount', { code: code.code, percent: code.value_percentage })}</dt>
            <dd>−{money(discount)}</dd>
          </>
        )}
        {fee > 0 && (
          <>
            <dt>{t('pay.fee', { percent: method.fee_percent })}</dt>
            <dd>{money(fee)}</dd>
          </>
        )}
        <dt className="fw-bold">{t('pay.total')}</dt>
        <dd className="fw-bold">{money(total)}</dd>
      </dl>
      {code && discount === 0 && discountOn(code, bundle, country) > 0 && (
        <p className="small text-body-secondary">
          {t('offers:price.notForMethod', { code: code.code, method: t(`methods.${method.id}`) })}
        </p>
      )}
      {error != null && (
        <div className="alert alert-danger" role="alert">
          {errorText(error, { t })}
        </div>
      )}
      <button type="button" className="btn btn-primary btn-lg rounded-pill w-100 my-3" disabled={busy} onClick={() => void pay()}>
        {busy ? t('pay.redirecting') : t('pay.button', { price: money(total) })}
      </button>
      <p className="small text-body-secondary">{t('pay.secure')}</p>
      <Link href={`/credits/${bundle.id}`}>{t('pay.changeMethod')}</Link>
    </section>
  );
}
