import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { formatMoney, TransactionsResponse, type Payment } from '../../../contract/index.ts';
import { useHydrated } from '../../app/hydrated.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { useFirstAnswer } from '../../api/use-first-answer.ts';
import { LoadError } from './load-error.tsx';
import { TRANSACTIONS_CALL } from './payment-calls.ts';
import { fetchTransactions } from './payments-api.ts';
import { PaymentDetail } from './payment-detail.tsx';
import './payments.scss';

/** The badge of each payment state (whole class names, so the build's CSS purge sees them). */
const STATUS_BADGE: Record<Payment['status'], string> = {
  pending: 'text-bg-warning',
  completed: 'text-bg-success',
  failed: 'text-bg-danger',
  cancelled: 'text-bg-danger',
  expired: 'text-bg-secondary',
  refunded: 'text-bg-secondary',
};

/** The ledger reasons with their own label; others show as "Other". */
const REASONS = ['signup', 'seed', 'message', 'purchase', 'refund', 'goodwill'];

/**
 * /transactions/{id?} (spec 2): every payment (any state) and every credit movement of the ledger, newest first; with
 * {id}, one payment with its invoice details.
 */
export default function TransactionsScreen() {
  const { t, i18n } = useTranslation('payments');
  const { id } = useParams<{ id?: string }>();
  usePageTitle(t('transactions.title'));
  // Drawn by the server render with its list (the route's first call); the times are in the reader's time zone, which
  // the server does not know: they are written after hydration.
  const hydrated = useHydrated();
  const {
    value: data,
    setValue,
    error,
    setError,
  } = useFirstAnswer(TRANSACTIONS_CALL, TransactionsResponse, (d) => d, fetchTransactions);
  const retry = () => {
    setError(null);
    fetchTransactions().then(setValue, setError);
  };
  const date = (iso: string) => (
    <time dateTime={iso}>
      {hydrated && new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })}
    </time>
  );

  if (id) {
    const payment = data?.payments.find((p) => p.id === id);
    return (
      <div className="container py-3 py-md-4 payments" style={{ maxWidth: 720 }}>
        <h1 className="h3 fw-bold mb-3">{t('transactions.detail')}</h1>
        {error != null && !data && <LoadError error={error} onRetry={retry} message="transactions.loadFailed" />}
        {data &&
          (payment ? (
            <PaymentDetail payment={payment} />
          ) : (
            <div className="alert alert-warning" role="alert">
              {t('transactions.notFound')}
            </div>
          ))}
        <Link href="/transactions">{t('transactions.back')}</Link>
      </div>
    );
  }

  return (
    <div className="container py-3 py-md-4 payments" style={{ maxWidth: 900 }}>
      <h1 className="h3 fw-bold mb-3">{t('transactions.title')}</h1>
      {error != null && !data && <LoadError error={error} onRetry={retry} message="transactions.loadFailed" />}
      {data && (
        <>
          <h2 className="h5 fw-bold">{t('transactions.payments')}</h2>
          {data.payments.length === 0 ? (
            <p className="text-body-secondary">{t('transactions.none')}</p>
          ) : (
            <ul className="payment-list list-unstyled mb-4">
              {data.payments.map((p) => (
                <li key={p.id}>
                  <Link href={`/transactions/${p.id}`} className="payment-item card border-0 shadow-sm rounded-3 p-3">
                    <span className="d-flex justify-content-between align-items-center gap-2">
                      <span className="fw-semibold">
                        {t('bundle.credits', { count: p.credits })} · {formatMoney(p.amount, p.currency, i18n.language)}
                      </span>
                      <span className={`badge ${STATUS_BADGE[p.status]}`}>{t(`transactions.statuses.${p.status}`)}</span>
                    </span>
                    <span className="small text-body-secondary">
                      {date(p.created_at)} · {t(`methods.${p.method}`)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <h2 className="h5 fw-bold">{t('transactions.movements')}</h2>
          {data.movements.length === 0 ? (
            <p className="text-body-secondary">{t('transactions.noMovements')}</p>
          ) : (
            <div className="table-responsive">
              <table className="table align-middle">
                <thead>
                  <tr>
                    <th scope="col">{t('transactions.date')}</th>
                    <th scope="col">{t('transactions.what')}</th>
                    <th scope="col" className="text-end">
                      {t('transactions.credits')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('transactions.balance')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.movements.map((m) => (
                    <tr key={m.id}>
                      <td>{date(m.created_at)}</td>
                      <td>
                        {m.payment_id ? (
                          <Link href={`/transactions/${m.payment_id}`}>
                            {t(`transactions.reason.${REASONS.includes(m.reason) ? m.reason : 'other'}`)}
                          </Link>
                        ) : (
                          t(`transactions.reason.${REASONS.includes(m.reason) ? m.reason : 'other'}`)
                        )}
                      </td>
                      <td className={`text-end ${m.delta < 0 ? 'text-danger' : 'text-success'}`}>
                        {m.delta > 0 ? `+${m.delta}` : m.delta}
                      </td>
                      <td className="text-end">{m.balance_after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
