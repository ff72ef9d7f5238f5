import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { refundShare, refundWindowOpen, type Payment } from '../../../contract/index.ts';
import { fetchTransactions } from '../payments/payments-api.ts';
import { session } from '../account/session-store.ts';

/**
 * Before deleting the account: the credits that are lost with it (the balance, and how many of them were bought) and,
 * while a purchase can still be refunded (refund_days, refundShare > 0), a link to it on /transactions/{id}, so
 * the unused bought credits can be refunded first. Nothing for a balance of 0.
 */
export function PaidCreditsNotice() {
  const { t } = useTranslation('account');
  const { user, settings } = useSnapshot(session);
  const [refundable, setRefundable] = useState<Payment | null>(null);
  const bought = user?.bought_credits ?? 0;
  const refundDays = settings?.refund_days ?? 0;
  useEffect(() => {
    if (bought === 0) return;
    let live = true;
    fetchTransactions().then(
      ({ payments }) => {
        const now = Date.now();
        const open = payments.find(
          (p) =>
            p.status === 'completed' &&
            refundWindowOpen(Date.parse(p.created_at), refundDays, now) &&
            refundShare(p, bought).credits > 0,
        );
        if (live) setRefundable(open ?? null);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [bought, refundDays]);
  if (!user || user.credits === 0) return null;
  return (
    <div className="alert alert-warning small" role="note">
      <p className="mb-1 fw-semibold">{t('paidCredits.lost', { count: user.credits })}</p>
      {bought > 0 && <p className="mb-1">{t('paidCredits.bought', { count: bought })}</p>}
      {refundable && (
        <Link href={`/transactions/${refundable.id}`} className="btn btn-sm btn-primary rounded-pill mt-1">
          {t('paidCredits.refundFirst')}
        </Link>
      )}
    </div>
  );
}
