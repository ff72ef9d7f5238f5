import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatMoney, refundShare, refundWindowOpen, type InvoiceSummary, type Payment } from '../../../contract/index.ts';
import { companyInfo, loadCompanyInfo } from '../../app/company-info-store.ts';
import { useHydrated } from '../../app/hydrated.tsx';
import { countries } from '../../../contract/countries.ts';
import { countryNameOfText } from '../../i18n/country-names.ts';
import { errorText } from '../../i18n/error-text.ts';
import { refreshUser, session } from '../account/session-store.ts';
import { fetchInvoices, invoicePdfUrl } from './invoices-api.ts';
import { requestRefund } from './payments-api.ts';
import { ConfirmModal } from '../member/confirm-modal.tsx';

/**
 * One payment (/transactions/{id}): what, when, how much, how, its state, the invoice details (company, VAT) with the
 * downloads of its invoice and credit note, and, within refund_days of a completed purchase (refundWindowOpen), the
 * refund of its unused credits: the button opens a ConfirmModal with what refundShare (the refund's own rule) takes
 * back and returns; only its Confirm refunds.
 */
export function PaymentDetail({ payment: initial }: { payment: Payment }) {
  const { t, i18n } = useTranslation(['payments', 'errors']);
  const { info } = useSnapshot(companyInfo);
  const { settings, user } = useSnapshot(session);
  const [p, setPayment] = useState(initial);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [papers, setPapers] = useState<InvoiceSummary[]>([]);
  // The time is in the reader's time zone, which a server render does not know: written after hydration.
  const hydrated = useHydrated();
  useEffect(() => void loadCompanyInfo(), []);
  // Again after a refund: its credit note is issued with it.
  useEffect(() => {
    let live = true;
    fetchInvoices(p.id)
      .then((r) => live && setPapers(r.invoices))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [p.id, p.status]);
  const refundDays = settings?.refund_days ?? 0;
  const refundable = p.status === 'completed' && refundWindowOpen(Date.parse(p.created_at), refundDays, Date.now());
  const share = refundShare(p, user?.bought_credits ?? 0);
  const refund = async () => {
    setBusy(true);
    setError(null);
    try {
      setPayment(await requestRefund(p.id));
      setAsking(false);
      void refreshUser().catch(() => {});
    } catch (e) {
      setError(e);
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };
  const money = (amount: number) => formatMoney(amount, p.currency, i18n.language);
  return (
    <>
      <dl className="order-summary card border-0 shadow-sm rounded-4 p-3 mb-3">
        <dt>{t('transactions.date')}</dt>
        <dd>
          <time dateTime={p.created_at}>
            {hydrated && new Date(p.created_at).toLocaleString(i18n.language, { dateStyle: 'long', timeStyle: 'short' })}
          </time>
        </dd>
        <dt>{t('pay.bundle')}</dt>
        <dd>{t('bundle.credits', { count: p.credits })}</dd>
        <dt>{t('transactions.amount')}</dt>
        <dd>{money(p.amount)}</dd>
        {p.discount > 0 && (
          <>
            <dt>{t('transactions.discount', { code: p.discount_code })}</dt>
            <dd>−{money(p.discount)}</dd>
          </>
        )}
        {p.fee > 0 && (
          <>
            <dt>{t('transactions.fee')}</dt>
            <dd>{money(p.fee)}</dd>
          </>
        )}
        <dt>{t('transactions.method')}</dt>
        <dd>{t(`methods.${p.method}`)}</dd>
        <dt>{t('transactions.status')}</dt>
        <dd>
          {t(`transactions.statuses.${p.status}`)}
          {p.refunded_credits != null && p.refunded_amount != null && (
            <span className="d-block small">
              {t('transactions.refundedShort', { credits: p.refunded_credits, amount: money(p.refunded_amount) })}
            </span>
          )}
        </dd>
        <dt>{t('transactions.reference')}</dt>
        <dd className="text-break">{p.id}</dd>
      </dl>
      {refundable && (
        <section className="card border-0 shadow-sm rounded-4 p-3 mb-3" aria-labelledby="refund-heading">
          <h2 id="refund-heading" className="h6 fw-bold">
            {t('transactions.refundHeading')}
          </h2>
          <p>{t('transactions.refundLead', { days: refundDays })}</p>
          {error != null && (
            <div className="alert alert-danger" role="alert">
              {errorText(error, { t })}
            </div>
          )}
          {share.credits > 0 ? (
            <button
              type="button"
              className="btn btn-outline-danger rounded-pill align-self-start"
              disabled={busy}
              onClick={() => setAsking(true)}
            >
              {t('transactions.refundButton')}
            </button>
          ) : (
            <p className="small text-body-secondary mb-0">{t('decide.nothingToRefund')}</p>
          )}
          <ConfirmModal
            show={asking}
            title={t('decide.refundTitle')}
            body={`${t('decide.refundText', { count: share.credits, amount: money(share.amount) })} ${t('decide.refundFinal')}`}
            confirmLabel={t('decide.refundConfirm')}
            danger
            busy={busy}
            onConfirm={() => void refund()}
            onCancel={() => setAsking(false)}
          />
        </section>
      )}
      {p.status === 'refunded' &&
        p.refunded_credits != null &&
        p.refunded_amount != null &&
        p.refunded_credits > 0 &&
        p !== initial && (
          <div className="alert alert-success" role="status">
            {t('transactions.refunded', { credits: p.refunded_credits, amount: money(p.refunded_amount) })}
          </div>
        )}
      {(info || papers.length > 0) && (
        <section className="card border-0 shadow-sm rounded-4 p-3 mb-3" aria-labelledby="invoice-heading">
          <h2 id="invoice-heading" className="h6 fw-bold">
            {t('transactions.invoice')}
          </h2>
          {papers.length > 0 && (
            <ul className="list-unstyled mb-3" aria-label={t('invoice.documents')}>
              {papers.map((d) => (
                <li key={d.number}>
                  <a href={invoicePdfUrl(d.number)} download={`${d.number}.pdf`}>
                    {t(d.kind === 'invoice' ? 'invoice.download' : 'invoice.downloadCreditNote', { number: d.number })}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {info && (
            <address className="mb-0">
              {info.name}
              <br />
              {info.address}, {info.city}, {countryNameOfText(info.country, i18n.language, countries)}
              <br />
              {t('transactions.registration')}: {info.kvk}
              {info.vat_numbers.map((v) => (
                <span key={v}>
                  <br />
                  {t('transactions.vat')}: {v}
                </span>
              ))}
            </address>
          )}
        </section>
      )}
    </>
  );
}
