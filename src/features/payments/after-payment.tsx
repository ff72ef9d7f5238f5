import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { v7 } from 'uuid';
import type { Payment } from '../../../contract/index.ts';
import { errorText } from '../../i18n/error-text.ts';
import { useMemberDb } from '../../sync/use-member-db.ts';
import { dropPurchaseReturn, purchaseReturn } from '../chat/kept-draft.ts';
import { startPayment } from './payments-api.ts';

/**
 * After a completed purchase started from a chat whose message was refused for want of credits: the link back to
 * that conversation (kept-draft.ts), where the message waits in the composer. Nothing otherwise.
 */
export function BackToConversation() {
  const { t } = useTranslation('payments');
  const db = useMemberDb();
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void purchaseReturn(db).then((p) => live && setPath(p));
    return () => {
      live = false;
    };
  }, [db]);
  if (!path) return null;
  return (
    <p>
      <Link href={path} className="btn btn-primary btn-lg rounded-pill px-4" onClick={() => void dropPurchaseReturn(db)}>
        {t('decide.backToChat')}
      </Link>
    </p>
  );
}

/**
 * "Retry" after failed, cancelled or expired payment `payment`: a new attempt (new idempotency key) of the same
 * bundle with the same method and discount code, straight to the provider's checkout; SEPA direct debit goes back to
 * its form. A refusal (e.g. the code is used up meanwhile) is said here.
 */
export function RetryPayment({ payment }: { payment: Payment }) {
  const { t } = useTranslation(['payments', 'errors']);
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const retry = async () => {
    if (payment.method === 'sepadirectdebit') return navigate(`/directdebit?bundle=${payment.bundle_id}`);
    setBusy(true);
    setError(null);
    try {
      const code = payment.discount > 0 ? (payment.discount_code ?? undefined) : undefined;
      const { redirect_url } = await startPayment(v7(), payment.bundle_id, payment.method, code);
      window.location.assign(redirect_url);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <div className="mb-3">
      {error != null && (
        <div className="alert alert-warning" role="alert">
          {errorText(error, { t })}
        </div>
      )}
      <button type="button" className="btn btn-primary rounded-pill px-4" disabled={busy} onClick={() => void retry()}>
        {busy ? t('pay.redirecting') : t('decide.retry', { method: t(`methods.${payment.method}`) })}
      </button>
    </div>
  );
}
