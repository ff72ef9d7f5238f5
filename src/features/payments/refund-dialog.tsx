import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

/**
 * Dialog "Refund unused credits?" (spec 3 refund_days): names the `credits` taken back and the `amount` returned
 * (already formatted in the payment's currency) before anything happens; only Confirm calls `onConfirm`, Cancel and
 * Escape close it.
 */
export function RefundDialog({
  show,
  credits,
  amount,
  busy,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  credits: number;
  amount: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('payments');
  const titleId = useId();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={titleId} contentClassName="rounded-4 border-0 shadow">
      <Modal.Header closeButton closeLabel={t('common:generic.close')} className="border-0 pb-0">
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('decide.refundTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">{t('decide.refundText', { count: credits, amount })}</p>
        <p className="small text-body-secondary mb-0">{t('decide.refundFinal')}</p>
      </Modal.Body>
      <Modal.Footer className="border-0 pt-0">
        <button type="button" className="btn btn-light" onClick={onCancel}>
          {t('decide.refundCancel')}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('decide.refundConfirm')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
