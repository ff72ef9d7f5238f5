import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatMoney, type CreditsResponse } from '../../../contract/index.ts';

/**
 * The bundles of an offer as cards (spec 2: /credits): credits, price, what one message costs in money at that price,
 * the popular one marked; each links to paying it (/credits/{id}).
 */
export function BundleList({ offer }: { offer: CreditsResponse }) {
  const { t, i18n } = useTranslation('payments');
  return (
    <ul className="bundle-list list-unstyled">
      {offer.bundles.map((b) => (
        <li key={b.id} className={`bundle card rounded-4 ${b.popular ? 'bundle-popular border-primary' : 'border-0'} shadow-sm`}>
          <div className="card-body d-flex flex-column gap-1 p-3">
            {b.popular && <span className="badge text-bg-primary align-self-start">{t('bundle.popular')}</span>}
            <h2 className="h4 fw-bold mb-0">{t('bundle.credits', { count: b.credits })}</h2>
            <p className="bundle-price h5 mb-0">{formatMoney(b.amount, b.currency, i18n.language)}</p>
            <p className="small text-body-secondary mb-2">
              {t('bundle.perMessage', { credits: offer.message_credits, price: formatMoney(b.message_amount, b.currency, i18n.language) })}
            </p>
            <Link href={`/credits/${b.id}`} className={`btn ${b.popular ? 'btn-primary' : 'btn-outline-primary'} rounded-pill mt-auto`}>
              {t('bundle.choose', { count: b.credits })}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
