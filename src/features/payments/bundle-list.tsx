import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatMoney, type Bundle, type CreditsResponse } from '../../../contract/index.ts';
import { discountOn, useActiveDiscount } from '../offers/order-discount.ts';
import { cheapestTotal, perMessage } from './method-price.ts';

/**
 * The bundles of an offer as cards (spec 2: /credits): credits, price (with the member's active discount taken off
 * where it applies, the old price struck through), what one message costs in money at the price the member would
 * pay now (the discount off, the cheapest method's fee on: cheapestTotal) and the country's message cost, the popular
 * one marked; each links to paying it (/credits/{id}).
 */
export function BundleList({ offer }: { offer: CreditsResponse }) {
  const { t, i18n } = useTranslation(['payments', 'offers']);
  const code = useActiveDiscount();
  const money = (amount: number) => formatMoney(amount, offer.currency, i18n.language);
  return (
    <ul className="bundle-list list-unstyled">
      {offer.bundles.map((b) => (
        <li key={b.id} className={`bundle card rounded-4 ${b.popular ? 'bundle-popular border-primary' : 'border-0'} shadow-sm`}>
          <div className="card-body d-flex flex-column gap-1 p-3">
            {b.popular && <span className="badge text-bg-primary align-self-start">{t('bundle.popular')}</span>}
            <h2 className="h4 fw-bold mb-0">{t('bundle.credits', { count: b.credits })}</h2>
            <BundlePrice bundle={b} discount={discountOn(code, b, offer.country)} money={money} />
            <p className="small text-body-secondary mb-2">
              {t('bundle.perMessage', {
                credits: offer.message_credits,
                price: money(perMessage(cheapestTotal(b, offer.methods, code, offer.country), b.credits, offer.message_credits)),
              })}
            </p>
            <Link
              href={`/credits/${b.id}`}
              className={`btn ${b.popular ? 'btn-primary' : 'btn-outline-primary'} rounded-pill mt-auto`}
            >
              {t('bundle.choose', { count: b.credits })}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A bundle's price; with a discount, the full price struck through and the price to pay. */
function BundlePrice({ bundle, discount, money }: { bundle: Bundle; discount: number; money(amount: number): string }) {
  const { t } = useTranslation('offers');
  if (discount === 0) return <p className="bundle-price h5 mb-0">{money(bundle.amount)}</p>;
  return (
    <p className="bundle-price h5 mb-0 d-flex flex-wrap align-items-baseline gap-2">
      <s className="fs-6 fw-normal text-body-secondary">
        <span className="visually-hidden">{t('price.was')} </span>
        {money(bundle.amount)}
      </s>
      <span>
        <span className="visually-hidden">{t('price.now')} </span>
        {money(bundle.amount - discount)}
      </span>
    </p>
  );
}
