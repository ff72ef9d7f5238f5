import { useEffect, useRef, useState } from 'react';
import { setEnteredCode } from '../offers/offer-store.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import Spinner from 'react-bootstrap/Spinner';
import { formatMoney, type MethodOffer, type PaymentResponse } from '../../../contract/index.ts';
import { showToast } from '../../ui/toast-store.ts';
import { refreshUser } from '../account/session-store.ts';
import { BackToConversation, RetryPayment } from './after-payment.tsx';
import { MethodList } from './method-list.tsx';
import { fetchPayment } from './payments-api.ts';
import { TransferInstructions } from './transfer-instructions.tsx';

/** How often a pending payment is asked about, in ms. */
const POLL_MS = 2000;

/**
 * The return page of a payment (spec 4 "Payment"): loading; pending ("Processing your payment", asked again every
 * POLL_MS until final); completed (toast "Payment complete", the balance and premium updated at once); failed,
 * cancelled or expired ("Payment failed or has been cancelled.", with Retry of the same method and the other methods);
 * refunded without taking credits back (its once-per-member discount code was used by another payment: the whole
 * amount goes back, with a way to buy without the code; docs/payments.md "Discounts"). A bank transfer left pending
 * shows what to transfer (TransferInstructions) instead of the spinner. `sessionId`/`sessionResult`
 * come from the checkout's redirect, so the server can ask the provider instead of waiting for its webhook.
 */
export function PaymentStatus({
  id,
  sessionId,
  sessionResult,
  methods,
}: {
  id: string;
  sessionId: string | null;
  sessionResult: string | null;
  methods: readonly MethodOffer[] | null;
}) {
  const { t, i18n } = useTranslation('payments');
  const [answer, setAnswer] = useState<PaymentResponse | null>(null);
  const toasted = useRef(false);
  const status = answer?.payment.status;

  useEffect(() => {
    if (status && status !== 'pending') return;
    let live = true;
    const ask = () =>
      fetchPayment(id, sessionId, sessionResult).then(
        (a) => live && setAnswer(a),
        () => {},
      );
    void ask();
    const timer = setInterval(ask, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [id, sessionId, sessionResult, status]);

  useEffect(() => {
    if (status !== 'completed' || toasted.current) return;
    toasted.current = true;
    showToast(t('status.completed'));
    // A typed code served this order: a once-per-user one is used up, and the next order starts without it.
    setEnteredCode(null);
    void refreshUser().catch(() => {});
  }, [status, t]);

  const codeSpent = status === 'refunded' && answer?.payment.refunded_credits === 0;
  useEffect(() => {
    // The typed code was used by another payment: the next order starts without it.
    if (codeSpent) setEnteredCode(null);
  }, [codeSpent]);

  const instructions = answer?.payment.transfer_instructions;
  if (status === 'pending' && instructions) return <TransferInstructions instructions={instructions} />;
  if (!answer || status === 'pending') {
    return (
      <section className="payment-state text-center py-4" aria-live="polite" aria-busy="true">
        <Spinner animation="border" role="presentation" className="mb-3" />
        <h2 className="h4 fw-bold">{t('status.pending')}</h2>
        {answer && <p className="text-body-secondary">{t('status.pendingLead')}</p>}
      </section>
    );
  }
  if (status === 'completed') {
    return (
      <section className="payment-state text-center py-4" aria-live="polite">
        <h2 className="h4 fw-bold text-success">{t('status.completed')}</h2>
        <p>{t('status.completedLead', { count: answer.payment.credits, balance: answer.credits })}</p>
        <BackToConversation />
        <p className="d-flex flex-wrap justify-content-center gap-2">
          <Link href="/chats" className="btn btn-primary rounded-pill px-4">
            {t('status.toChats')}
          </Link>
          <Link href="/members" className="btn btn-outline-primary rounded-pill px-4">
            {t('status.toMembers')}
          </Link>
        </p>
      </section>
    );
  }
  if (codeSpent) {
    const { payment } = answer;
    return (
      <section className="payment-state text-center py-4" aria-live="polite">
        <h2 className="h4 fw-bold">{t('discountRefund.title')}</h2>
        <p>
          {t('discountRefund.lead', {
            code: payment.discount_code ?? '',
            amount: formatMoney(payment.refunded_amount ?? payment.amount, payment.currency, i18n.language),
          })}
        </p>
        <p>
          <Link href={`/credits/${payment.bundle_id}`} className="btn btn-primary rounded-pill px-4">
            {t('discountRefund.buyAgain')}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="payment-state py-3" aria-live="polite">
      <div className="alert alert-danger" role="alert">
        {t('status.failed')}
      </div>
      <RetryPayment payment={answer.payment} />
      {methods && (
        <>
          <p className="fw-semibold">{t('status.tryAnother')}</p>
          <MethodList bundleId={answer.payment.bundle_id} methods={methods} except={answer.payment.method} />
        </>
      )}
    </section>
  );
}
