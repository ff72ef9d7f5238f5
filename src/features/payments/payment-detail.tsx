import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Payment } from '../../../contract/index.ts';
import { companyInfo, loadCompanyInfo } from '../../app/company-info-store.ts';
import { formatMoney } from './money.ts';

/** One payment (/transactions/{id}): what, when, how much, how, its state, and the invoice details (company, VAT). */
export function PaymentDetail({ payment: p }: { payment: Payment }) {
  const { t, i18n } = useTranslation('payments');
  const { info } = useSnapshot(companyInfo);
  useEffect(() => void loadCompanyInfo(), []);
  const money = (amount: number) => formatMoney(amount, p.currency, i18n.language);
  return (
    <>
      <dl className="order-summary card border-0 shadow-sm rounded-4 p-3 mb-3">
        <dt>{t('transactions.date')}</dt>
        <dd>{new Date(p.created_at).toLocaleString(i18n.language, { dateStyle: 'long', timeStyle: 'short' })}</dd>
        <dt>{t('pay.bundle')}</dt>
        <dd>{t('bundle.credits', { count: p.credits })}</dd>
        <dt>{t('transactions.amount')}</dt>
        <dd>{money(p.amount)}</dd>
        {p.fee > 0 && (
          <>
            <dt>{t('transactions.fee')}</dt>
            <dd>{money(p.fee)}</dd>
          </>
        )}
        <dt>{t('transactions.method')}</dt>
        <dd>{t(`methods.${p.method}`)}</dd>
        <dt>{t('transactions.status')}</dt>
        <dd>{t(`transactions.statuses.${p.status}`)}</dd>
        <dt>{t('transactions.reference')}</dt>
        <dd className="text-break">{p.id}</dd>
      </dl>
      {info && (
        <section className="card border-0 shadow-sm rounded-4 p-3 mb-3" aria-labelledby="invoice-heading">
          <h2 id="invoice-heading" className="h6 fw-bold">{t('transactions.invoice')}</h2>
          <address className="mb-0">
            {info.name}
            <br />
            {info.address}, {info.city}, {info.country}
            <br />
            {t('transactions.registration')}: {info.kvk}
            {info.vat_numbers.map((v) => (
              <span key={v}>
                <br />
                {t('transactions.vat')}: {v}
              </span>
            ))}
          </address>
        </section>
      )}
    </>
  );
}
