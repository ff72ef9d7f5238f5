import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatMoney, type Bundle, type MethodOffer, type PaymentMethod } from '../../../contract/index.ts';
import { useActiveDiscount } from '../offers/order-discount.ts';
import { methodPrice } from './method-price.ts';

/** Apple Pay is offered only where the browser can pay with it (Safari on Apple devices). */
const applePayHere = () => typeof window !== 'undefined' && 'ApplePaySession' in window;

/**
 * The payment methods of the country as links to paying bundle `bundleId` with each (`except` left out), with any fee.
 * Given the `bundle` and payment `country`, each shows the price the member pays with it (methodPrice: the active
 * discount where the code allows the method, the fee on the rest), so methods are compared by what they cost.
 * SEPA direct debit has its own form (/directdebit); the others go through the provider's checkout. Apple Pay shows
 * only in browsers that support it.
 */
export function MethodList({
  bundleId,
  methods,
  except,
  bundle,
  country,
}: {
  bundleId: number;
  methods: readonly MethodOffer[];
  except?: PaymentMethod;
  bundle?: Bundle;
  country?: string;
}) {
  const { t, i18n } = useTranslation('payments');
  const code = useActiveDiscount();
  return (
    <ul className="method-list list-unstyled">
      {methods
        .filter((m) => m.id !== except && (m.id !== 'applepay' || applePayHere()))
        .map((m) => {
          const price = bundle && country ? methodPrice(bundle, m, code, country) : null;
          return (
            <li key={m.id}>
              <Link
                href={m.id === 'sepadirectdebit' ? `/directdebit?bundle=${bundleId}` : `/credits/${bundleId}/${m.id}`}
                className="method btn btn-outline-dark rounded-3 w-100 d-flex justify-content-between align-items-center gap-2"
              >
                <span className="fw-semibold">{t(`methods.${m.id}`)}</span>
                <span className="d-flex flex-column align-items-end text-end">
                  {price && <span className="fw-semibold">{formatMoney(price.total, bundle!.currency, i18n.language)}</span>}
                  {m.fee_percent > 0 && (
                    <span className="small text-body-secondary">{t('pay.fee', { percent: m.fee_percent })}</span>
                  )}
                  {price && price.discount > 0 && (
                    <span className="small text-success">
                      {t('decide.discounted', { amount: formatMoney(price.discount, bundle!.currency, i18n.language) })}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
    </ul>
  );
}
