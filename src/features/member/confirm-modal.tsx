import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

/**
 * Props of ConfirmModal: `confirmLabel` names the confirm button (e.g. "Block"), `danger` colours it red, `busy`
 * disables it while the confirmed action runs.
 */
export interface ConfirmModalProps {
  show: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A small yes/no dialog (role dialog, named by its title) used before blocking a member, deleting a chat, removing a
 * stored card or refunding a purchase.
 */
export function ConfirmModal({
  show,
  title,
  body,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const { t } = useTranslation('members');
  const id = useId();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={id} contentClassName="rounded-4 border-0 shadow">
      <Modal.Header closeButton closeLabel={t('close')} className="border-0 pb-0">
        <Modal.Title id={id} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-body-secondary">{body}</Modal.Body>
      <Modal.Footer className="border-0 pt-0">
        <Button variant="light" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
