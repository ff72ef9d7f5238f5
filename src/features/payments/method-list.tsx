import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MethodOffer, PaymentMethod } from '../../../contract/index.ts';

/** Apple Pay is offered only where the browser can pay with it (Safari on Apple devices). */
const applePayHere = () => typeof window !== 'undefined' && 'ApplePaySession' in window;

/**
 * The payment methods of the country as links to paying bundle `bundleId` with each (`except` left out), with any fee.
 * SEPA direct debit has its own form (/directdebit); the others go through the provider's checkout. Apple Pay shows
 * only in browsers that support it.
 */
export function MethodList({
  bundleId,
  methods,
  except,
}: {
  bundleId: number;
  methods: readonly MethodOffer[];
  except?: PaymentMethod;
}) {
  const { t } = useTranslation('payments');
  return (
    <ul className="method-list list-unstyled">
      {methods
        .filter((m) => m.id !== except && (m.id !== 'applepay' || applePayHere()))
        .map((m) => (
          <li key={m.id}>
            <Link
              href={m.id === 'sepadirectdebit' ? `/directdebit?bundle=${bundleId}` : `/credits/${bundleId}/${m.id}`}
              className="method btn btn-outline-dark rounded-3 w-100 d-flex justify-content-between align-items-center"
            >
              <span className="fw-semibold">{t(`methods.${m.id}`)}</span>
              {m.fee_percent > 0 && <span className="small text-body-secondary">{t('pay.fee', { percent: m.fee_percent })}</span>}
            </Link>
          </li>
        ))}
    </ul>
  );
}
