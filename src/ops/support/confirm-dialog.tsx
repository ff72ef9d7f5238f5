import { useId, useState, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { OpsApiError } from '../api.ts';

/**
 * A confirmation dialog named by `title` (its accessible name): `children` say what the action does; Confirm runs
 * `onConfirm` (a call to the API), shows its error in the dialog if it fails, and closes it when it succeeds.
 * `confirmDisabled`: the form in `children` is not complete yet.
 */
export function ConfirmDialog({
  show,
  title,
  confirmLabel,
  variant = 'primary',
  confirmDisabled = false,
  onConfirm,
  onClose,
  children,
}: {
  show: boolean;
  title: string;
  confirmLabel: string;
  variant?: 'primary' | 'danger' | 'warning';
  confirmDisabled?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (e: unknown) {
      setBusy(false);
      setError(e instanceof OpsApiError ? e.message : 'The call failed. Try again.');
    }
  };
  return (
    <Modal show={show} onHide={close} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant={variant} onClick={() => void confirm()} disabled={busy || confirmDisabled}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
